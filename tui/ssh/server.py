"""`pawnshop serve`: an SSH server in one process and one event loop, one app per session.

``run(config, app_factory)`` serves until SIGINT or SIGTERM; ``start_server`` starts the same
server on the running loop and returns it (tests and embedding). Players log in with no
authentication (the SSH user name is their name) or with any public key (its fingerprint is
their identity); each pty session gets an app from ``app_factory``. Shells without a pty,
commands, subsystems (sftp) and port forwarding are refused. The server writes nothing to
stdout or stderr: it logs to ``ssh-server.log`` in the data directory.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from tui.play.identity import PlayerIdentity, display_name
from tui.ssh.balance import SSH, Balancer, Balancing, balancing_supported
from tui.ssh.config import ServerConfig
from tui.ssh.hostkey import load_or_create_host_key
from tui.ssh.listener import Acceptor, listening_sockets
from tui.ssh.server_log import close_server_log, open_server_log
from tui.ssh.session import GameSession
from tui.ssh.session_info import AppFactory
from tui.ssh.shared_css import share_parsed_css

#: Seconds the apps get to finish when the server stops, before they are cancelled.
SHUTDOWN_GRACE = 5.0
#: Keepalives find clients that vanished without closing their connection.
KEEPALIVE_INTERVAL = 30.0
KEEPALIVE_COUNT_MAX = 4

TOO_MANY_CONNECTIONS = "The game table is full right now; please try again later."


@dataclass(frozen=True)
class Listening:
    """How one server process among several (``pawnshop serve --workers N``) listens and
    logs: on a port the others listen on too (``SO_REUSEPORT``: the system hands each new
    connection to one of them), and to the ``log`` given, which a supervisor writes to the
    log file, instead of opening the file itself. ``balancing``: where the workers count what
    each holds, so that one holding more passes new connections to the least busy."""

    reuse_port: bool = False
    log: logging.Logger | None = None
    balancing: Balancing | None = None


class GameConnection(asyncssh.SSHServer):
    """One client's SSH connection: authenticates the player, opens their sessions."""

    def __init__(self, server: GameServer) -> None:
        self._server = server
        self._connection: asyncssh.SSHServerConnection | None = None
        self._user_name = ""
        self._offered_key: asyncssh.SSHKey | None = None
        self._admitted = False
        self.player = PlayerIdentity(name="")
        self.peer = "?"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._connection = conn
        peer = conn.get_extra_info("peername")
        if isinstance(peer, tuple) and len(peer) >= 2:
            self.peer = f"{peer[0]}:{peer[1]}"
        self._admitted = self._server.connection_opened(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._server.connection_closed(self)

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()

    async def wait_closed(self) -> None:
        if self._connection is not None:
            await self._connection.wait_closed()

    # -- authentication ----------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        if not self._admitted and self._connection is not None:
            # Turned away here rather than on connect, so the client can show the reason.
            self._connection.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, TOO_MANY_CONNECTIONS)
            return True
        self._user_name = username
        self.player = PlayerIdentity(name=display_name(username))
        return self._server.config.auth == "publickey"

    def public_key_auth_supported(self) -> bool:
        return self._server.config.auth == "publickey"

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Every key is welcome; asyncssh then checks the client holds its private half. The
        # last key offered before authentication completes is the one that signed.
        self._offered_key = key
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        fingerprint = None
        if self._server.config.auth == "publickey" and self._offered_key is not None:
            fingerprint = self._offered_key.get_fingerprint("sha256")
        name = display_name(self._user_name)
        self.player = PlayerIdentity(name=name, key_fingerprint=fingerprint)
        self._server.log.info(
            "%s (%s) logged in from %s", self.player.name, fingerprint or "no key", self.peer
        )

    # -- channels ----------------------------------------------------------------------------

    def session_requested(self) -> GameSession:
        return GameSession(self._server, self.player, self.peer)

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        log = self._server.log
        log.info("refused forwarding to %s:%s from %s", dest_host, dest_port, self.peer)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        self._server.log.info(
            "refused remote forwarding of %s:%s from %s", listen_host, listen_port, self.peer
        )
        return False


class GameServer:
    """The listening server, its connections and its running sessions."""

    def __init__(
        self,
        config: ServerConfig,
        app_factory: AppFactory,
        *,
        listening: Listening | None = None,
    ) -> None:
        """``listening``: how a worker among several listens and logs (by default the one
        server on its port, logging to its file)."""
        self.config = config
        self._app_factory = app_factory
        self._listening = listening or Listening()
        self._log = self._listening.log or open_server_log(config.log_path)
        self._acceptor: Acceptor | None = None
        self._balancer: Balancer | None = None
        self._ssh_options: asyncssh.SSHServerConnectionOptions | None = None
        #: Connections between their socket's arrival and their login.
        self._handshakes: set[asyncio.Task[None]] = set()
        self._connections: set[GameConnection] = set()
        self._sessions: set[GameSession] = set()
        self._host_key_fingerprint = ""
        self._stdout = sys.stdout
        self._stderr = sys.stderr
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_handler: Any = None

    # -- what sessions ask for (SessionHost) -------------------------------------------------

    @property
    def log(self) -> logging.Logger:
        return self._log

    @property
    def app_factory(self) -> AppFactory:
        return self._app_factory

    @property
    def data_dir(self) -> Path:
        return self.config.data_dir

    @property
    def idle_limit(self) -> float | None:
        return self.config.idle_limit

    @property
    def max_sessions(self) -> int:
        return self.config.max_sessions

    def admit(self, session: GameSession) -> bool:
        if self._closed or len(self._sessions) >= self.config.max_sessions:
            return False
        self._sessions.add(session)
        return True

    def release(self, session: GameSession) -> None:
        self._sessions.discard(session)
        if not self._sessions:
            self._restore_standard_streams()

    # -- what connections ask for ------------------------------------------------------------

    def connection_opened(self, connection: GameConnection) -> bool:
        """Count a new connection in; ``False`` if there are too many already."""
        if self._closed or len(self._connections) >= self.config.max_connections:
            self._log.warning("refused connection from %s: too many connections", connection.peer)
            return False
        self._connections.add(connection)
        return True

    def connection_closed(self, connection: GameConnection) -> None:
        self._connections.discard(connection)
        if self._balancer is not None:
            self._balancer.ended()

    # -- the server's life -------------------------------------------------------------------

    @property
    def port(self) -> int:
        """The port listened on (the one the system chose when the configured port is 0)."""
        assert self._acceptor is not None, "the server is not started"
        return self._acceptor.port

    @property
    def host_key_fingerprint(self) -> str:
        return self._host_key_fingerprint

    @property
    def session_count(self) -> int:
        """Sessions running an app right now."""
        return len(self._sessions)

    @property
    def session_players(self) -> list[str]:
        """The names of the players whose sessions run here, SSH and browsers alike."""
        return sorted(session.player.name for session in self._sessions)

    @property
    def connection_count(self) -> int:
        """SSH connections open right now (those turned away not counted)."""
        return len(self._connections)

    @property
    def log_path(self) -> Path:
        return self.config.log_path

    @property
    def balancer(self) -> Balancer | None:
        """How this worker evens out its connections with the others (``None``: one server
        alone, or not started); the web server of the same worker shares it."""
        return self._balancer

    async def start(self) -> None:
        config = self.config
        self._loop = asyncio.get_running_loop()
        self._loop_handler = self._loop.get_exception_handler()
        self._loop.set_exception_handler(self._loop_error)
        # Every session's app parses the same CSS: parse it once for all of them.
        share_parsed_css()
        host_key = load_or_create_host_key(config.resolved_host_key_path, self._log)
        self._host_key_fingerprint = host_key.get_fingerprint("sha256")
        self._ssh_options = asyncssh.SSHServerConnectionOptions(
            server_factory=lambda: GameConnection(self),
            server_host_keys=[host_key],
            public_key_auth=config.auth == "publickey",
            password_auth=False,
            kbdint_auth=False,
            host_based_auth=False,
            gss_kex=False,
            gss_auth=False,
            allow_pty=True,
            line_editor=False,
            encoding=None,
            x11_forwarding=False,
            agent_forwarding=False,
            allow_scp=False,
            login_timeout=config.login_timeout,
            keepalive_interval=KEEPALIVE_INTERVAL,
            keepalive_count_max=KEEPALIVE_COUNT_MAX,
        )
        sockets = listening_sockets(config.host, config.port, reuse_port=self._listening.reuse_port)
        balancing = self._listening.balancing
        take = self._serve_connection
        if balancing is not None and balancing_supported():
            balancer = self._balancer = Balancer(balancing, self._log)
            balancer.serves(SSH, self._serve_connection)

            def take(connection: socket.socket) -> None:
                balancer.accepted(connection, SSH)

        self._acceptor = Acceptor(sockets, take, self._log)
        self._log.info(
            "listening on %s port %d, auth %s, host key %s, at most %d sessions",
            config.host,
            self.port,
            config.auth,
            self._host_key_fingerprint,
            config.max_sessions,
        )

    async def close(self, grace: float = SHUTDOWN_GRACE) -> None:
        """Stop listening, tell every session goodbye, wait for the apps, drop the connections."""
        if self._closed:
            return
        self._closed = True
        if self._acceptor is not None:
            self._acceptor.close()
        if self._balancer is not None:
            self._balancer.close()
        for handshake in list(self._handshakes):
            handshake.cancel()
        sessions = list(self._sessions)
        for session in sessions:
            try:
                session.shut_down()
            except Exception:  # one session's goodbye failing keeps no other from its own
                self._log.exception("could not stop the app of %s", session.description)
        tasks = [session.task for session in sessions if session.task is not None]
        if tasks:
            _done, pending = await asyncio.wait(tasks, timeout=grace)
            for task in pending:
                task.cancel()
            if pending:
                self._log.warning("%d apps did not stop in %.0f s; cancelled", len(pending), grace)
                await asyncio.wait(pending, timeout=grace)
        connections = list(self._connections)
        for connection in connections:
            connection.close()
        if connections:
            await asyncio.wait(
                [asyncio.ensure_future(c.wait_closed()) for c in connections], timeout=grace
            )
        if self._handshakes:
            await asyncio.wait(list(self._handshakes), timeout=grace)
        self._restore_standard_streams()
        if self._loop is not None:
            self._loop.set_exception_handler(self._loop_handler)
        self._log.info("stopped")
        close_server_log(self._log)

    def _serve_connection(self, connection: socket.socket) -> None:
        """Speak SSH on ``connection`` (accepted here, or passed by another worker)."""
        if self._closed:
            connection.close()
            return
        handshake = asyncio.create_task(self._handshake(connection))
        self._handshakes.add(handshake)
        handshake.add_done_callback(self._handshakes.discard)

    async def _handshake(self, connection: socket.socket) -> None:
        try:
            await asyncssh.run_server(connection, options=self._ssh_options)
        except (OSError, asyncssh.Error) as error:  # TimeoutError is an OSError
            # A client that left, or spoke no SSH, before logging in: asyncssh has closed it.
            self._log.info("a connection ended before its login: %s", error or type(error))

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """An error in a callback of the shared loop (one session's, most likely): logged here
        with its traceback. Asyncio would write it to stderr, which a running app has taken
        over, so it would be lost; the loop and every other session go on either way."""
        error = context.get("exception")
        self._log.error(
            "error on the server's loop: %s",
            context.get("message", "unexpected error"),
            exc_info=error if isinstance(error, BaseException) else None,
        )

    def _restore_standard_streams(self) -> None:
        """Undo the stdout/stderr redirection the apps leave behind.

        Each Textual app redirects ``sys.stdout`` and ``sys.stderr`` while it runs; with apps
        starting and stopping in any order, the last one to stop can leave another app's
        capture in place. Called when no app is running.
        """
        sys.stdout = self._stdout
        sys.stderr = self._stderr


async def start_server(
    config: ServerConfig, app_factory: AppFactory, *, listening: Listening | None = None
) -> GameServer:
    """Start serving on the running event loop; ``await server.close()`` to stop."""
    server = GameServer(config, app_factory, listening=listening)
    try:
        await server.start()
    except BaseException:
        close_server_log(server.log)
        raise
    return server


def run(
    config: ServerConfig,
    app_factory: AppFactory,
    *,
    on_ready: Callable[[GameServer], None] | None = None,
    listening: Listening | None = None,
) -> None:
    """Serve until SIGINT or SIGTERM. ``on_ready`` is called once the server listens.

    Raises ``OSError`` if the address cannot be listened on and ``HostKeyError`` if the host
    key file is unusable; both before any session starts.
    """
    asyncio.run(_serve_until_signalled(config, app_factory, on_ready, listening))


async def _serve_until_signalled(
    config: ServerConfig,
    app_factory: AppFactory,
    on_ready: Callable[[GameServer], None] | None,
    listening: Listening | None = None,
) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    signals = (signal.SIGINT, signal.SIGTERM)
    for signal_number in signals:
        loop.add_signal_handler(signal_number, stop.set)
    server = await start_server(config, app_factory, listening=listening)
    asyncssh_log = logging.getLogger("asyncssh")
    # asyncssh's own warnings go to the server's log file, not to the terminal.
    propagate, asyncssh_log.propagate = asyncssh_log.propagate, False
    for handler in server.log.handlers:
        asyncssh_log.addHandler(handler)
    try:
        if on_ready is not None:
            on_ready(server)
        await stop.wait()
    finally:
        for handler in server.log.handlers:
            asyncssh_log.removeHandler(handler)
        asyncssh_log.propagate = propagate
        await server.close()
        for signal_number in signals:
            loop.remove_signal_handler(signal_number)
