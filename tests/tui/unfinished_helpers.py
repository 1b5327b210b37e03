"""Driving the app through unfinished games as a player does: starting Martian Chess from the
first screen, typing moves, and resuming every unfinished game from the library."""

from __future__ import annotations

from typing import Any

from computer_helpers import wait_until
from textual.pilot import Pilot
from tui_helpers import board_screen, line

from tui.screens.board import BoardScreen
from tui.screens.game_select import GameSelectScreen
from tui.screens.library import LibraryScreen
from tui.screens.setup import SetupScreen


async def wait_for_screen(pilot: Pilot[Any], kind: type) -> Any:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, kind), f"a {kind.__name__}")
    return pilot.app.screen


async def start_martian_chess(pilot: Pilot[Any]) -> BoardScreen:
    """From the game selection: Martian Chess (the first game), its setup, Enter."""
    await wait_for_screen(pilot, GameSelectScreen)
    await pilot.press("enter")
    await wait_for_screen(pilot, SetupScreen)
    await pilot.press("enter")
    return await wait_for_screen(pilot, BoardScreen)


async def play(pilot: Pilot[Any], moves: list[str]) -> None:
    """Type each move after ``:``, as a player does."""
    screen = board_screen(pilot.app)
    for move in moves:
        before = len(line(screen.record))
        await pilot.press("colon", *move, "enter")
        await wait_until(pilot, lambda b=before: len(line(screen.record)) == b + 1, move)


async def open_unfinished(pilot: Pilot[Any]) -> LibraryScreen:
    """The library (``l`` on the first screen, ``ctrl+o`` on the board), then ``u``."""
    key = "l" if isinstance(pilot.app.screen, GameSelectScreen) else "ctrl+o"
    await pilot.press(key)
    screen = await wait_for_screen(pilot, LibraryScreen)
    await pilot.press("u")
    assert screen.showing_unfinished
    await wait_until(pilot, lambda: screen.unfinished_ready, "the unfinished games to be read")
    return screen


async def resumable_lines(pilot: Pilot[Any]) -> list[list[str]]:
    """Resume every unfinished game from the library in turn: the moves each stands at."""
    found: list[list[str]] = []
    count = len((await open_unfinished(pilot)).unfinished)
    for row in range(count):
        if row:
            await open_unfinished(pilot)
        await pilot.press(*["down"] * row, "enter")
        board = await wait_for_screen(pilot, BoardScreen)
        assert not board.reviewing
        found.append(line(board.record))
    return sorted(found)
