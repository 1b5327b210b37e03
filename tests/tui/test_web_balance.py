"""Browsers are spread over the workers as SSH players are (``tui.ssh.balance``): a worker
holding ``MARGIN`` more connections than the least busy passes a browser's new connection, as
a socket, to that worker, whose web server answers it as its own.

The hand-off alone first (a connection passed before the other worker's web server is up
waits for it); then two workers of one process, each with its web server, every browser
coming to the first one's port (the worst a system's ``SO_REUSEPORT`` could do), with real
HTTP and WebSocket connections over loopback.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from net_helpers import make_hall
from test_ssh_balance import start_worker
from test_ssh_support import run_scenario
from test_web_support import Browser, BrowserTerminal
from waiting import wait_for

from tui.ssh.balance import (
    MARGIN,
    SSH,
    WEB,
    Balancer,
    Balancing,
    balancing_supported,
    prepare_table,
)
from tui.ssh.server import GameServer
from tui.web.names import NameRegistry
from tui.web.server import WebServer

pytestmark = pytest.mark.skipif(
    not balancing_supported(), reason="passing sockets between workers needs Linux"
)

LOBBY = "No tables yet"


def test_a_connection_passed_before_its_kind_is_served_waits_for_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = tmp_path / "connections"
        prepare_table(table, 2)
        log = logging.getLogger("pawnshop.test.web-balance")
        balancers = [
            Balancer(Balancing(f"test-wait-{id(table)}", worker, 2, table), log)
            for worker in range(2)
        ]
        first, second = balancers
        kept: list[socket.socket] = []
        first.serves(WEB, kept.append)
        peers = []
        try:
            for _ in range(MARGIN + 1):
                ours, theirs = socket.socketpair()
                peers.append(theirs)
                first.accepted(ours, WEB)
            # two kept by the first; the third passed to the second, which serves no browsers
            # yet: it waits there, counted as the second's
            assert len(kept) == MARGIN
            await wait_for(lambda: bool(second._waiting.get(WEB)), what="the passed connection")
            assert first.counts.held_by(1) == 1
            served: list[socket.socket] = []
            second.serves(SSH, served.append)
            assert served == []  # an SSH server takes no browser's connection
            second.serves(WEB, served.append)
            assert len(served) == 1
            served[0].sendall(b"answered by the second")
            assert peers[2].recv(100) == b"answered by the second"
        finally:
            for balancer in balancers:
                balancer.close()
            for each in [*kept, *peers, *served]:
                each.close()

    run_scenario(scenario)


@dataclass
class Worker:
    server: GameServer
    web: WebServer

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.web.port}"


@asynccontextmanager
async def two_workers(data_dir: Path) -> AsyncIterator[tuple[Worker, Worker]]:
    """Two servers of one hall, each answering browsers too, in one balancing group."""
    hall = make_hall(data_dir)
    workers: list[Worker] = []
    try:
        for number in range(2):
            server = await start_worker(hall, data_dir, number)
            web = WebServer(NameRegistry(data_dir, None))
            workers.append(Worker(server, web))
            await web.start(server)
        hall.start()
        yield workers[0], workers[1]
    finally:
        for worker in workers:
            await worker.web.close()
            await worker.server.close()
            worker.web.close_names()
        hall.close()


def held(first: Worker) -> tuple[int, int]:
    """The connections each worker holds, as the workers count them."""
    balancer = first.server.balancer
    assert balancer is not None
    return balancer.counts.held_by(0), balancer.counts.held_by(1)


def test_browsers_coming_to_one_worker_are_spread_over_both(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with two_workers(tmp_path) as (first, second), AsyncExitStack() as stack:
            tabs: dict[str, BrowserTerminal] = {}
            for number in range(8):
                browser = Browser(first, stack)  # type: ignore[arg-type]  # a Site: its url
                assert (await browser.join(f"p{number}"))[0] == 200
                tab = await browser.open(f"p{number}")
                await tab.shows(LOBBY)  # wherever it is answered, the player is in the lobby
                tabs[f"p{number}"] = tab
                counts = held(first)
                assert abs(counts[0] - counts[1]) <= MARGIN, counts
                sessions = (first.server.session_count, second.server.session_count)
                assert sum(sessions) == number + 1
            assert second.server.session_count >= 3
            # a browser answered by the second worker plays on as any other
            tab = tabs[second.server.session_players[0]]
            tab.press("?")
            await tab.shows("Keys in the lobby")
            # the ends of connections are counted on both, browsers' page requests included
            await stack.aclose()
            await wait_for(lambda: held(first) == (0, 0), what="every connection's end counted")

    run_scenario(scenario)
