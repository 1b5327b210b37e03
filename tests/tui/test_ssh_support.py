"""What the SSH tests share: terminal models, an SSH client showing one, a test app.

``TerminalScreen`` understands just enough of what Textual sends (cursor moves, text, erase,
private modes and the alternate screen) to tell what a player would see; it is tested here
too. ``PyteScreen`` is a full terminal emulator (``pyte``): wide characters, combining marks
and every cell's colours and attributes, for tests that read those. The other SSH test
modules import from this one.
"""

from __future__ import annotations

import asyncio
import codecs
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import asyncssh
import pyte
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.ssh.config import ServerConfig
from tui.ssh.server import GameServer, start_server
from tui.ssh.session_info import AppFactory, SessionInfo

T = TypeVar("T")

TEST_TIMEOUT = 60.0
WAIT_TIMEOUT = 10.0

_CSI = re.compile(r"\x1b\[([?<>=]?)([0-9;:]*)[ -/]*([@-~])")
_CSI_UNFINISHED = re.compile(r"\x1b\[[?<>=]?[0-9;:]*[ -/]*\Z")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
_OSC_UNFINISHED = re.compile(r"\x1b\][^\x07\x1b]*\x1b?\Z")


class TerminalScreen:
    """A grid of characters fed with terminal output, plus the private modes set on it."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.width = width
        self.height = height
        self.modes: set[int] = set()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._pending = ""
        self._main = self._blank()
        self._alternate = self._blank()
        self._cells = self._main
        self.row = 0
        self.column = 0
        self._saved_cursor = (0, 0)

    def _blank(self) -> list[list[str]]:
        return [[" "] * self.width for _ in range(self.height)]

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self._main, self._alternate = self._blank(), self._blank()
        self._cells = self._alternate if 1049 in self.modes else self._main
        self.row = self.column = 0

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self._cells)

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decode(data)
        self._pending = ""
        index = 0
        while index < len(text):
            character = text[index]
            if character == "\x1b":
                consumed = self._escape(text, index)
                if consumed is None:
                    self._pending = text[index:]
                    return
                index = consumed
                continue
            self._character(character)
            index += 1

    def _escape(self, text: str, index: int) -> int | None:
        """Handle the escape sequence at ``index``; its end, or ``None`` if it is unfinished."""
        if index + 1 >= len(text):
            return None
        kind = text[index + 1]
        if kind == "[":
            match = _CSI.match(text, index)
            if match is None:
                return None if _CSI_UNFINISHED.match(text, index) else index + 2
            self._control(match.group(1), match.group(2), match.group(3))
            return match.end()
        if kind == "]":
            match = _OSC.match(text, index)
            if match is None:
                return None if _OSC_UNFINISHED.match(text, index) else index + 2
            return match.end()
        return index + 2

    def _control(self, private: str, parameters: str, final: str) -> None:
        numbers = [int(part) if part.isdigit() else 0 for part in parameters.split(";")]
        first = numbers[0] if parameters else 0
        if private == "?" and final in "hl":
            for mode in numbers:
                self._set_mode(mode, final == "h")
        elif private:
            return
        elif final in "Hf":
            row = numbers[0] if parameters and numbers[0] else 1
            column = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.row = min(row, self.height) - 1
            self.column = min(column, self.width) - 1
        elif final == "J" and first in (2, 3):
            self._cells[:] = self._blank()
        elif final == "J":
            self._erase_line(self.row, self.column)
            for row in range(self.row + 1, self.height):
                self._erase_line(row, 0)
        elif final == "K":
            self._erase_line(self.row, 0 if first == 2 else self.column)
        elif final in "ABCD":
            step = first or 1
            if final == "A":
                self.row = max(0, self.row - step)
            elif final == "B":
                self.row = min(self.height - 1, self.row + step)
            elif final == "C":
                self.column = min(self.width - 1, self.column + step)
            else:
                self.column = max(0, self.column - step)

    def _set_mode(self, mode: int, on: bool) -> None:
        if on:
            self.modes.add(mode)
        else:
            self.modes.discard(mode)
        if mode == 1049:  # the alternate screen, entered clear, with the cursor saved
            if on:
                self._alternate = self._blank()
                self._saved_cursor = (self.row, self.column)
            else:
                self.row, self.column = self._saved_cursor
            self._cells = self._alternate if on else self._main

    def _erase_line(self, row: int, start: int) -> None:
        for column in range(start, self.width):
            self._cells[row][column] = " "

    def _character(self, character: str) -> None:
        if character == "\r":
            self.column = 0
        elif character == "\n":
            self.row = min(self.height - 1, self.row + 1)
        elif character == "\b":
            self.column = max(0, self.column - 1)
        elif character >= " ":
            self._cells[self.row][self.column] = character
            if self.column < self.width - 1:
                self.column += 1


class PyteScreen:
    """A terminal as ``pyte`` emulates it, with the interface of ``TerminalScreen`` (no private
    modes, no alternate screen) and every cell's character, colours and attributes."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.width = width
        self.height = height
        self.modes: set[int] = set()
        self.emulator = pyte.Screen(width, height)
        self._stream = pyte.ByteStream(self.emulator)

    def feed(self, data: bytes) -> None:
        self._stream.feed(data)

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.emulator.resize(height, width)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.emulator.display)

    def cells(self, row: int) -> list[Any]:
        """The cells of ``row`` that show a character (a wide one's second half left out)."""
        line = self.emulator.buffer[row]
        return [line[column] for column in range(self.width) if line[column].data]


class Screen(Protocol):
    """What a client session needs of a terminal model."""

    width: int
    height: int
    modes: set[int]

    def feed(self, data: bytes) -> None: ...

    def resize(self, width: int, height: int) -> None: ...

    def text(self) -> str: ...


class ScreenClient(asyncssh.SSHClientSession[bytes]):
    """The client side of a session: what arrives on stdout drives a terminal model."""

    def __init__(
        self,
        width: int = 80,
        height: int = 24,
        model: Callable[[int, int], Screen] = TerminalScreen,
    ) -> None:
        self.screen = model(width, height)
        self.output = bytearray()
        self.errors = bytearray()
        self.closed = asyncio.Event()
        self._changed = asyncio.Event()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.errors += data
        else:
            self.output += data
            self.screen.feed(data)
        self._changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self._changed.set()

    async def wait_until(
        self, condition: Callable[[], bool], what: str, timeout: float = WAIT_TIMEOUT
    ) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not condition():
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0 or (self.closed.is_set() and not condition()):
                raise AssertionError(
                    f"gave up waiting for {what}; the screen shows:\n{self.screen.text()}\n"
                    f"stderr: {bytes(self.errors)!r}"
                )
            self._changed.clear()
            with suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)


@dataclass
class Terminal:
    """A player's end of one SSH session with a pty."""

    channel: asyncssh.SSHClientChannel[bytes]
    client: ScreenClient

    @property
    def screen(self) -> Screen:
        return self.client.screen

    def type(self, data: bytes | str) -> None:
        self.channel.write(data.encode() if isinstance(data, str) else data)

    def resize(self, width: int, height: int) -> None:
        self.channel.change_terminal_size(width, height)
        self.screen.resize(width, height)

    async def shows(self, text: str, timeout: float = WAIT_TIMEOUT) -> None:
        await self.client.wait_until(lambda: text in self.screen.text(), repr(text), timeout)

    async def exit_status(self, timeout: float = WAIT_TIMEOUT) -> int | None:
        await asyncio.wait_for(self.channel.wait_closed(), timeout)
        return self.channel.get_exit_status()


async def open_terminal(
    connection: asyncssh.SSHClientConnection,
    *,
    term: str = "xterm-256color",
    size: tuple[int, int] = (80, 24),
    command: str | None = None,
    model: Callable[[int, int], Screen] = TerminalScreen,
) -> Terminal:
    width, height = size
    channel, client = await connection.create_session(
        lambda: ScreenClient(width, height, model),
        command,
        term_type=term,
        term_size=size,
        encoding=None,
    )
    return Terminal(channel, client)


def connect(server: GameServer, username: str = "alice", **options: Any) -> Any:
    """Connect to ``server`` on loopback, trusting whatever host key it shows."""
    settings: dict[str, Any] = {
        "known_hosts": None,
        "client_keys": None,
        "agent_path": None,
        "config": None,
    }
    settings.update(options)
    return asyncssh.connect("127.0.0.1", server.port, username=username, **settings)


@asynccontextmanager
async def serving(
    data_dir: Path, app_factory: AppFactory | None = None, **settings: Any
) -> AsyncIterator[GameServer]:
    config = ServerConfig(data_dir=data_dir, port=0, **settings)
    server = await start_server(config, app_factory or EchoApp)
    try:
        yield server
    finally:
        await server.close()


def run_scenario(scenario: Callable[[], Awaitable[T]], timeout: float = TEST_TIMEOUT) -> T:
    """Run one async test scenario on a fresh event loop, bounded in time."""

    async def bounded() -> T:
        return await asyncio.wait_for(scenario(), timeout)

    return asyncio.run(bounded())


class EchoApp(App[None]):
    """Shows what reached it: the last key, the window size, clicks, pastes, who and what."""

    CSS = "Screen { background: #203040; } #status { color: #ffcc33; }"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, info: SessionInfo) -> None:
        super().__init__()
        self.info = info
        self.last_key = "none"
        self.click = "none"
        self.paste = "none"

    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        yield Static(self._who(), id="who", markup=False)

    def _who(self) -> str:
        info = self.info
        return (
            f"player={info.player.name} fp={info.player.key_fingerprint} term={info.term} "
            f"colours={info.colours} console={self.console.color_system}"
        )

    def _show(self) -> None:
        status = (
            f"key={self.last_key} size={self.size.width}x{self.size.height} "
            f"click={self.click} paste={self.paste}"
        )
        self.query_one("#status", Static).update(status)

    def on_mount(self) -> None:
        self._show()

    def on_key(self, event: events.Key) -> None:
        self.last_key = event.key
        self._show()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._show)

    def on_click(self, event: events.Click) -> None:
        self.click = f"{event.screen_x},{event.screen_y}"
        self._show()

    def on_paste(self, event: events.Paste) -> None:
        self.paste = str(len(event.text))
        self._show()


# -- the terminal model's own tests ---------------------------------------------------------


def test_screen_places_text_at_cursor_moves() -> None:
    screen = TerminalScreen(10, 3)
    screen.feed(b"\x1b[2;3Hab\x1b[1;1Hxy\x1b[31mz\x1b[0m")
    assert screen.text() == "xyz\n  ab\n"


def test_screen_keeps_an_escape_sequence_split_between_chunks() -> None:
    screen = TerminalScreen(10, 2)
    screen.feed(b"\x1b[2;")
    screen.feed(b"4Hq\xc3")
    screen.feed(b"\xa9")
    assert screen.text() == "\n   q\u00e9"


def test_screen_tracks_private_modes_and_the_alternate_screen() -> None:
    screen = TerminalScreen(6, 2)
    screen.feed(b"main")
    screen.feed(b"\x1b[?1049h\x1b[?1000;1006h\x1b[1;1Hgame")
    assert screen.text() == "game\n"
    assert {1049, 1000, 1006} <= screen.modes
    screen.feed(b"\x1b[?1049l\x1b[?1000l!")
    assert screen.text() == "main!\n"
    assert screen.modes == {1006}


def test_screen_erases_lines_and_ignores_window_titles() -> None:
    screen = TerminalScreen(6, 2)
    screen.feed(b"abcdef\r\nghijkl\x1b]0;title\x07\x1b[1;3H\x1b[K\x1b[2;1H\x1b[2K")
    assert screen.text() == "ab\n"
