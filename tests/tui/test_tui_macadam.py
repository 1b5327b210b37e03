"""Macadam on the board screen: chains of jumps entered square by square (keys, clicks and the
typed-move line), stopped early, taken back step by step; the lane and goals as drawn."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    click_square,
    cursor_to,
    line,
    make_app,
    square_lines,
)

from core import GameRecord, find_game
from core.squares import parse_square
from tui.widgets.board import BoardWidget

MACADAM = find_game("macadam")
#: South's pawn on c5 jumps d6 to e7, e6 to e5, then f5 to g5 (or d6 to c7): three jumps.
#: (South c5 d6 e6 f5; North a8.)
CHAIN = "p7/8/3PP3/2P2P2/8/8/8/8 s play -"


def record(position: str | None = CHAIN) -> GameRecord:
    return GameRecord(MACADAM, {}, 1, ["Sue", "Ned"], position)


def squares(*names: str) -> set[int]:
    return {parse_square(name, 8, 8) for name in names}


def selection(screen: object) -> tuple[str, ...]:
    board = screen.query_one(BoardWidget)  # type: ignore[attr-defined]
    return tuple(f"{'abcdefgh'[s % 8]}{s // 8 + 1}" for s in board.selected)


def shown(screen: object) -> tuple[tuple[str, ...], set[int], str]:
    """What the board and status line show: the selection, the highlighted next squares,
    the message."""
    board = screen.query_one(BoardWidget)  # type: ignore[attr-defined]
    status = screen.query_one("#status")  # type: ignore[attr-defined]
    return selection(screen), set(board.targets), status.message


PICKED = "c5 selected: now choose where it goes"
STOP_OR_GO = "e7: Enter to stop here, or select the next square"


@app_test
async def test_a_three_jump_chain_by_keys_ends_by_itself(data_dir: Path) -> None:
    app = make_app(data_dir, record=record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await cursor_to(pilot, "c5")
        await pilot.press("enter")
        assert shown(screen) == (("c5",), squares("e7"), PICKED)
        await cursor_to(pilot, "e7")
        await pilot.press("enter")
        assert shown(screen) == (("c5", "e7"), squares("e5"), STOP_OR_GO)
        await cursor_to(pilot, "e5")
        await pilot.press("enter")
        assert shown(screen)[:2] == (("c5", "e7", "e5"), squares("g5", "c7"))
        assert line(screen.record) == []
        await cursor_to(pilot, "g5")
        await pilot.press("enter")
        assert line(screen.record) == ["c5-e7-e5-g5"]
        assert screen.selection == ()


@app_test
async def test_a_three_jump_chain_by_clicks(data_dir: Path) -> None:
    app = make_app(data_dir, record=record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        for name in ("c5", "e7", "e5"):
            await click_square(pilot, name)
        assert line(screen.record) == []
        await click_square(pilot, "c7")
        assert line(screen.record) == ["c5-e7-e5-c7"]


@app_test
async def test_enter_stops_a_chain_where_it_stands(data_dir: Path) -> None:
    app = make_app(data_dir, record=record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        for name in ("c5", "e7"):
            await cursor_to(pilot, name)
            await pilot.press("enter")
        await pilot.press("enter")
        assert line(screen.record) == ["c5-e7"]


@app_test
async def test_clicking_the_last_square_again_stops_a_chain(data_dir: Path) -> None:
    app = make_app(data_dir, record=record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        for name in ("c5", "e7", "e5", "e5"):
            await click_square(pilot, name)
        assert line(screen.record) == ["c5-e7-e5"]


@app_test
async def test_escape_and_backspace_take_back_the_last_step(data_dir: Path) -> None:
    app = make_app(data_dir, record=record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        for name in ("c5", "e7", "e5"):
            await click_square(pilot, name)
        await pilot.press("escape")
        assert shown(screen) == (("c5", "e7"), squares("e5"), STOP_OR_GO)
        await pilot.press("backspace")
        assert shown(screen) == (("c5",), squares("e7"), PICKED)
        await click_square(pilot, "e7")
        await pilot.press("backspace", "backspace")
        assert shown(screen)[0] == ()
        assert line(screen.record) == []
        await pilot.press("enter")  # the cursor is on e7, where no pawn stands
        assert line(screen.record) == []


@app_test
async def test_a_chain_typed_in_the_move_line(data_dir: Path) -> None:
    app = make_app(data_dir, record=record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", *"c5-e7-")
        assert shown(screen)[:2] == (("c5", "e7"), squares("e5"))
        await pilot.press(*"e5")
        assert shown(screen)[:2] == (("c5", "e7", "e5"), squares("g5", "c7"))
        await pilot.press("backspace", "backspace", "backspace")
        assert shown(screen)[:2] == (("c5", "e7"), squares("e5"))
        await pilot.press("enter")
        assert line(screen.record) == ["c5-e7"]
        assert not screen.move_line.is_open


@app_test
async def test_closing_the_move_line_drops_what_was_typed(data_dir: Path) -> None:
    app = make_app(data_dir, record=record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", *"c5-e7-e5")
        assert shown(screen)[0] == ("c5", "e7", "e5")
        await pilot.press("escape")
        assert shown(screen)[:2] == ((), set())
        await pilot.press("colon", *"c5-e7-e5-g5", "enter")
        assert line(screen.record) == ["c5-e7-e5-g5"]


@app_test
async def test_the_board_shows_the_lane_the_goals_and_the_starting_dots(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        board = screen.query_one(BoardWidget)
        lines = [board.render_line(y).text for y in range(board.content_size.height)]
        lane = [text for text in lines if "═" in text]
        assert len(lane) == 1 and lane[0].strip() == "═" * len(lane[0].strip())
        for name in ("d1", "e1", "d8", "e8"):
            assert [text.strip() for text in square_lines(screen, name)] == ["◎", "goal"]
        assert [text.strip() for text in square_lines(screen, "b2")] == ["·", ""]
        await click_square(pilot, "a2")
        await click_square(pilot, "a4")  # the pawn leaves its starting dot
        assert square_lines(screen, "a2")[0].strip() == "○"
        board.ascii = True
        await pilot.pause()
        assert [text.strip() for text in square_lines(screen, "d1")] == ["G", "goal"]
        assert square_lines(screen, "a2")[0].strip() == "o"
