"""Help, rules, flipping, and the message for a terminal that is too small."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Markdown, Static
from tui_helpers import (
    MARTIAN,
    SIZE,
    app_test,
    board_screen,
    click_square,
    line,
    make_app,
    martian_record,
    play_by_keys,
    square,
)

from tui.screens.board import BoardScreen
from tui.screens.game_select import GameSelectScreen
from tui.screens.help import HelpScreen
from tui.screens.review import REVIEW_BINDINGS
from tui.screens.rules import RulesScreen
from tui.screens.too_small import TooSmallScreen
from tui.widgets.board import BoardWidget
from tui.widgets.move_log import MoveLog


@app_test
async def test_help_lists_every_key_of_the_board(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        described = {description for _, description in screen.rows}
        declared = {  # review has keys of its own (test_tui_review.py), and End returns
            binding.description  # type: ignore[union-attr]
            for binding in BoardScreen.BINDINGS  # from looking back (the test below)
            if binding not in REVIEW_BINDINGS and binding.id != "board.return"  # type: ignore[union-attr]
        }
        assert declared <= described
        rows = dict((description, keys) for keys, description in screen.rows)
        assert rows["Cursor up"] == "↑ k"
        assert rows["Undo"] == "u ^z"
        assert rows["Quit"] == "q ^q"
        assert rows["Keys"] == "?"
        assert rows["Rules"] == "F1"
        assert rows["call the clock"] == "c"
        await pilot.press("escape")
        assert isinstance(app.screen, BoardScreen)


@app_test
async def test_help_names_end_while_the_log_looks_back(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(("c3-d4", "b6-a5")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert "Back to the game" not in {row for _, row in app.screen.rows}  # type: ignore[attr-defined]
        await pilot.press("escape")
        log = app.screen.query_one(MoveLog)
        assert await pilot.click(MoveLog, offset=log.row_offset(0))
        await pilot.pause()
        await pilot.press("question_mark")
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert (
            dict((description, keys) for keys, description in screen.rows)["Back to the game"]
            == "end"
        )


@app_test
async def test_help_follows_the_screen_it_is_opened_on(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        rows = dict((description, keys) for keys, description in screen.rows)
        assert rows["Load game"] == "l"
        assert "Undo" not in rows
        await pilot.press("question_mark")
        assert isinstance(app.screen, GameSelectScreen)


@app_test
async def test_rules_show_the_games_rules_page(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert screen.query_one(Markdown).source == MARTIAN.rules_text()
        await pilot.press("escape")
        assert isinstance(app.screen, BoardScreen)


@app_test
async def test_rules_from_the_game_list_are_the_highlighted_games(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert screen.game is app.games[1]


@app_test
async def test_flip_turns_the_board_and_clicks_follow(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        board = screen.query_one(BoardWidget)
        record = screen.record
        a1, d8 = square(MARTIAN, record, "a1"), square(MARTIAN, record, "d8")
        before = board.square_region(a1)
        await pilot.press("f")
        assert board.flipped
        assert board.square_region(d8) == before
        assert board.square_region(a1).y < board.square_region(d8).y
        await click_square(pilot, "c3")
        await click_square(pilot, "d4")
        assert line(record) == ["c3-d4"]
        await pilot.press("f")
        assert not board.flipped
        assert board.square_region(a1) == before


@app_test
async def test_arrow_keys_follow_the_screen_on_a_flipped_board(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("f")
        await play_by_keys(pilot, ("c3", "d4"))
        start = screen.cursor
        await pilot.press("up")
        assert screen.cursor == start - 4
        await pilot.press("right")
        assert screen.cursor == start - 5


@app_test
async def test_a_small_terminal_gets_a_message_until_it_grows(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TooSmallScreen)
        text = str(screen.query_one("#too-small-text", Static).render())
        assert text == "terminal too small (need 80x24, have 70x20)"
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        text = str(screen.query_one("#too-small-text", Static).render())
        assert text == "terminal too small (need 80x24, have 79x30)"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        await play_by_keys(pilot, ("c3", "d4"))
        assert line(board_screen(app).record) == ["c3-d4"]
