"""A move typed or pasted in one burst after ':' reaches the move line whole: no key of it is
taken by the board while the move line is still opening."""

from __future__ import annotations

from pathlib import Path

from textual import events
from tui_helpers import SIZE, app_test, board_screen, line, make_app, martian_record
from waiting import wait_for


@app_test
async def test_a_move_typed_in_one_burst_after_the_colon_is_played(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE):
        screen = board_screen(app)
        # Every key is queued before the first is handled, as a fast typist or a paste does:
        # "c" would call the clock if the board still had the keys.
        for key, character in [("colon", ":"), *((ch, ch) for ch in "c3-d4"), ("enter", "\r")]:
            app.post_message(events.Key(key, character))
        await wait_for(lambda: bool(line(screen.record)), what="the typed move to be played")
        assert line(screen.record) == ["c3-d4"]


@app_test
async def test_a_colon_inside_the_move_line_is_part_of_the_move(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", "a", "colon", "b")
        assert screen.move_line.text == "a:b"
