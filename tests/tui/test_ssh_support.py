"""What the SSH tests share: a terminal model, an SSH client showing it, a test app.

``PyteScreen`` is a full terminal emulator (``pyte``, with xterm's alternate screen added):
what a player would see, wide characters, combining marks, every cell's colours and
attributes, and the private modes set. Its additions are tested here. The other SSH test
modules import from this one.
"""

from __future__ import annotations

import asyncio
import copy
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncssh
import pyte
from pyte.screens import StaticDefaultDict
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.ssh.config import ServerConfig
from tui.ssh.server import GameServer, start_server
from tui.ssh.session_info import AppFactory, SessionInfo

T = TypeVar("T")

TEST_TIMEOUT = 60.0
WAIT_TIMEOUT = 10.0


#: xterm's alternate screen: entered clear with the cursor saved, left back to the main screen.
ALTERNATE_SCREEN = 1049


class _Emulator(pyte.Screen):
    """pyte's terminal plus xterm's alternate screen, which pyte notes as a mode but does not
    switch to: full-screen apps draw there and leave the main screen as it was."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self._main: tuple[Any, Any] | None = None

    def set_mode(self, *modes: int, **kwargs: Any) -> None:
        if kwargs.get("private") and ALTERNATE_SCREEN in modes and self._main is None:
            self._main = (self.buffer, copy.copy(self.cursor))
            self.buffer = defaultdict(lambda: StaticDefaultDict(self.default_char))
            self.dirty.update(range(self.lines))
        super().set_mode(*modes, **kwargs)

    def reset_mode(self, *modes: int, **kwargs: Any) -> None:
        if kwargs.get("private") and ALTERNATE_SCREEN in modes and self._main is not None:
            self.buffer, self.cursor = self._main
            self._main = None
            self.dirty.update(range(self.lines))
        super().reset_mode(*modes, **kwargs)


class PyteScreen:
    """A terminal as ``pyte`` emulates it (with the alternate screen added): the text shown,
    every cell's character, colours and attributes, and the private modes set."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.width = width
        self.height = height
        self.emulator = _Emulator(width, height)
        self._stream = pyte.ByteStream(self.emulator)

    @property
    def modes(self) -> set[int]:
        """The private (DEC) modes set, by number: pyte keeps them shifted left by 5 bits."""
        return {mode >> 5 for mode in self.emulator.mode if mode >= 32 and not mode % 32}

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


class ScreenClient(asyncssh.SSHClientSession[bytes]):
    """The client side of a session: what arrives on stdout drives a terminal model."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.screen = PyteScreen(width, height)
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
    def screen(self) -> PyteScreen:
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
) -> Terminal:
    width, height = size
    channel, client = await connection.create_session(
        lambda: ScreenClient(width, height),
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
        #: Resize events the app was given: one as it starts, then one a window change.
        self.resizes = 0

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
            f"click={self.click} paste={self.paste} resizes={self.resizes}"
        )
        self.query_one("#status", Static).update(status)

    def on_mount(self) -> None:
        self._show()

    def on_key(self, event: events.Key) -> None:
        self.last_key = event.key
        self._show()

    def on_resize(self, event: events.Resize) -> None:
        self.resizes += 1
        self.call_after_refresh(self._show)

    def on_click(self, event: events.Click) -> None:
        self.click = f"{event.screen_x},{event.screen_y}"
        self._show()

    def on_paste(self, event: events.Paste) -> None:
        self.paste = str(len(event.text))
        self._show()


# -- the terminal model's own tests ---------------------------------------------------------


def test_the_alternate_screen_is_entered_clear_and_left_back_to_the_main_screen() -> None:
    screen = PyteScreen(6, 2)
    screen.feed(b"main")
    screen.feed(b"\x1b[?1049h\x1b[?1000;1006h\x1b[1;1Hgame")
    assert screen.text() == "game\n"
    assert {1049, 1000, 1006} <= screen.modes
    screen.feed(b"\x1b[?1049l\x1b[?1000l!")
    assert screen.text() == "main!\n"
    assert 1049 not in screen.modes and 1000 not in screen.modes and 1006 in screen.modes


def test_modes_are_the_private_modes_by_number() -> None:
    screen = PyteScreen(6, 2)
    assert 25 in screen.modes  # the cursor starts shown
    screen.feed(b"\x1b[?25l\x1b[?2004h\x1b[4h")  # the last one is not private
    assert 25 not in screen.modes and 2004 in screen.modes and 4 not in screen.modes
