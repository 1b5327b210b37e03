"""Workers even out the connections they hold (``tui.ssh.balance``): a worker holding
``MARGIN`` more than the least busy passes a new connection, as a socket, to that worker,
which serves it as its own.

The counters are checked alone; then two servers of one process share a balancing group as
two workers would, every client connecting to the first one only (the worst a system's
``SO_REUSEPORT`` could do), with real SSH clients over loopback.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import pytest
from net_helpers import LOBBY, Seat, make_hall
from test_ssh_support import connect, open_terminal, run_scenario
from waiting import wait_for

from tui.net.app import net_app_factory
from tui.play.hall import TableHall
from tui.ssh.balance import (
    MARGIN,
    Balancing,
    ConnectionCounts,
    balancing_supported,
    prepare_table,
)
from tui.ssh.config import ServerConfig
from tui.ssh.server import GameServer, Listening, start_server

pytestmark = pytest.mark.skipif(
    not balancing_supported(), reason="passing sockets between workers needs Linux"
)


def test_the_counts_say_what_each_worker_holds_and_where_a_connection_goes(
    tmp_path: Path,
) -> None:
    table = tmp_path / "connections"
    prepare_table(table, 3)
    first, second, third = (ConnectionCounts(table, 3, worker) for worker in range(3))
    try:
        assert first.target_for_new() == 0  # all equal: kept
        first.note_given(0)
        assert first.target_for_new() == 0  # one more than the others: kept
        first.note_given(0)
        assert first.target_for_new() == 1  # MARGIN more: to the least busy (the lowest)
        first.note_given(1)
        assert [third.held_by(worker) for worker in range(3)] == [2, 1, 0]
        assert first.target_for_new() == 2
        first.note_given(2)
        second.note_ended()  # worker 1's connection ended
        assert [first.held_by(worker) for worker in range(3)] == [2, 0, 1]
        assert second.target_for_new() == 1
        # worker 0 dies and starts again: none of what it held lives on
        first.close()
        first = ConnectionCounts(table, 3, 0)
        assert [third.held_by(worker) for worker in range(3)] == [0, 0, 1]
    finally:
        for counts in (first, second, third):
            counts.close()


async def start_worker(hall: TableHall, data_dir: Path, worker: int) -> GameServer:
    """Worker ``worker`` of two serving ``hall``, on a port of its own, in the hall's balancing
    group (its counts' file made by the first)."""
    table = data_dir / "run" / "connections"
    if worker == 0:
        prepare_table(table, 2)
    balancing = Balancing(group=f"test-{id(hall)}", worker=worker, count=2, table=table)
    log = logging.getLogger(f"pawnshop.test.balance.{worker}")
    config = ServerConfig(data_dir=data_dir, port=0, idle_timeout=None)
    listening = Listening(log=log, balancing=balancing)
    return await start_server(config, net_app_factory(hall), listening=listening)


@asynccontextmanager
async def two_workers(data_dir: Path) -> AsyncIterator[tuple[GameServer, GameServer]]:
    """Two servers of one hall, in one balancing group, each on a port of its own."""
    hall = make_hall(data_dir)
    servers: list[GameServer] = []
    try:
        for worker in range(2):
            servers.append(await start_worker(hall, data_dir, worker))
        hall.start()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            await server.close()
        hall.close()


def test_a_busier_worker_passes_new_connections_to_the_least_busy(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with two_workers(tmp_path) as (first, second), AsyncExitStack() as stack:
            seats: list[Seat] = []
            for number in range(8):
                connection = await stack.enter_async_context(connect(first, f"p{number}"))
                seat = Seat(connection, await open_terminal(connection))
                await seat.shows(LOBBY)  # wherever it is served, the player is in the lobby
                seats.append(seat)
                held = (first.session_count, second.session_count)
                assert sum(held) == number + 1
                assert abs(held[0] - held[1]) <= MARGIN, held
            assert (first.session_count, second.session_count) == (5, 3)
            # a player on the second worker plays on as any other
            seats[2].press("?")
            await seats[2].shows("Keys in the lobby")
            # connections ending on the second worker are counted: the next go there (the
            # third, fifth and seventh went there: each time the first held two more)
            for seat in seats[2:7:2]:
                seat.connection.close()
            await wait_for(
                lambda: second.session_count == 0 and second.connection_count == 0,
                what="the second worker's connections to end",
            )
            connection = await stack.enter_async_context(connect(first, "late"))
            await Seat(connection, await open_terminal(connection)).shows(LOBBY)
            assert (first.session_count, second.session_count) == (5, 1)

    run_scenario(scenario)


def test_a_connection_is_kept_when_the_least_busy_worker_is_gone(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with two_workers(tmp_path) as (first, second), AsyncExitStack() as stack:
            await second.close()  # its hand-off socket is closed with it
            for number in range(4):
                connection = await stack.enter_async_context(connect(first, f"p{number}"))
                await Seat(connection, await open_terminal(connection)).shows(LOBBY)
            assert first.session_count == 4

    run_scenario(scenario)
