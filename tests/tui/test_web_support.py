"""What the tests of play in a browser share: a server answering SSH and browsers, and a
browser without a browser: aiohttp's client speaking the page's messages over the WebSocket,
its screen read with ``pyte`` as the SSH tests read theirs, and a cookie jar of its own."""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from net_helpers import ESCAPE_PAUSE, TYPING, TYPING_PAUSE, make_hall
from test_ssh_support import WAIT_TIMEOUT, PyteScreen, run_scenario, serving
from yarl import URL

from core.registry import all_games
from tui.net.app import net_app_factory
from tui.net.server_hall import server_hall
from tui.play.computer import ComputerRunner
from tui.play.hall import TableHall
from tui.ssh.server import GameServer
from tui.web.names import NameRegistry
from tui.web.server import COOKIE, WebServer


@dataclass
class Site:
    """A server answering SSH and browsers, with its hall."""

    server: GameServer
    web: WebServer
    hall: TableHall

    @property
    def url(self) -> str:
        return f"{self.web.scheme}://127.0.0.1:{self.web.port}"


@asynccontextmanager
async def serving_web(
    data_dir: Path,
    *,
    database: str | None = None,
    tls: ssl.SSLContext | None = None,
    **settings: Any,
) -> AsyncIterator[Site]:
    """A hall of tables served over SSH and to browsers, as ``pawnshop serve --web-port``
    serves it (with ``--database``: its tables and names kept in that PostgreSQL database;
    with ``tls``: over HTTPS, as with ``--web-cert`` and ``--web-key``)."""
    hall = make_hall(data_dir) if database is None else postgres_hall(data_dir, database)
    web = WebServer(NameRegistry(data_dir, database), tls=tls)
    settings.setdefault("idle_timeout", None)
    try:
        async with serving(data_dir, net_app_factory(hall), **settings) as server:
            hall.start()
            await web.start(server)
            try:
                yield Site(server, web, hall)
            finally:
                await web.close()
    finally:
        hall.close()
        if database is not None:
            hall.store.close()
        web.close_names()


def postgres_hall(data_dir: Path, database: str) -> TableHall:
    """``make_hall``'s hall keeping its tables in the PostgreSQL ``database``."""
    from saves.store.postgres_tables import PostgresTableStore

    log = logging.Logger("tables")
    log.addHandler(logging.FileHandler(data_dir / "tables.log"))
    store = PostgresTableStore(database)
    games = list(all_games())
    return server_hall(
        data_dir, log, store=store, games=games, new_seed=lambda: 1, runner=ComputerRunner()
    )


@dataclass
class BrowserTerminal:
    """The terminal of one tab: what the server sends drives a ``pyte`` screen."""

    socket: aiohttp.ClientWebSocketResponse
    screen: PyteScreen
    texts: list[Any] = field(default_factory=list)
    closed: asyncio.Event = field(default_factory=asyncio.Event)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    output: bytearray = field(default_factory=bytearray)

    async def read(self) -> None:
        with suppress(aiohttp.ClientError, ConnectionError):
            async for message in self.socket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.output += message.data
                    self.screen.feed(message.data)
                elif message.type == aiohttp.WSMsgType.TEXT:
                    self.texts.append(json.loads(message.data))
                self.changed.set()
        self.closed.set()
        self.changed.set()

    def text(self) -> str:
        return self.screen.text()

    def press(self, keys: str) -> None:
        """Keys as xterm.js sends them: one ``stdin`` message."""
        self.send(["stdin", keys])

    def send(self, message: Any) -> None:
        asyncio.get_running_loop().create_task(self.socket.send_str(json.dumps(message)))

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(width, height)
        self.send(["resize", {"width": width, "height": height}])

    async def escape(self) -> None:
        self.press("\x1b")
        await asyncio.sleep(ESCAPE_PAUSE)

    async def type_move(self, notation: str) -> None:
        self.press(":")
        await self.shows(TYPING)
        await asyncio.sleep(TYPING_PAUSE)
        self.press(notation + "\r")

    async def until(self, condition: Any, what: str, timeout: float = WAIT_TIMEOUT) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            remaining = deadline - loop.time()
            if remaining <= 0 or (self.closed.is_set() and not condition()):
                shown = self.text()
                raise AssertionError(f"gave up waiting for {what}; the screen shows:\n{shown}")
            self.changed.clear()
            with suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)

    async def shows(self, text: str, timeout: float = WAIT_TIMEOUT) -> None:
        await self.until(lambda: text in self.text(), repr(text), timeout)

    async def ends(self, timeout: float = WAIT_TIMEOUT) -> None:
        await asyncio.wait_for(self.closed.wait(), timeout)


class Browser:
    """One browser: its cookies, the names it takes and its tabs."""

    def __init__(
        self, site: Site, stack: AsyncExitStack, trust: ssl.SSLContext | None = None
    ) -> None:
        """``trust``: the certificates an HTTPS site's is checked against."""
        self.site = site
        self._stack = stack
        self._trust = trust
        self.client: aiohttp.ClientSession | None = None

    async def http_client(self) -> aiohttp.ClientSession:
        """The browser's HTTP client, with its own cookie jar."""
        if self.client is None:
            jar = aiohttp.CookieJar(unsafe=True)  # cookies of 127.0.0.1 kept too
            connector = aiohttp.TCPConnector(ssl=self._trust) if self._trust else None
            self.client = await self._stack.enter_async_context(
                aiohttp.ClientSession(cookie_jar=jar, connector=connector)
            )
        return self.client

    async def join(self, name: str) -> tuple[int, dict[str, Any]]:
        """Type ``name`` in the page's form: the server's status and answer."""
        client = await self.http_client()
        async with client.post(f"{self.site.url}/join", json={"name": name}) as response:
            return response.status, await response.json()

    async def hello(self) -> dict[str, Any]:
        client = await self.http_client()
        async with client.get(f"{self.site.url}/hello") as response:
            answer: dict[str, Any] = await response.json()
            return answer

    def token(self) -> str | None:
        assert self.client is not None
        cookie = self.client.cookie_jar.filter_cookies(URL(self.site.url)).get(COOKIE)
        return cookie.value if cookie is not None else None

    async def open(self, name: str, size: tuple[int, int] = (80, 24)) -> BrowserTerminal:
        """A tab playing as ``name`` (the page's WebSocket)."""
        client = await self.http_client()
        width, height = size
        query = {"name": name, "width": str(width), "height": str(height)}
        address = self.site.url.replace("http", "ws", 1)  # ws://, or wss:// over TLS
        socket = await client.ws_connect(f"{address}/ws", params=query)
        terminal = BrowserTerminal(socket, PyteScreen(width, height))
        reader = asyncio.get_running_loop().create_task(terminal.read())
        self._stack.push_async_callback(_close, socket, reader)
        return terminal


async def _close(socket: aiohttp.ClientWebSocketResponse, reader: asyncio.Task[None]) -> None:
    await socket.close()
    with suppress(asyncio.CancelledError):
        await asyncio.wait_for(reader, WAIT_TIMEOUT)


async def browse(stack: AsyncExitStack, site: Site, name: str, wait: str) -> BrowserTerminal:
    """A new browser takes ``name`` and opens a tab, which shows ``wait``."""
    browser = Browser(site, stack)
    status, answer = await browser.join(name)
    assert status == 200, answer
    tab = await browser.open(answer["name"])
    await tab.shows(wait)
    return tab


def test_the_page_client_reads_the_screen_it_is_sent(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            tab = await browse(stack, site, "alice", "No tables yet")
            assert "tables on this server" in tab.text()

    run_scenario(scenario)
