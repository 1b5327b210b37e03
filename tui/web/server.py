"""``pawnshop serve --web-port PORT``: the SSH server's lobby and tables, in a browser too.

The web server runs on the SSH server's event loop, in the same process, beside it: each
browser tab that joins gets a ``tui.ssh.session.GameSession`` of its own on a
``tui.web.channel.WebSocketChannel``, which the SSH server admits, times out, logs and shuts
down as it does an SSH session (one cap for both). The page (``static/``) is a terminal,
xterm.js, that speaks four messages over the WebSocket, as textual-serve's page does:
``["stdin", TEXT]`` (keys, mouse and pastes as a terminal sends them), ``["resize",
{"width": W, "height": H}]``, ``["ping", DATA]`` (answered ``["pong", DATA]``); the server
sends the screen as binary frames of terminal output.

Routes: ``/`` the page, ``/static/...`` its scripts, styles and fonts (from ``static/`` alone:
nothing else on the server's disk is served), ``/favicon.ico``, ``/hello`` (the name this
browser holds and the SSH port), ``/join`` (take a name: ``tui.web.names``) and ``/ws`` (the
session). Requests from a page of another site are refused.

The web server accepts its connections itself (``tui.ssh.listener``), on every address of its
host, so that a worker of ``--workers N`` holding more than its share passes a browser's new
connection to a less busy worker (``tui.ssh.balance``), as it does an SSH player's; idle
connections of a page close after ``KEEPALIVE`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import ssl
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual.app import App

from tui.net.app import NetApp
from tui.play.identity import PlayerIdentity
from tui.ssh.balance import WEB, Balancer
from tui.ssh.driver import clamp_size
from tui.ssh.listener import Acceptor, listening_sockets
from tui.ssh.server import SHUTDOWN_GRACE, GameServer
from tui.ssh.session import GameSession
from tui.ssh.session_info import AppFactory, SessionInfo
from tui.web.accepted import count_connection_ends
from tui.web.channel import BROWSER_TERM, WebSocketChannel
from tui.web.names import NameRegistry, new_token

STATIC = Path(__file__).parent / "static"
COOKIE = "pawnshop_browser"
#: Ten years: the cookie is the browser's hold on its name.
COOKIE_AGE = 10 * 365 * 24 * 3600
#: Longest message a page sends (a paste is cut off by the driver well before).
MAX_MESSAGE = 1024 * 1024
#: Seconds between WebSocket pings, finding browsers that vanished.
HEARTBEAT = 30.0
#: Longest a typed name may be, in characters, before it is cleaned.
MAX_TYPED_NAME = 1024
#: Seconds an idle connection of a page (its files, its name) stays open: a page fetches what
#: it needs within moments, and the session has a WebSocket of its own. aiohttp's default, an
#: hour, would keep every page's connections open, and counted as a worker's load.
KEEPALIVE = 15.0

NOT_JOINED = "Choose a name on the page first: this browser holds no such name here."
OTHER_SITE = "Requests from another site's pages are refused."

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class WebServer:
    """The web side of one server process: the page, names and browser sessions."""

    def __init__(
        self,
        names: NameRegistry,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        reuse_port: bool = False,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        """``tls``: serve over HTTPS with these settings (``tui.web.tls``); the name cookie is
        then ``Secure``."""
        self._game_server: GameServer | None = None
        self._tls = tls
        self._names = names
        self._host = host
        self._port = port
        self._reuse_port = reuse_port
        self._runner: web.AppRunner | None = None
        self._sockets: list[socket.socket] = []
        self._acceptor: Acceptor | None = None
        self._balancer: Balancer | None = None
        #: Browsers' connections between their socket's arrival and their first request (the
        #: TLS handshake, with ``tls``).
        self._openings: set[asyncio.Task[None]] = set()

    @property
    def scheme(self) -> str:
        """How the page's address begins: ``https`` with TLS, else ``http``."""
        return "https" if self._tls is not None else "http"

    @property
    def port(self) -> int:
        assert self._sockets, "the web server is not started"
        return int(self._sockets[0].getsockname()[1])

    def bind(self) -> None:
        """Take the address, every one of the host's (``OSError`` if one cannot be had),
        before anything starts."""
        self._sockets = listening_sockets(self._host, self._port, reuse_port=self._reuse_port)

    @property
    def game_server(self) -> GameServer:
        assert self._game_server is not None, "the web server is not started"
        return self._game_server

    async def start(self, game_server: GameServer) -> None:
        """Answer browsers, their sessions run by ``game_server``."""
        self._game_server = game_server
        if not self._sockets:
            self.bind()
        app = web.Application(client_max_size=64 * 1024, middlewares=[_security_headers])
        app.add_routes(
            [
                web.get("/", self._page),
                web.get("/favicon.ico", self._favicon),
                web.get("/hello", self._hello),
                web.post("/join", self._join),
                web.get("/ws", self._session),
                web.static("/static", STATIC, show_index=False, follow_symlinks=False),
            ]
        )
        self._runner = web.AppRunner(
            app,
            access_log=None,
            handle_signals=False,
            shutdown_timeout=SHUTDOWN_GRACE,
            keepalive_timeout=KEEPALIVE,
        )
        await self._runner.setup()
        assert self._runner.server is not None  # made by ``setup``
        self._balancer = game_server.balancer
        count_connection_ends(self._runner.server, self._connection_ended)
        take = self._serve_connection
        if self._balancer is not None:
            balancer = self._balancer
            balancer.serves(WEB, self._serve_connection)

            def take(connection: socket.socket) -> None:
                balancer.accepted(connection, WEB)

        self._acceptor = Acceptor(self._sockets, take, game_server.log)
        game_server.log.info(
            "answering browsers (%s) on %s port %d", self.scheme, self._host, self.port
        )

    async def serve(self, game_server: GameServer) -> None:
        """Answer browsers until cancelled (the server stopping), then close."""
        try:
            await self.start(game_server)
            await asyncio.Event().wait()
        finally:
            await self.close()

    async def close(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
        for listening in self._sockets:
            listening.close()
        for opening in list(self._openings):
            opening.cancel()
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
        self._balancer = None

    def _serve_connection(self, connection: socket.socket) -> None:
        """Answer a browser on ``connection`` (accepted here, or passed by another worker)."""
        if self._runner is None or self._runner.server is None:
            connection.close()
            self._connection_ended()
            return
        opening = asyncio.create_task(self._open(self._runner.server, connection))
        self._openings.add(opening)
        opening.add_done_callback(self._openings.discard)

    async def _open(self, server: web.Server, connection: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.connect_accepted_socket(server, connection, ssl=self._tls)
        except (OSError, ssl.SSLError, asyncio.CancelledError) as error:
            # Gone before its first request, or no TLS spoken on the HTTPS port: never
            # handed to the server, so its end is counted here.
            connection.close()
            self._connection_ended()
            if isinstance(error, asyncio.CancelledError):
                raise
            self.game_server.log.info("a browser's connection ended before a request: %s", error)

    def _connection_ended(self) -> None:
        if self._balancer is not None:
            self._balancer.ended()

    def close_names(self) -> None:
        self._names.close()

    # -- the page ---------------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def _favicon(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "favicon.svg", headers={"Content-Type": "image/svg+xml"})

    async def _hello(self, request: web.Request) -> web.Response:
        token = request.cookies.get(COOKIE)
        name = None
        if token:
            name = await _off_loop(self._names.held_name, token)
        ssh = {"port": self.game_server.port}
        return web.json_response({"name": name, "ssh": ssh})

    async def _join(self, request: web.Request) -> web.Response:
        if not _same_site(request):
            return web.json_response({"error": OTHER_SITE}, status=403)
        try:
            typed = (await request.json())["name"]
        except (ValueError, KeyError, TypeError):
            typed = None
        if not isinstance(typed, str):
            return web.json_response({"error": "Send a name to join."}, status=400)
        token = request.cookies.get(COOKIE) or new_token()
        claimed = await _off_loop(self._names.claim, token, typed[:MAX_TYPED_NAME])
        if isinstance(claimed, str):
            return web.json_response({"error": claimed}, status=409)
        response = web.json_response({"name": claimed.name})
        response.set_cookie(
            COOKIE,
            token,
            max_age=COOKIE_AGE,
            httponly=True,
            samesite="Strict",
            path="/",
            secure=self._tls is not None,
        )
        self.game_server.log.info("browser %s took the name %s", claimed.key, claimed.name)
        return response

    # -- a session --------------------------------------------------------------------------

    async def _session(self, request: web.Request) -> web.StreamResponse:
        if not _same_site(request):
            raise web.HTTPForbidden(text=OTHER_SITE)
        player = await self._player(request)
        size = clamp_size(_number(request.query.get("width")), _number(request.query.get("height")))
        socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        await socket.prepare(request)
        channel = WebSocketChannel(socket)
        if isinstance(player, str):
            channel.write(f"{player}\r\n".encode())
            channel.close()
            await channel.finished()
            return socket
        await self._run_session(request, socket, channel, player, size)
        return socket

    async def _player(self, request: web.Request) -> PlayerIdentity | str:
        token = request.cookies.get(COOKIE)
        typed = request.query.get("name", "")[:MAX_TYPED_NAME]
        if not token:
            return NOT_JOINED
        claimed = await _off_loop(self._names.claim, token, typed)
        return claimed

    async def _run_session(
        self,
        request: web.Request,
        socket: web.WebSocketResponse,
        channel: WebSocketChannel,
        player: PlayerIdentity,
        size: tuple[int, int],
    ) -> None:
        peer = request.remote or "?"
        host = BrowserHost(self.game_server, channel)
        session = GameSession(host, player, f"{peer} (browser)")
        session.connection_made(cast(Any, channel))
        session.pty_requested(BROWSER_TERM, (*size, 0, 0), {})
        session.shell_requested()
        session.session_started()
        try:
            await self._read(socket, channel, session)
        finally:
            session.connection_lost(None)
            if session.task is not None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(session.task)
            channel.close()
            await channel.finished()

    async def _read(
        self, socket: web.WebSocketResponse, channel: WebSocketChannel, session: GameSession
    ) -> None:
        """Hand the page's messages to the session until the page goes away (or the session
        closes the WebSocket)."""
        while not socket.closed:
            await channel.reading.wait()
            message = await socket.receive()
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if message.type == WSMsgType.ERROR:
                return
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                session.data_received(data.encode("utf-8", "replace"), None)
            elif kind == "resize" and isinstance(data, dict):
                width, height = _number(data.get("width")), _number(data.get("height"))
                session.terminal_size_changed(width, height, 0, 0)
            elif kind == "ping":
                await socket.send_str(json.dumps(["pong", data]))


class BrowserHost:
    """The server as one browser session sees it: the game server in all but the app it
    makes, which can hand its player files (``NetApp.download``) through the session's
    WebSocket."""

    def __init__(self, server: GameServer, channel: WebSocketChannel) -> None:
        self._server = server
        self._channel = channel

    @property
    def log(self) -> logging.Logger:
        return self._server.log

    @property
    def data_dir(self) -> Path:
        return self._server.data_dir

    @property
    def idle_limit(self) -> float | None:
        return self._server.idle_limit

    @property
    def app_factory(self) -> AppFactory:
        factory = self._server.app_factory

        def build(info: SessionInfo) -> App[Any]:
            app = factory(info)
            if isinstance(app, NetApp):
                app.download = self._channel.download
            return app

        return build

    def admit(self, session: GameSession) -> bool:
        return self._server.admit(session)

    def release(self, session: GameSession) -> None:
        self._server.release(session)


def _number(value: object) -> int:
    """A size the page sent, 0 (unknown) when it is none."""
    if not isinstance(value, int | float | str):
        return 0
    try:
        return max(0, int(value))
    except ValueError:
        return 0


def _same_site(request: web.Request) -> bool:
    """Whether the request comes from this server's own page (or from no page at all)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == request.host


async def _off_loop(function: Any, *args: Any) -> Any:
    return await asyncio.get_running_loop().run_in_executor(None, function, *args)


@web.middleware
async def _security_headers(request: web.Request, handler: Any) -> web.StreamResponse:
    response: web.StreamResponse = await handler(request)
    if not isinstance(response, web.WebSocketResponse):
        response.headers.update(SECURITY_HEADERS)
    return response
