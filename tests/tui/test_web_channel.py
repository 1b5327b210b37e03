"""A browser session's channel: output leaves when the driver writes it, as an SSH channel's
does, even if the loop is then kept busy (a screen being laid out); long output goes in
frames aiohttp compresses at once, in order, with a download in its place among them."""

from __future__ import annotations

import asyncio
import base64
import json
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import aiohttp
import pytest
from aiohttp import web
from test_ssh_support import WAIT_TIMEOUT, run_scenario

from tui.web.channel import MAX_FRAME, WebSocketChannel
from tui.web.eager import start_eagerly

Handler = Callable[[WebSocketChannel], None]


@asynccontextmanager
async def channel_server(handle: Handler) -> AsyncIterator[str]:
    """A WebSocket server whose one route runs ``handle`` on a channel, then closes it."""

    async def route(request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        channel = WebSocketChannel(socket)
        handle(channel)
        channel.close()
        await channel.finished()
        return socket

    app = web.Application()
    app.add_routes([web.get("/ws", route)])
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield f"ws://127.0.0.1:{port}/ws"
    finally:
        await runner.cleanup()


def read_in_thread(url: str, received: list[aiohttp.WSMessage], first: threading.Event) -> None:
    """A browser on a thread of its own (its own loop): every message until the close."""

    async def read() -> None:
        async with aiohttp.ClientSession() as client, client.ws_connect(url) as socket:
            async for message in socket:
                received.append(message)
                first.set()

    asyncio.run(read())


def test_output_leaves_before_the_loop_is_free_again(tmp_path: object) -> None:
    received: list[aiohttp.WSMessage] = []
    first = threading.Event()
    seen_while_busy: list[bool] = []

    def handle(channel: WebSocketChannel) -> None:
        channel.write(b"\x1b[2Jthe new screen")
        # The app goes on laying out its screen, the loop kept busy: the browser has the
        # output already (the wait ends as soon as it has).
        seen_while_busy.append(first.wait(WAIT_TIMEOUT))

    async def scenario() -> None:
        async with channel_server(handle) as url:
            reader = threading.Thread(target=read_in_thread, args=(url, received, first))
            reader.start()
            await asyncio.get_running_loop().run_in_executor(None, reader.join, WAIT_TIMEOUT)

    run_scenario(scenario)
    assert seen_while_busy == [True]
    assert received[0].data == b"\x1b[2Jthe new screen"


def test_long_output_and_a_download_arrive_whole_and_in_order() -> None:
    screen = bytes(range(256)) * 300  # 76,800 bytes, more than one frame
    received: list[aiohttp.WSMessage] = []

    def handle(channel: WebSocketChannel) -> None:
        channel.write(screen)
        assert channel.download("../a game.pawn", b"[Game]")
        channel.write(b"after")

    async def scenario() -> None:
        async with channel_server(handle) as url:
            done = threading.Event()
            await asyncio.get_running_loop().run_in_executor(
                None, read_in_thread, url, received, done
            )

    run_scenario(scenario)
    kinds = [message.type for message in received if message.type != aiohttp.WSMsgType.CLOSE]
    binary = [m.data for m in received if m.type == aiohttp.WSMsgType.BINARY]
    assert all(len(frame) <= MAX_FRAME for frame in binary)
    assert b"".join(binary[:-1]) == screen and binary[-1] == b"after"
    text_at = kinds.index(aiohttp.WSMsgType.TEXT)
    assert text_at == len(binary) - 1  # after the screen, before "after"
    kind, name, data = json.loads(received[text_at].data)
    assert (kind, name, base64.b64decode(data)) == ("download", "a game.pawn", b"[Game]")


def test_a_coroutine_started_eagerly_runs_at_once_and_its_task_finishes_it() -> None:
    async def scenario() -> None:
        steps: list[str] = []
        gate = asyncio.get_running_loop().create_future()

        async def quick() -> None:
            steps.append("quick")

        async def waits() -> None:
            steps.append("before")
            steps.append(await gate)

        async def fails() -> None:
            await gate
            raise ValueError("late")

        assert start_eagerly(quick()) is None and steps == ["quick"]
        task = start_eagerly(waits())
        assert task is not None and steps == ["quick", "before"]
        failing = start_eagerly(fails())
        assert failing is not None
        gate.set_result("after")
        await task
        assert steps == ["quick", "before", "after"]
        with pytest.raises(ValueError, match="late"):
            await failing
        gate = asyncio.get_running_loop().create_future()
        blocked = start_eagerly(waits())
        assert blocked is not None
        blocked.cancel()
        with pytest.raises(asyncio.CancelledError):
            await blocked

    run_scenario(scenario)
