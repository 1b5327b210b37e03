"""What the tests of play over SSH share: a server with a hall of tables, players' terminals
that type like people, and reading a board off a terminal's screen."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
from test_ssh_support import WAIT_TIMEOUT, Terminal, connect, open_terminal, serving
from textual.strip import Strip

from core.game import Game
from core.registry import all_games
from tui.net.app import net_app_factory
from tui.net.server_hall import server_hall
from tui.play.computer import ComputerRunner
from tui.play.hall import TableHall
from tui.ssh.server import GameServer
from tui.widgets.row_list import RowList

LOBBY = "tables on this server"
ESCAPE_PAUSE = 0.3
TYPING_PAUSE = 0.15
TYPING = "type a move in notation"


def make_hall(data_dir: Path, games: list[Game] | None = None) -> TableHall:
    log = logging.Logger("tables")
    log.addHandler(logging.FileHandler(data_dir / "tables.log"))
    return server_hall(
        data_dir, log, games=games or list(all_games()), new_seed=lambda: 1, runner=ComputerRunner()
    )


@asynccontextmanager
async def serving_tables(
    data_dir: Path, hall: TableHall | None = None, **settings: Any
) -> AsyncIterator[tuple[GameServer, TableHall]]:
    hall = hall or make_hall(data_dir)
    settings.setdefault("idle_timeout", None)
    try:
        async with serving(data_dir, net_app_factory(hall), **settings) as server:
            hall.start()
            yield server, hall
    finally:
        hall.close()


@dataclass
class Seat:
    """One person's SSH connection and terminal."""

    connection: asyncssh.SSHClientConnection
    terminal: Terminal

    async def shows(self, text: str, timeout: float = WAIT_TIMEOUT) -> None:
        await self.terminal.shows(text, timeout)

    def text(self) -> str:
        return self.terminal.screen.text()

    def press(self, keys: str | bytes) -> None:
        self.terminal.type(keys)

    async def escape(self) -> None:
        """Press Esc, and let the terminal's escape delay pass (an Esc followed at once by
        another key is read as Alt with that key)."""
        self.press("\x1b")
        await asyncio.sleep(ESCAPE_PAUSE)

    async def type_move(self, notation: str) -> None:
        """Open the move line, type ``notation`` and press Enter, as a player would (who
        looks at the line before typing: keys sent in the same instant as the ``:`` may reach
        the app before the line has the focus)."""
        self.press(":")
        await self.shows(TYPING)
        await asyncio.sleep(TYPING_PAUSE)
        self.press(notation + "\r")

    def drop(self) -> None:
        """The connection goes away without a goodbye."""
        self.connection.abort()


async def join(
    stack: AsyncExitStack, server: GameServer, name: str, *, key: Any = None, wait: str = LOBBY
) -> Seat:
    """Connect as ``name`` (with ``key`` for publickey servers) and wait for ``wait``."""
    options = {"client_keys": [key]} if key is not None else {}
    connection = await stack.enter_async_context(connect(server, name, **options))
    terminal = await open_terminal(connection)
    seat = Seat(connection, terminal)
    await seat.shows(wait)
    return seat


async def refused(stack: AsyncExitStack, server: GameServer, name: str, **options: Any) -> str:
    """Connect as ``name`` and return what the session wrote on stderr before it closed."""
    connection = await stack.enter_async_context(connect(server, name, **options))
    terminal = await open_terminal(connection)
    assert await terminal.exit_status(WAIT_TIMEOUT) == 1
    return bytes(terminal.client.errors).decode()


def log_row(ply: int, notation: str) -> str:
    """How the move log shows a move (as far as its column is sure to be wide enough)."""
    return f"{ply:>4}. {notation[:10]}"


_FILES = "abcdefghijklmnopqrstuvwxyz"


def board_cells(screen_text: str, width: int, height: int) -> dict[str, str]:
    """The text on each square of the board drawn on a terminal, by square name (``b3``).

    Found from the file letters under the board (in either order: the board may be turned
    around): the squares of each rank are the cells above the letters, on the row that
    carries the rank's number. Brackets and marks around a piece
    (cursor, selection) are dropped.
    """
    lines = screen_text.split("\n")
    files = _FILES[:width]
    # The letters run a, b, c ... left to right, or the other way on a board turned around.
    patterns = [r"\s+".join(files), r"\s+".join(reversed(files))]
    for index in range(len(lines) - 1, -1, -1):
        found = next(
            (m for p in patterns if (m := re.search(rf"(?<![a-z]){p}(?![a-z])", lines[index]))),
            None,
        )
        if found is not None:
            label_row = index
            break
    else:
        raise AssertionError(f"no board on the screen:\n{screen_text}")
    label_line = lines[label_row]
    columns = [label_line.index(letter, found.start()) for letter in files]
    step = abs(columns[1] - columns[0]) if width > 1 else 3
    left = min(columns)
    cells: dict[str, str] = {}
    rank_pattern = re.compile(r"(\d+) $")
    for line in lines[:label_row]:
        first = left - step // 2
        match = rank_pattern.search(line[: max(0, first)])
        if match is None:
            continue
        rank = int(match.group(1))
        if not 1 <= rank <= height:
            continue
        for file, column in enumerate(columns):
            start = column - step // 2
            body = line[start : start + step].strip().strip("[]()><").strip()
            cells[f"{_FILES[file]}{rank}"] = body
    if len(cells) != width * height:
        raise AssertionError(f"found {len(cells)} squares on the screen:\n{screen_text}")
    return cells


def record_drawn_lines(widget: RowList) -> tuple[list[int], Callable[[int], Strip]]:
    """From now on, note the ``y`` of every line ``widget`` draws: the list they are noted in,
    and the widget's own ``render_line``, to read a line without noting it."""
    drawn: list[int] = []
    render_line = widget.render_line

    def recorded(y: int) -> Strip:
        drawn.append(y)
        return render_line(y)

    widget.render_line = recorded  # type: ignore[method-assign]
    return drawn, render_line
