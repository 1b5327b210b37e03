"""One SSH session channel: refused with one clear line, or running one app until it ends.

A session that asked for a pty and a shell gets an app from the server's factory, driven by an
``SSHDriver`` on the channel. Anything else (no pty, a command, a subsystem such as sftp) is
refused: commands and shells without a pty get a line saying how to connect, subsystems are
refused at the protocol level.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol, cast

import asyncssh
from rich.console import Console
from textual.app import App
from textual.driver import Driver

from tui.ascii.detect import session_wants_ascii
from tui.play.identity import PlayerIdentity
from tui.ssh.colours import apply_colour_system, colour_system_for
from tui.ssh.containment import describe_app
from tui.ssh.driver import SSHDriver, clamp_size
from tui.ssh.session_info import AppFactory, SessionInfo, SessionRefused

NO_PTY_MESSAGE = "pawnshop is a full-screen game and needs a terminal: connect with ssh -t."
EXEC_MESSAGE = "pawnshop runs no commands: connect with ssh and no command to play."
TABLE_FULL_MESSAGE = "The game table is full right now; please try again later."
IDLE_MESSAGE = "Session closed after {duration} without a key press."
SHUTDOWN_MESSAGE = "The server is shutting down; goodbye."
CRASH_MESSAGE = "The game hit an internal error and this session closed; the error was logged."
NO_NAME_MESSAGE = (
    "pawnshop shows players by their SSH user name, and yours has nothing to show: "
    "connect as NAME@HOST with letters or digits in NAME."
)


class SessionHost(Protocol):
    """What a session needs from the server that owns it."""

    @property
    def log(self) -> logging.Logger: ...

    @property
    def app_factory(self) -> AppFactory: ...

    @property
    def data_dir(self) -> Path: ...

    @property
    def idle_limit(self) -> float | None: ...

    def admit(self, session: GameSession) -> bool: ...

    def release(self, session: GameSession) -> None: ...


class GameSession(asyncssh.SSHServerSession[bytes]):
    """The server side of one SSH session channel."""

    def __init__(self, host: SessionHost, player: PlayerIdentity, peer: str) -> None:
        self._host = host
        self.player = player
        self.peer = peer
        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._term: str | None = None
        self._size = clamp_size(0, 0)
        self._refusal: str | None = None
        self._driver: SSHDriver | None = None
        self._app: App[Any] | None = None
        self._task: asyncio.Task[None] | None = None
        self._closing_message: str | None = None
        self._stopping = False
        self._app_failed = False
        self._last_input = 0.0
        self._idle_handle: asyncio.TimerHandle | None = None
        self._loop = asyncio.get_running_loop()

    @property
    def task(self) -> asyncio.Task[None] | None:
        """The task running the app, once it started."""
        return self._task

    @property
    def description(self) -> str:
        return f"{self.player.name} ({self.player.key_fingerprint or 'no key'}) from {self.peer}"

    # -- asyncssh callbacks ------------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._channel = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self._term = term_type
        self._size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._host.log.info("refused command %r from %s", command[:200], self.description)
        self._refusal = EXEC_MESSAGE
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self._host.log.info("refused subsystem %r from %s", subsystem[:200], self.description)
        return False

    def session_started(self) -> None:
        if self._refusal is None and self._term is None:
            self._refusal = NO_PTY_MESSAGE
        if self._refusal is None and not self.player.name:
            self._refusal = NO_NAME_MESSAGE
            self._host.log.info("refused a session with no name to show from %s", self.peer)
        if self._refusal is None and not self._host.admit(self):
            self._refusal = TABLE_FULL_MESSAGE
            self._host.log.info("table full: turned away %s", self.description)
        if self._refusal is not None:
            self._end(self._refusal, status=1, to_stderr=True)
            return
        self._last_input = self._loop.time()
        try:
            app = self._build_app()
        except SessionRefused as refused:
            self._host.log.info("refused %s: %s", self.description, refused)
            self._host.release(self)
            self._end(str(refused), status=1, to_stderr=True)
            return
        except Exception:
            self._host.log.exception("the app factory failed for %s", self.description)
            self._host.release(self)
            self._end(CRASH_MESSAGE, status=1)
            return
        # A fresh context: the app sets Textual's context variables for itself and its tasks.
        self._task = self._loop.create_task(self._run_app(app), context=contextvars.Context())

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._last_input = self._loop.time()
        if self._driver is not None:
            try:
                self._driver.feed(data)
            except Exception:
                self._failed("handling the input")

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._size = clamp_size(width, height)
        if self._driver is not None:
            try:
                self._driver.resize(width, height)
            except Exception:
                self._failed("resizing the screen")

    def eof_received(self) -> bool:
        # The player can type no more: stop the app, but keep sending until it has restored
        # the terminal and the exit status is out.
        self._stop_app(None)
        return self._task is not None

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None:
            self._host.log.info("connection of %s lost: %s", self.description, exc)
        self._stop_app(None)

    # -- the server's requests ---------------------------------------------------------------

    def shut_down(self) -> None:
        """Close the session because the server is stopping."""
        self._stop_app(SHUTDOWN_MESSAGE)

    # -- running the app ---------------------------------------------------------------------

    async def _run_app(self, app: App[Any]) -> None:
        host = self._host
        log = host.log
        errors = _capture_error_console(app)
        log.info("session started: %s, TERM=%s, %dx%d", self.description, self._term, *self._size)
        self._arm_idle_timer()
        status = 0
        try:
            await app.run_async()
        except Exception:
            log.exception("the app of %s failed", self.description)
            status = 1
        finally:
            self._cancel_idle_timer()
            host.release(self)
        report = errors.getvalue()
        if report:
            log.error("the app of %s stopped with an error:\n%s", self.description, report)
        if app.return_code or self._app_failed:
            status = 1
        log.info("session ended: %s, status %d", self.description, status)
        message = self._closing_message
        if message is None and status:
            message = CRASH_MESSAGE
        self._end(message, status=status)

    def _build_app(self) -> App[Any]:
        channel = self._channel
        assert channel is not None and self._term is not None
        environment = channel.get_environment()
        colours = colour_system_for(self._term, environment)
        info = SessionInfo(
            player=self.player,
            term=self._term,
            colours=colours,
            size=self._size,
            peer=self.peer,
            data_dir=self._host.data_dir,
            ascii=session_wants_ascii(self._term, environment),
        )
        app = self._host.app_factory(info)
        driver = SSHDriver(
            app,
            channel=channel,
            size=self._size,
            on_output_overflow=self._output_overflow,
            on_output_failure=self._output_failure,
            on_input_failure=lambda: self._failed("handling the input"),
            log=self._host.log,
        )
        app.driver_class = _hand_over(driver)
        describe_app(app, self.description)
        apply_colour_system(app, colours, self._size)
        self._driver = driver
        self._app = app
        return app

    def _failed(self, doing: str) -> None:
        """Something this session's app asked for raised in asyncssh's callback: logged, and
        this session (only) closes with the crash sentence."""
        self._host.log.exception("%s failed for %s; session closed", doing, self.description)
        self._stop_app(CRASH_MESSAGE, failed=True)

    def _stop_app(self, message: str | None, *, failed: bool = False) -> None:
        if not self._stopping:
            self._stopping = True
            self._closing_message = message
            self._app_failed = failed
        if self._app is not None:
            self._app.exit()

    def _output_overflow(self) -> None:
        self._host.log.warning("%s stopped reading its output; session dropped", self.description)
        if self._channel is not None:
            self._channel.close()
        self._stop_app(None)

    def _output_failure(self) -> None:
        self._host.log.exception("output to %s failed; session closed", self.description)
        self._stop_app(None)

    def _end(self, message: str | None, *, status: int, to_stderr: bool = False) -> None:
        """Say ``message`` on its own line (if the client is still there) and close the channel."""
        channel = self._channel
        if channel is None:
            return
        try:
            if message is not None and not channel.is_closing():
                line = f"{message}\r\n".encode()
                if to_stderr:
                    channel.write_stderr(line)
                else:
                    channel.write(line)
            channel.exit(status)
        except OSError:  # the client is already gone
            channel.close()

    # -- idle timeout ------------------------------------------------------------------------

    def _arm_idle_timer(self, delay: float | None = None) -> None:
        limit = self._host.idle_limit
        if limit is not None:
            self._idle_handle = self._loop.call_later(delay or limit, self._check_idle)

    def _cancel_idle_timer(self) -> None:
        if self._idle_handle is not None:
            self._idle_handle.cancel()
            self._idle_handle = None

    def _check_idle(self) -> None:
        limit = self._host.idle_limit
        assert limit is not None
        idle = self._loop.time() - self._last_input
        if idle < limit:
            self._arm_idle_timer(limit - idle)
            return
        self._host.log.info("%s idle for %.0f s; closing", self.description, idle)
        self._stop_app(IDLE_MESSAGE.format(duration=_duration(limit)))


def _hand_over(driver: SSHDriver) -> type[Driver]:
    """A stand-in for ``App.driver_class``: Textual calls it to build its driver, and gets ours.

    The session builds the driver itself because the driver needs the channel, which Textual
    does not know about.
    """

    def build(app: App[Any], **_options: object) -> Driver:
        return driver

    return cast(type[Driver], build)


def _capture_error_console(app: App[Any]) -> io.StringIO:
    """Send the app's crash report to a buffer for the log, not to the server's stderr."""
    buffer = io.StringIO()
    app.error_console = Console(
        file=buffer, width=120, color_system=None, markup=False, highlight=False, _environ={}
    )
    return buffer


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{seconds / 60:.0f} minutes"
    whole = round(seconds)
    return f"{whole} second{'' if whole == 1 else 's'}"
