"""Games with variations and comments for the library and review tests, and opening one the
way a player does: the library from the game selection, the row, Enter."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable
from tui_helpers import NOW, SIZE, board_screen, make_app, martian_record

from core.record import GameRecord, Node
from saves.format import save
from saves.paths import games_dir
from tui.screens.board import BoardScreen
from tui.screens.library import LibraryScreen
from tui.widgets.move_tree import MoveTree

MAIN = ("c3-d4", "b6-a5", "d2xa5", "a7-b6")
RUSH = ("a6-a4", "b3-c4")  # instead of move 2
CENTRE = ("c6-d5",)  # instead of move 2 as well


def branchy_record() -> GameRecord:
    """``{club night} 1. c3-d4 2. b6-a5 (2. a6-a4 {pawn rush} 3. b3-c4) (2. c6-d5)
    3. d2xa5 {wins a queen} 4. a7-b6 *``, looking at the end of the main line."""
    record = martian_record(MAIN)
    record.root.comment = "club night"
    first = record.mainline()[0]
    for line in (RUSH, CENTRE):
        record.goto(first)
        for text in line:
            record.play_text(text)
    record.mainline()[1].children[0].comment = "wins a queen"
    record.node_at((0, 1)).comment = "pawn rush"
    record.goto(record.mainline()[-1])
    return record


def save_game(data_dir: Path, name: str, record: GameRecord) -> Path:
    return save(record, games_dir(data_dir) / name, now=NOW)


async def open_library(pilot: Pilot[Any]) -> LibraryScreen:
    """From the game selection: ``l`` opens the library."""
    await pilot.pause()
    await pilot.press("l")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, LibraryScreen), f"expected the library, got {screen!r}"
    return screen


async def highlight(pilot: Pilot[Any], screen: LibraryScreen, name: str) -> None:
    """Put the table's cursor on the file ``name`` with the arrow keys."""
    table = screen.query_one(DataTable)
    target = [entry.name for entry in screen.shown].index(name)
    key = "down" if target > table.cursor_row else "up"
    await pilot.press(*[key] * abs(target - table.cursor_row))
    assert screen.highlighted() is not None and screen.highlighted().name == name


async def open_game(pilot: Pilot[Any], name: str) -> None:
    """Open the saved game ``name`` for review from the game selection."""
    screen = await open_library(pilot)
    await highlight(pilot, screen, name)
    await pilot.press("enter")
    await pilot.pause()


@asynccontextmanager
async def review_of(
    data_dir: Path, record: GameRecord | None = None, name: str = "club.pawn"
) -> AsyncIterator[tuple[Pilot[Any], BoardScreen]]:
    """The app with ``record`` (the branchy game by default) saved, opened from the library
    for review as a player does: the pilot and the board screen."""
    save_game(data_dir, name, record or branchy_record())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, name)
        yield pilot, board_screen(app)


def log_rows(log: MoveTree) -> list[str]:
    """The log's rows as drawn, without the padding to the right."""
    return [log.row_text(index).rstrip() for index in range(-1, len(log.entries))]


def notations(nodes: list[Node]) -> list[str]:
    return [node.notation for node in nodes]
