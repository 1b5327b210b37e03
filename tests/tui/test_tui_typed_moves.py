"""Typing a move in notation after ':'."""

from __future__ import annotations

from pathlib import Path

from textual.events import Paste
from tui_helpers import MARTIAN, SIZE, app_test, board_screen, line, make_app, martian_record
from waiting import wait_for

from core.errors import IllegalMoveError, NotationError
from tui.screens.rules import RulesScreen
from tui.widgets.key_footer import KeyFooter


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
        entry = screen.move_line
        assert entry.is_open and screen.focused is None
        await pilot.press(*"C3D4", "enter")
        assert line(screen.record) == ["c3-d4"]
        assert not entry.is_open
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
        entry = screen.move_line
        assert entry.is_open and entry.text == "b2-b4"
        await pilot.press(*["backspace"] * 5, *"zz9", "enter")
        assert status.message == _error("zz9")
        assert line(screen.record) == []
        await pilot.press("escape")
        assert not entry.is_open
        assert not status.is_error


@app_test
async def test_after_a_refusal_the_next_move_is_typed_afresh(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", *"b2-b4", "enter")
        entry = screen.move_line
        assert entry.edit.selected and entry.text == "b2-b4"  # kept, but a key replaces it
        await pilot.press("colon", *"c3-d4")  # ':' again, out of habit
        assert entry.text == ":c3-d4"
        await pilot.press("enter")
        assert line(screen.record) == ["c3-d4"]
        assert not entry.is_open
        await pilot.press("colon", *"zz9", "enter", "right", "backspace", "8")
        assert entry.text == "zz8"  # an arrow key keeps the text to edit
        assert line(screen.record) == ["c3-d4"]


@app_test
async def test_keys_typed_into_the_move_line_do_not_act_on_the_board(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", "f", "u", "q", "c")
        assert screen.move_line.text == "fuqc"
        assert line(screen.record) == []
        assert app.is_running


@app_test
async def test_the_move_line_edits_with_the_keys_of_a_text_field(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        footer = screen.query_one(KeyFooter)
        await pilot.press("colon")
        assert footer.render_line(0).text.startswith("  type a move")  # the cursor, the placeholder
        await pilot.press(*"c3d", "home", "right", "right", "minus", "end", "4")
        assert screen.move_line.text == "c3-d4"
        assert footer.render_line(0).text.rstrip() == " c3-d4"
        await pilot.press("ctrl+w", *"zz", "ctrl+u")
        assert screen.move_line.text == ""
        await pilot.press(*"b6", "left", "left", "delete", "c", "ctrl+k", *"3-d4")
        assert screen.move_line.text == "c3-d4"
        await pilot.press("enter")
        assert line(screen.record) == ["c3-d4"]
        assert not screen.move_line.is_open
        assert footer.descriptions and not footer.covered


@app_test
async def test_a_paste_brings_its_first_line_and_a_click_on_the_row_presses_no_key(
    data_dir: Path,
) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        footer = screen.query_one(KeyFooter)
        keys = footer.render_line(0).text
        quit_at = keys.index("Quit") - 2  # the "q" key, as drawn
        await pilot.press("colon")
        app.post_message(Paste("c3-\x07d4\u202e\nq"))  # a bell and a bidi override
        await wait_for(lambda: screen.move_line.text == "c3-d4", what="the paste")
        await pilot.click(KeyFooter, offset=(quit_at, 0))
        assert app.is_running and screen.move_line.text == "c3-d4"
        await pilot.press("enter")
        assert line(screen.record) == ["c3-d4"]
        await pilot.click(KeyFooter, offset=(quit_at, 0))  # uncovered, the keys work again
        await wait_for(lambda: not app.is_running, what="the quit key")


@app_test
async def test_keys_the_move_line_does_not_use_keep_their_bindings(data_dir: Path) -> None:
    """As with a text field: F1 still shows the rules and Ctrl+Z still takes a move back while
    a move is being typed; the typed text stays."""
    app = make_app(data_dir, record=martian_record(["c3-d4"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", *"b6")
        await pilot.press("f1")
        await wait_for(lambda: isinstance(app.screen, RulesScreen), what="the rules")
        await pilot.press("escape")
        await wait_for(lambda: app.screen is screen, what="the board again")
        assert screen.move_line.is_open and screen.move_line.text == "b6"
        await pilot.press("ctrl+z")
        assert line(screen.record) == []
        assert screen.move_line.text == "b6"
