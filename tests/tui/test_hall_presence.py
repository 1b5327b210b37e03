"""Who is present, across the processes of a server: two halls on one store (as two server
processes have) each count the players and spectators whose sessions are on the other, in
the lobby's seats and spectators and at the table's screens; a session that leaves cleanly
stops counting at once, and the sessions of a process that is killed once its presence runs
out."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
from pathlib import Path
from typing import Any

from net_helpers import make_hall
from waiting import wait_for

from core.registry import find_game
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.play.table_rows import seats_text

MARTIAN = find_game("martian-chess")
ALICE, BOB, CAROL = PlayerIdentity("alice"), PlayerIdentity("bob"), PlayerIdentity("carol")
NOBODY = PlayerIdentity("")
SPAWN = multiprocessing.get_context("spawn")
#: Seconds a process's presence lasts without renewal: short, for the test's sake.
LEASE = 1.0
DEADLINE = 30.0


class Screen:
    """A stand-in for a table screen: who it is and how often it heard of the table."""

    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player
        self.told = 0

    def table_changed(self, table: Table, news: str) -> None:
        self.told += 1


class Lobby:
    def __init__(self) -> None:
        self.told = 0

    def hall_changed(self) -> None:
        self.told += 1


def same_table(hall: TableHall, number: int) -> Table:
    found = hall.table(number)
    assert found is not None
    return found


def test_a_player_whose_session_is_on_the_other_process_is_present(tmp_path: Path) -> None:
    here, there = make_hall(tmp_path), make_hall(tmp_path)
    try:
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        mine.watch(Screen(ALICE))
        there.flush()
        theirs = same_table(there, mine.number)
        assert theirs.is_present(0) and seats_text(theirs, NOBODY) == "alice · free"

        theirs.sit(BOB, 1)
        bob = Screen(BOB)
        theirs.watch(bob)
        theirs.watch(Screen(CAROL))  # a spectator
        theirs.watch(Screen(CAROL))  # the same person again, in another session
        alice = Screen(ALICE)
        mine.watch(alice)
        lobby = Lobby()
        here.watch(lobby)
        told, lobby_told = alice.told, lobby.told
        here.flush()
        assert mine.is_present(1) and seats_text(mine, ALICE) == "you · bob"
        assert mine.spectators == 2 and theirs.spectators == 2
        assert alice.told > told and lobby.told > lobby_told

        # Bob's session leaves cleanly: he is away on the other process at once.
        theirs.unwatch(bob)
        here.flush()
        assert not mine.is_present(1) and seats_text(mine, ALICE) == "you · bob (away)"
        assert mine.spectators == 2
    finally:
        here.close()
        there.close()


def test_the_feed_brings_presence_in_by_itself(tmp_path: Path) -> None:
    async def scenario() -> None:
        here, there = make_hall(tmp_path), make_hall(tmp_path)
        here.start()
        there.start()
        try:
            mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
            await wait_for(lambda: there.table(mine.number) is not None, DEADLINE, "the table")
            theirs = same_table(there, mine.number)
            bob = Screen(BOB)
            theirs.watch(bob)
            assert not theirs.is_present(0)
            mine.watch(Screen(ALICE))
            await wait_for(lambda: theirs.is_present(0), DEADLINE, "alice present there")
            assert bob.told >= 2  # watching, then alice's arrival
            await wait_for(lambda: mine.spectators == 1, DEADLINE, "bob counted here")
        finally:
            here.close()
            there.close()

    asyncio.run(scenario())


def hall_in(data: Path, name: str) -> TableHall:
    from tui.play.computer import ComputerRunner

    log = logging.Logger(name)
    log.addHandler(logging.FileHandler(data / f"{name}.log"))
    return TableHall(data, log, runner=ComputerRunner(), new_seed=lambda: 1, lease_seconds=LEASE)


def alice_at_a_table(data: str, ready: Any) -> None:
    """Another server process: alice opens table 1, her screen shows it, until killed."""

    async def run() -> None:
        other = hall_in(Path(data), "other")
        other.start()
        table = other.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        table.watch(Screen(ALICE))
        ready.set()
        await asyncio.Event().wait()

    asyncio.run(run())


def test_the_players_of_a_killed_process_are_away_once_its_presence_runs_out(
    tmp_path: Path,
) -> None:
    ready = SPAWN.Event()
    process = SPAWN.Process(target=alice_at_a_table, args=(str(tmp_path), ready), daemon=True)
    process.start()

    async def scenario() -> None:
        assert await asyncio.to_thread(ready.wait, DEADLINE)
        here = hall_in(tmp_path, "here")
        try:
            here.restore()
            here.start()
            table = same_table(here, 1)
            assert table.is_present(0) and seats_text(table, BOB) == "alice · free"
            lobby, screen = Lobby(), Screen(BOB)
            here.watch(lobby)
            table.watch(screen)
            told = screen.told
            assert process.pid is not None
            os.kill(process.pid, signal.SIGKILL)
            await wait_for(lambda: not table.is_present(0), DEADLINE, "alice away")
            assert seats_text(table, BOB) == "alice (away) · free"
            assert screen.told > told and lobby.told > 0
        finally:
            here.close()

    try:
        asyncio.run(scenario())
    finally:
        if process.exitcode is None and process.pid is not None:
            os.kill(process.pid, signal.SIGKILL)
        process.join(DEADLINE)
