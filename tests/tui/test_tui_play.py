"""Playing Martian Chess on the board screen by keys and by mouse clicks."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import (
    MARTIAN,
    SIZE,
    app_test,
    board_screen,
    click_square,
    cursor_to,
    line,
    make_app,
    martian_record,
    play_by_keys,
)

from saves.format import load
from saves.paths import autosave_file
from tui.widgets.board import BoardWidget


@app_test
async def test_a_short_game_played_with_the_keys(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("c3", "d4"), ("b6", "a5"), ("d2", "a5"))
        record = board_screen(app).record
        assert line(record) == ["c3-d4", "b6-a5", "d2xa5"]
        assert MARTIAN.scores(record.state) == (1, 0)
        assert MARTIAN.to_move(record.state) == 1
        saved = load(autosave_file(data_dir))
        assert line(saved) == ["c3-d4", "b6-a5", "d2xa5"]


@app_test
async def test_hjkl_move_the_cursor_like_the_arrows(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await cursor_to(pilot, "a1")
        await pilot.press("l", "l", "k", "k")
        assert screen.cursor == 2 * 4 + 2  # c3
        await pilot.press("h", "j")
        assert screen.cursor == 1 * 4 + 1  # b2


@app_test
async def test_the_cursor_stops_at_the_edge(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await cursor_to(pilot, "a1")
        await pilot.press("left", "down", "left")
        assert screen.cursor == 0


@app_test
async def test_a_short_game_played_with_the_mouse(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        board = screen.query_one(BoardWidget)
        await click_square(pilot, "c3")
        assert screen.selection == (10,)
        assert board.targets == {13, 15}  # b4, d4
        await click_square(pilot, "d4")
        await click_square(pilot, "b6")
        await click_square(pilot, "a5")
        await click_square(pilot, "d2")
        await click_square(pilot, "a5")
        assert line(screen.record) == ["c3-d4", "b6-a5", "d2xa5"]
        assert board.last_move == (7, 16)  # d2, a5
        assert MARTIAN.scores(screen.record.state) == (1, 0)


@app_test
async def test_clicking_another_own_piece_switches_the_selection(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await click_square(pilot, "c3")
        await click_square(pilot, "b2")
        assert screen.selection == (5,)
        assert screen.query_one(BoardWidget).targets == {8, 0}  # a3, a1
        await click_square(pilot, "b2")
        assert screen.selection == ()
        assert line(screen.record) == []


@app_test
async def test_a_square_that_starts_no_move_is_explained(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        status = screen.query_one("#status")
        await click_square(pilot, "a4")
        assert status.message == "a4 is empty: select one of your pieces"
        assert status.is_error
        await click_square(pilot, "c6")
        assert status.message == "the piece on c6 is North's, not yours to move"
        await click_square(pilot, "d1")
        assert status.message == "the piece on d1 has no legal move"
        assert line(screen.record) == []


@app_test
async def test_a_wrong_destination_gives_the_rules_reason(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await click_square(pilot, "b2")
        await click_square(pilot, "b4")
        status = screen.query_one("#status")
        expected = _illegal_reason("b2-b4")
        assert status.message == expected
        assert status.is_error
        assert screen.selection == (5,)
        assert line(screen.record) == []


@app_test
async def test_escape_cancels_and_backspace_unselects(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await click_square(pilot, "c3")
        await pilot.press("escape")
        assert screen.selection == ()
        assert screen.query_one(BoardWidget).targets == frozenset()
        await click_square(pilot, "c3")
        await pilot.press("backspace")
        assert screen.selection == ()


@app_test
async def test_an_action_key_plays_the_games_action(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("c")
        assert line(screen.record) == ["clock"]
        assert MARTIAN.to_move(screen.record.state) == 0
        await play_by_keys(pilot, ("c3", "d4"))
        assert line(screen.record) == ["clock", "c3-d4"]


def _illegal_reason(text: str) -> str:
    from core.errors import IllegalMoveError

    record = martian_record()
    try:
        MARTIAN.parse_move(record.state, text)
    except IllegalMoveError as error:
        return str(error)
    raise AssertionError(f"{text} should be illegal at the start")
