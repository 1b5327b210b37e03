"""The footer draws its keys again when the keys it shows change, and only then; `?` and F1
stay in view when a screen's keys are more than the row holds; a click on a key presses it.
The footer is one widget: it never mounts a widget per key, so its keys change without a
layout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drawn_text import drawn
from review_helpers import branchy_record, open_game, save_game
from tui_helpers import SIZE, app_test, board_screen, make_app, martian_record
from waiting import wait_for

from core import GameRecord, find_game
from tui.plain_text import cells
from tui.widgets.board import BoardWidget
from tui.widgets.key_footer import KeyFooter


def footer_text(footer: KeyFooter) -> list[str]:
    return footer.descriptions


def counted_rebuilds(monkeypatch: Any) -> list[KeyFooter]:
    """The footers whose keys are worked out and drawn again from now on, one entry each."""
    rebuilds: list[KeyFooter] = []
    original = KeyFooter.redraw_keys

    def redraw_keys(self: KeyFooter) -> None:
        rebuilds.append(self)
        original(self)

    monkeypatch.setattr(KeyFooter, "redraw_keys", redraw_keys)
    return rebuilds


@app_test
async def test_steps_leave_the_footer_alone_and_new_keys_are_drawn_without_a_layout(
    data_dir: Path, monkeypatch: Any
) -> None:
    save_game(data_dir, "club.pawn", branchy_record())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "club.pawn")
        await pilot.pause()
        screen = board_screen(app)
        footer = screen.query_one(KeyFooter)
        before = footer_text(footer)
        rebuilds = counted_rebuilds(monkeypatch)
        await pilot.press("end", "left", "left", "home", "right")
        await pilot.pause()
        assert len(screen.record.line()) == 1
        screen.refresh_bindings()
        await pilot.pause()
        assert rebuilds == []
        assert footer_text(footer) == before
        layouts: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
        await pilot.press("tab")  # the move log takes the keys: its own keys are shown
        await pilot.pause()
        assert rebuilds == [footer]
        assert "Back to the board" in footer_text(footer)
        assert "Back to the board" not in before
        assert "Back to the board" in drawn(app).lines[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert rebuilds == [footer, footer]
        assert footer_text(footer) == before
        assert layouts == []  # the keys change in the footer's own row


@app_test
async def test_the_footer_rests_while_the_move_line_covers_it(
    data_dir: Path, monkeypatch: Any
) -> None:
    """The move line is drawn in the footer's row: the footer works its keys out again only
    if they changed while it was covered, once it is uncovered."""
    app = make_app(data_dir, record=martian_record(["c3-d4"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.pause()
        footer = screen.query_one(KeyFooter)
        before = footer_text(footer)
        rebuilds = counted_rebuilds(monkeypatch)
        await pilot.press("colon", *"b2", "escape")
        await pilot.pause()
        assert not footer.covered and rebuilds == []
        assert footer_text(footer) == before
        # Keys that change while the footer is covered are shown once it is uncovered.
        await pilot.press("colon")
        await pilot.pause()
        assert footer.covered
        monkeypatch.setattr(
            "tui.widgets.key_footer.shown_keys", lambda screen: (True, (("x", "Extra", "", True),))
        )
        screen.refresh_bindings()
        await pilot.pause()
        assert rebuilds == []
        await pilot.press("escape")
        await pilot.pause()
        assert rebuilds == [footer]


@app_test
async def test_question_mark_and_f1_stay_in_view_when_the_keys_overflow(data_dir: Path) -> None:
    """Placing MAC's pieces at 80 columns has more keys than the row holds: `?` and F1 stay
    at its right edge; on a wide terminal every key shows in its place."""
    app = make_app(data_dir, record=GameRecord(find_game("mac"), {}, 1, ["Rae", "Bo"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = board_screen(app).query_one(KeyFooter)
        assert "Auto-place" in footer_text(footer)  # a placement key: the row overflows
        row = drawn(app).lines[-1]
        assert cells(row) == SIZE[0]
        assert row.rstrip().endswith("? Keys  F1 Rules")
        await pilot.resize_terminal(140, SIZE[1])
        await wait_for(lambda: "a Auto-place  ? Keys  F1 Rules" in drawn(app).lines[-1])


@app_test
async def test_a_click_on_a_key_presses_it(data_dir: Path) -> None:
    """The footer is one widget: a click finds the key under the pointer, on the key or on
    its description."""
    app = make_app(data_dir, record=martian_record(["c3-d4"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.pause()
        footer = screen.query_one(KeyFooter)
        board = screen.query_one(BoardWidget)
        row = drawn(app).lines[-1]
        assert " f Flip " in row
        flip = row.index(" f Flip ") - footer.region.x
        assert not board.flipped
        await pilot.click(KeyFooter, offset=(flip + 1, 0))  # the key's own cell
        await wait_for(lambda: board.flipped, what="the board turned by the click")
        await pilot.click(KeyFooter, offset=(flip + 4, 0))  # its description
        await wait_for(lambda: not board.flipped, what="the board turned back")
        await pilot.click(KeyFooter, offset=(footer.size.width - 1, 0))  # past the keys
        await pilot.pause()
        assert not board.flipped
