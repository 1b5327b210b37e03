"""The footer is rebuilt when the keys it shows change, and only then; `?` and F1 stay in
view when a screen's keys are more than the row holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drawn_text import drawn
from review_helpers import branchy_record, open_game, save_game
from textual.widgets._footer import FooterKey
from tui_helpers import SIZE, app_test, board_screen, make_app, martian_record
from waiting import wait_for

from core import GameRecord, find_game
from tui.plain_text import cells
from tui.widgets.key_footer import KeyFooter


def footer_text(footer: KeyFooter) -> list[str]:
    return [key.description for key in footer.query(FooterKey)]


def counted_rebuilds(monkeypatch: Any) -> list[KeyFooter]:
    """The footers rebuilt from now on, one entry per rebuild."""
    rebuilds: list[KeyFooter] = []
    original = KeyFooter.recompose

    async def recompose(self: KeyFooter) -> None:
        rebuilds.append(self)
        await original(self)

    monkeypatch.setattr(KeyFooter, "recompose", recompose)
    return rebuilds


@app_test
async def test_steps_leave_the_footer_alone_and_a_new_set_of_keys_rebuilds_it(
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
        await pilot.press("tab")  # the move log takes the keys: its own keys are shown
        await pilot.pause()
        assert rebuilds == [footer]
        assert "Back to the board" in footer_text(footer)
        assert "Back to the board" not in before
        await pilot.press("escape")
        await pilot.pause()
        assert rebuilds == [footer, footer]
        assert footer_text(footer) == before


@app_test
async def test_the_footer_rests_while_the_move_line_covers_it(
    data_dir: Path, monkeypatch: Any
) -> None:
    """The move line lies over the footer's row and takes the focus: the keys the footer would
    show change twice, but it rebuilds only if they differ once it is uncovered."""
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
