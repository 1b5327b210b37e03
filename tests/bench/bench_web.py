"""Browsers at ``pawnshop serve --web-port``: a key's and a move's time to a browser's screen,
and the server's memory per browser session.

Usage: ``python tests/bench/bench_web.py [--sessions 20] [--keys 20] [--timeout 300]``

Starts ``pawnshop serve --workers 1 --web-port 0`` in a child process on loopback, and plays
its browsers from this process: aiohttp's WebSocket client speaking the page's messages, the
screen kept by ``pyte``, as a browser's xterm.js keeps it. Prints

- key: from a browser sending ``n`` in the lobby to its screen showing the form it opens
  (median, p95, max over ``--keys`` presses), and the same over SSH for comparison;
- move: from an SSH player's Enter on a typed move to the browser opponent's screen showing
  it in the log (median, max over the moves of a short game);
- memory: the server's resident memory per browser session (its growth with ``--sessions``
  browsers in the lobby, over that number, after one warm-up session).

A figure, not a test: nothing is asserted; every wait gives up after ``--wait`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import tempfile
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import asyncssh
import pyte
from bench_server import resident_kib, serve_command, served, summary

LOBBY = "tables on this server"
SHORT_GAME = ("clock", "b1-a1", "c8-d8", "a1-b1", "d8-c8", "b1-a1", "c8-d8", "a1-b1")


class Screen:
    """A terminal as pyte keeps it, fed by the bytes that arrive."""

    def __init__(self) -> None:
        self.emulator = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.emulator)
        self.changed = asyncio.Event()

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.emulator.display)

    async def shows(self, text: str, wait: float) -> float:
        """Wait for ``text``; the moment it showed."""
        deadline = time.perf_counter() + wait
        while text not in self.text():
            if time.perf_counter() > deadline:
                raise SystemExit(f"gave up waiting for {text!r}:\n{self.text()}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.5)
        return time.perf_counter()


class Tab:
    """One browser's tab: its cookie jar, its WebSocket and its screen (or, given
    ``receive``, whatever reads the terminal output instead)."""

    def __init__(
        self,
        client: aiohttp.ClientSession,
        socket: Any,
        receive: Callable[[bytes], None] | None = None,
    ) -> None:
        self.client = client
        self.socket = socket
        self.screen = Screen()
        self.receive = receive or self.screen.feed
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(
        cls,
        url: str,
        name: str,
        receive: Callable[[bytes], None] | None = None,
        size: tuple[int, int] = (100, 30),
    ) -> Tab:
        """Take ``name`` (``/join``) and open the session's WebSocket, as the page does."""
        client = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        async with client.post(f"{url}/join", json={"name": name}) as response:
            response.raise_for_status()
        query = {"name": name, "width": str(size[0]), "height": str(size[1])}
        socket = await client.ws_connect(f"{url}/ws", params=query)
        return cls(client, socket, receive)

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.receive(message.data)

    async def press(self, keys: str) -> float:
        sent = time.perf_counter()
        await self.socket.send_str(json.dumps(["stdin", keys]))
        return sent

    async def close(self) -> None:
        await self.socket.close()
        await self.client.close()


class SshPlayer(asyncssh.SSHClientSession[bytes]):
    def __init__(self) -> None:
        self.screen = Screen()
        self.screen.emulator.resize(30, 100)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.screen.feed(data)


async def measure(url: str, ssh_port: int, pid: int, args: argparse.Namespace) -> None:
    wait = args.wait
    warm = await Tab.open(url, "warm")
    await warm.screen.shows(LOBBY, wait)

    connection = await asyncssh.connect(
        "127.0.0.1",
        ssh_port,
        username="bob",
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        config=None,
    )
    channel, bob = await connection.create_session(
        SshPlayer, term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    await bob.screen.shows(LOBBY, wait)

    # A press in the browser, then one over SSH, in turn, so that both meet the same load.
    keys: list[float] = []
    ssh_keys: list[float] = []
    for _ in range(args.keys):
        sent = await warm.press("n")
        keys.append(await warm.screen.shows("Open a table", wait) - sent)
        await warm.press("\x1b")
        await warm.screen.shows(LOBBY, wait)
        sent = time.perf_counter()
        channel.write(b"n")
        ssh_keys.append(await bob.screen.shows("Open a table", wait) - sent)
        channel.write(b"\x1b")
        await bob.screen.shows(LOBBY, wait)
    print(f"key to a browser's screen ({args.keys} presses): {summary(keys)}")
    print(f"the same key to an SSH player's screen, for comparison: {summary(ssh_keys)}")

    await warm.press("n")
    await warm.screen.shows("Open a table", wait)
    await warm.press("\x0f")
    await warm.screen.shows("You play South at table 1", wait)
    await bob.screen.shows("warm · free", wait)
    channel.write(b"\r")
    await bob.screen.shows("You play North at table 1", wait)
    moves = []
    for ply, notation in enumerate(SHORT_GAME[:-1], start=1):
        south = ply in (1, 2) or (ply > 2 and ply % 2 == 0)
        if south:
            await warm.press(":")
            await warm.screen.shows("type a move", wait)
            await asyncio.sleep(0.15)
            await warm.press(notation + "\r")
            await bob.screen.shows(notation, wait)
            continue
        channel.write(b":")
        await bob.screen.shows("type a move", wait)
        await asyncio.sleep(0.15)
        sent = time.perf_counter()
        channel.write(notation.encode() + b"\r")
        moves.append(await warm.screen.shows(f". {notation}", wait) - sent)
    print(f"an SSH player's move to the browser's screen ({len(moves)} moves): {summary(moves)}")
    connection.close()

    before = resident_kib(pid)
    tabs = [await Tab.open(url, f"player{n}") for n in range(args.sessions)]
    for tab in tabs:
        await tab.screen.shows(LOBBY, wait)
    after = resident_kib(pid)
    per = (after - before) / args.sessions / 1024
    print(f"memory: {args.sessions} browser sessions in the lobby, {per:.2f} MiB each")
    for tab in (*tabs, warm):
        await tab.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--wait", type=float, default=30.0)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        command = serve_command(data, args.sessions + 2, workers=1, database=None, web=True)
        with served(command, web=True) as server:
            assert server.web_url is not None
            coroutine = measure(server.web_url, server.port, server.pid, args)
            asyncio.run(asyncio.wait_for(coroutine, args.timeout))


if __name__ == "__main__":
    main()
