"""Typing a move in notation after ':'."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input
from tui_helpers import MARTIAN, SIZE, app_test, board_screen, line, make_app, martian_record

from core.errors import IllegalMoveError, NotationError


def _error(text: str) -> str:
    state = martian_record().state
    try:
        MARTIAN.parse_move(state, text)
    except (IllegalMoveError, NotationError) as error:
        return str(error)
    raise AssertionError(f"{text} should not be a legal move at the start")


@app_test
async def test_a_typed_legal_move_is_played(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon")
        entry = screen.query_one("#move-entry", Input)
        assert entry.has_focus
        await pilot.press(*"C3D4", "enter")
        assert line(screen.record) == ["c3-d4"]
        assert not entry.has_class("-open")
        await pilot.press("colon", *"clock", "enter")
        assert line(screen.record) == ["c3-d4", "clock"]


@app_test
async def test_an_illegal_typed_move_shows_the_reason_and_changes_nothing(
    data_dir: Path,
) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        status = screen.query_one("#status")
        await pilot.press("colon", *"b2-b4", "enter")
        assert status.message == _error("b2-b4")
        assert status.is_error
        assert line(screen.record) == []
        entry = screen.query_one("#move-entry", Input)
        assert entry.has_class("-open") and entry.value == "b2-b4"
        await pilot.press(*["backspace"] * 5, *"zz9", "enter")
        assert status.message == _error("zz9")
        assert line(screen.record) == []
        await pilot.press("escape")
        assert not entry.has_class("-open")
        assert not status.is_error


@app_test
async def test_after_a_refusal_the_next_move_is_typed_afresh(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", *"b2-b4", "enter")
        entry = screen.query_one("#move-entry", Input)
        assert entry.selected_text == "b2-b4"  # kept to edit, but the next key replaces it
        await pilot.press("colon", *"c3-d4")  # ':' again, out of habit
        assert entry.value == ":c3-d4"
        await pilot.press("enter")
        assert line(screen.record) == ["c3-d4"]
        assert not entry.has_class("-open")
        await pilot.press("colon", *"zz9", "enter", "right", "backspace", "8")
        assert entry.value == "zz8"  # an arrow key keeps the text to edit
        assert line(screen.record) == ["c3-d4"]


@app_test
async def test_keys_typed_into_the_move_line_do_not_act_on_the_board(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", "f", "u", "q", "c")
        assert screen.query_one("#move-entry", Input).value == "fuqc"
        assert line(screen.record) == []
        assert app.is_running
