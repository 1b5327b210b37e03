"""What a new player reads at 80x24, measured on the drawn cells: the four players' names in
the board's title, Chase's refusal of a move it cannot read, Macadam's starting dots explained
while they show, and long moves in the log."""

from __future__ import annotations

from pathlib import Path

from drawn_text import drawn
from tui_helpers import SIZE, app_test, make_app, martian_record, play_by_keys

from core import GameRecord, find_game
from core.games.chase.notation import MOVE_EXAMPLES
from tui.plain_text import cells
from tui.screens.help import HelpScreen

CHASE = find_game("chase")
MACADAM = find_game("macadam")


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


@app_test
async def test_a_chase_move_that_is_not_notation_is_refused_in_one_line(data_dir: Path) -> None:
    """The refusal leaves out the examples beside whose turn it is; the help lists them."""
    app = make_app(data_dir, record=GameRecord(CHASE, {}, 1, ["Sam", "Nat"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"zz9", "enter")
        await pilot.pause()
        row = drawn(app).lines[-2]
        assert cells(row) == SIZE[0]
        assert "'zz9' is not a Chase move" in row and row.rstrip().endswith("to move")
        assert "…" not in row
        await pilot.press("escape")  # the move line closes
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert any(MOVE_EXAMPLES in description for _, description in help_screen.rows)


@app_test
async def test_macadam_s_empty_starting_dots_are_explained_while_they_show(data_dir: Path) -> None:
    app = make_app(data_dir, record=GameRecord(MACADAM, {}, 1, ["Sue", "Ned"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "○" not in "".join(drawn(app).lines)  # every dot has its pawn
        assert "starting dot" not in drawn(app).lines[-2]
        await play_by_keys(pilot, ("a2", "a1"))  # South's pawn slides off its dot
        await play_by_keys(pilot, ("a7", "a8"))
        lines = drawn(app).lines
        assert "○" in "".join(lines)
        row = lines[-2]
        assert cells(row) == SIZE[0]
        assert row.strip().startswith("○ is a starting dot") and row.rstrip().endswith("to move")
