"""What a new player reads at 80x24, measured on the drawn cells: the four players' names in
the board's title, and long moves in the log."""

from __future__ import annotations

from pathlib import Path

from drawn_text import drawn
from tui_helpers import SIZE, app_test, make_app, martian_record

from tui.plain_text import cells


@app_test
async def test_the_title_of_a_four_player_game_names_all_four(data_dir: Path) -> None:
    players = ("Alexandra", "Bartholomew", "Cy", "Di")
    record = martian_record(players=players, options={"players": "4"})
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        top = drawn(app).lines[0]
        assert cells(top) == SIZE[0]
        title = top[top.index("Martian Chess: ") : top.index(" ─")]
        shown = title.removeprefix("Martian Chess: ").split(", ")
        assert len(shown) == 4
        for name, short in zip(players, shown, strict=True):
            assert short == name or (short.endswith("…") and name.startswith(short[:-1]))
