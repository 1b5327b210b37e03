"""Halls in two processes on one data folder: each sees the tables and moves of the other
through the store's change feed, and a computer seat is played only by the process holding
its lease: while that process lives nobody else plays it, and once it is killed its lease runs
out and another process plays the seat on."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import sqlite3
from contextlib import closing
from functools import partial
from pathlib import Path
from typing import Any

from waiting import wait_for

from core.registry import find_game
from saves import paths
from tui.play.computer import ComputerRunner, SearchHandle, SearchRequest
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.play.table_computers import lease_key

MARTIAN = find_game("martian-chess")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")
SPAWN = multiprocessing.get_context("spawn")
#: Seconds a process holds a lease without renewing it: short, for the test's sake.
LEASE = 1.0
DEADLINE = 30.0


class NoThinking(ComputerRunner):
    """A runner that cannot search: its process holds the lease but never moves."""

    def submit(self, request: SearchRequest) -> SearchHandle:
        raise RuntimeError("this process does not think")


class Counting(ComputerRunner):
    """A runner counting the searches asked of it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def submit(self, request: SearchRequest) -> SearchHandle:
        self.asked += 1
        return super().submit(request)


def hall(data: Path, runner: ComputerRunner, name: str) -> TableHall:
    log = logging.Logger(name)
    log.addHandler(logging.FileHandler(data / f"{name}.log"))
    return TableHall(data, log, runner=runner, new_seed=lambda: 1, lease_seconds=LEASE)


def serve_a_table(data: str, computer: bool, ready: Any) -> None:
    """Another server process: open table 1 (alice against a computer that cannot think, or
    waiting for a player who then plays b1-a1 as bob), and run until killed."""

    async def run() -> None:
        other = hall(Path(data), NoThinking(), "other")
        other.start()
        if computer:
            other.open_table(MARTIAN, {}, ["computer:easy", ME], ALICE)
        else:
            table = other.open_table(MARTIAN, {}, [OPEN, ME], ALICE)
            await wait_for(lambda: table.started, DEADLINE, "bob")
            table.play(BOB, MARTIAN.parse_move(table.record.state, "b1-a1"))
        ready.set()
        await asyncio.Event().wait()

    asyncio.run(run())


def started(data: Path, computer: bool) -> tuple[multiprocessing.process.BaseProcess, Any]:
    ready = SPAWN.Event()
    process = SPAWN.Process(target=serve_a_table, args=(str(data), computer, ready), daemon=True)
    process.start()
    return process, ready


def lease_expiry(data: Path) -> float:
    """When the lease of table 1's computers runs out, as the store has it now."""
    with closing(sqlite3.connect(paths.store_file(data))) as store:
        row = store.execute(
            "SELECT expires FROM server_leases WHERE key = ?", (lease_key(1),)
        ).fetchone()
    return float(row[0]) if row else 0.0


def renewed(data: Path, seen: float) -> bool:
    return lease_expiry(data) > seen


def kill(process: multiprocessing.process.BaseProcess) -> None:
    if process.exitcode is None:
        assert process.pid is not None
        os.kill(process.pid, signal.SIGKILL)
        process.join(DEADLINE)


def test_two_processes_see_each_others_tables_and_moves(tmp_path: Path) -> None:
    process, ready = started(tmp_path, computer=False)

    async def scenario() -> None:
        here = hall(tmp_path, Counting(), "here")
        here.start()
        try:
            await wait_for(lambda: here.table(1) is not None, DEADLINE, "the other's table")
            table = here.table(1)
            assert table is not None and table.holders[1] is not None
            assert table.holders[1].name == "alice" and table.free_seats() == [0]
            table.sit(BOB, 0)
            await asyncio.to_thread(ready.wait, DEADLINE)
            await wait_for(lambda: table.record.current.ply == 1, DEADLINE, "bob's move")
            assert [node.notation for node in table.record.line()] == ["b1-a1"]
        finally:
            here.close()

    try:
        asyncio.run(scenario())
    finally:
        kill(process)


def test_a_computer_seat_is_played_by_the_lease_holder_alone_and_on_after_its_death(
    tmp_path: Path,
) -> None:
    process, ready = started(tmp_path, computer=True)
    runner = Counting()

    async def scenario() -> None:
        assert await asyncio.to_thread(ready.wait, DEADLINE)
        here = hall(tmp_path, runner, "here")
        try:
            assert here.restore() == 1
            here.start()
            table: Table | None = here.table(1)
            assert table is not None and table.live
            holder = here.store.lease_holder(lease_key(1))
            assert holder is not None and f":{process.pid}:" in holder
            # Three renewals of the lease later (each a round of this hall looking for seats
            # to play), this process has still not played the seat.
            for _ in range(3):
                seen = lease_expiry(tmp_path)
                await wait_for(partial(renewed, tmp_path, seen), DEADLINE, "a renewal")
            assert runner.asked == 0 and table.record.current.ply == 0
            kill(process)
            await wait_for(lambda: table.record.current.ply == 1, DEADLINE, "the move")
            assert runner.asked >= 1 and here.store.lease_holder(lease_key(1)) == here.holder
            assert here.store.moves(1) == [table.record.current.notation]
        finally:
            here.close()

    try:
        asyncio.run(scenario())
    finally:
        kill(process)
