"""Driving the app in tests: one way to build it, and moving on the board by keys or clicks
computed from the board widget's own square mapping."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from core import GameRecord, find_game
from core.game import Game
from core.squares import parse_square
from tui.app import PawnshopApp, create_app
from tui.screens.board import BoardScreen
from tui.widgets.board import BoardWidget
from tui.widgets.tray import TrayWidget

NOW = datetime(2026, 11, 21, 14, 3, 9)
SIZE = (80, 24)
MARTIAN = find_game("martian-chess")


def app_test(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async test (driving the app with the pilot) in its own event loop."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))  # type: ignore[arg-type]

    return run


def make_app(data_dir: Path, **options: Any) -> PawnshopApp:
    """The app as the command line builds it, with a fixed clock and seed."""
    options.setdefault("clock", lambda: NOW)
    options.setdefault("new_seed", lambda: 1)
    return create_app(data_dir=data_dir, **options)


def martian_record(
    moves: Sequence[str] = (),
    *,
    players: Sequence[str] = ("Alice", "Bob"),
    options: dict[str, str] | None = None,
    position: str | None = None,
) -> GameRecord:
    record = GameRecord(MARTIAN, options or {}, 1, list(players), position)
    for text in moves:
        record.play_text(text, main=True)
    return record


def board_screen(app: PawnshopApp) -> BoardScreen:
    screen = app.screen
    assert isinstance(screen, BoardScreen), f"expected the board, got {screen!r}"
    return screen


def square(game: Game, record: GameRecord, name: str) -> int:
    view = game.board_view(record.state)
    return parse_square(name, view.width, view.height)


async def cursor_to(pilot: Pilot[Any], name: str) -> None:
    """Move the board's cursor to square ``name`` with the arrow keys, as a player would:
    right/left and up/down by the distance on screen (so it works on a flipped board). In
    review the arrows step through the moves, and Shift with the arrows moves the cursor."""
    screen = board_screen(pilot.app)
    geometry = screen.query_one(BoardWidget).geometry
    assert geometry is not None
    target = square(screen.game, screen.record, name)
    column, row = geometry.display_cell(screen.cursor)
    to_column, to_row = geometry.display_cell(target)
    shift = "shift+" if screen.reviewing else ""
    keys = [shift + ("right" if to_column > column else "left")] * abs(to_column - column)
    keys += [shift + ("down" if to_row > row else "up")] * abs(to_row - row)
    await pilot.press(*keys)
    assert screen.cursor == target, f"the cursor is on {screen.cursor}, not on {name}"


async def play_by_keys(pilot: Pilot[Any], *moves: tuple[str, ...]) -> None:
    """Play each move by putting the cursor on each of its squares and pressing Enter."""
    for path in moves:
        for name in path:
            await cursor_to(pilot, name)
            await pilot.press("enter")
        await pilot.pause()


async def click_square(pilot: Pilot[Any], name: str) -> None:
    """Click square ``name`` where the board widget says it is drawn."""
    screen = board_screen(pilot.app)
    board = screen.query_one(BoardWidget)
    offset = board.square_click_offset(square(screen.game, screen.record, name))
    assert await pilot.click(BoardWidget, offset=(offset.x, offset.y))
    await pilot.pause()


def line(record: GameRecord) -> list[str]:
    """The notation of the moves from the start to the current position."""
    return [node.notation for node in record.line()]


async def click_tray(pilot: Pilot[Any], tray_id: str, key: str) -> None:
    """Click the chip of ``key`` in the tray ``#tray_id`` (pieces or tokens in hand)."""
    tray = pilot.app.screen.query_one(f"#{tray_id}", TrayWidget)
    offset = tray.chip_offset(key)
    assert await pilot.click(f"#{tray_id}", offset=(offset.x, offset.y))
    await pilot.pause()


def square_lines(screen: BoardScreen, name: str) -> list[str]:
    """The characters drawn on square ``name``, line by line."""
    board = screen.query_one(BoardWidget)
    region = board.square_region(square(screen.game, screen.record, name))
    gutter = board.styles.gutter
    left = region.x - gutter.left
    return [
        board.render_line(y - gutter.top).text[left : left + region.width]
        for y in range(region.y, region.bottom)
    ]
