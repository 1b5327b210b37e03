"""Two halls on one PostgreSQL database, each with a data folder of its own, as servers on two
machines have: each sees the other's tables, seats and moves, the feed's thread bringing them
in by itself as soon as PostgreSQL's NOTIFY says so; of two moves at one ply the database
keeps one."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from waiting import wait_for

from core.registry import all_games, find_game
from saves.store.postgres_tables import PostgresTableStore
from tui.net.server_hall import server_hall
from tui.play.computer import ComputerRunner
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table, TableRefusal
from tui.play.table_cache import RACED

MARTIAN = find_game("martian-chess")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")


@contextmanager
def machine(folder: Path, url: str) -> Iterator[TableHall]:
    """A server's hall with its own data folder, keeping its tables in the database."""
    folder.mkdir()
    log = logging.Logger(folder.name)
    log.addHandler(logging.FileHandler(folder / "tables.log"))
    store = PostgresTableStore(url)
    hall = server_hall(
        folder,
        log,
        store=store,
        games=list(all_games()),
        new_seed=lambda: 1,
        runner=ComputerRunner(),
    )
    try:
        yield hall
    finally:
        hall.close()
        store.close()


def play(table: Table, player: PlayerIdentity, notation: str) -> None:
    table.play(player, MARTIAN.parse_move(table.record.state, notation))


def line(table: Table) -> list[str]:
    return [node.notation for node in table.record.line()]


def same_table(hall: TableHall, number: int) -> Table:
    found = hall.table(number)
    assert found is not None
    return found


def test_halls_on_two_machines_share_tables_seats_and_moves(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        machine(tmp_path / "one", postgres_url) as here,
        machine(tmp_path / "two", postgres_url) as there,
    ):
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        there.flush()
        theirs = same_table(there, mine.number)
        assert theirs is not mine and theirs.free_seats() == [1]
        theirs.sit(BOB, 1)
        here.flush()
        assert mine.started and mine.seat_of(BOB) == 1
        play(mine, ALICE, "b1-a1")
        there.flush()
        assert line(theirs) == ["b1-a1"] and theirs.record.state == mine.record.state
        play(theirs, BOB, "c8-d8")
        here.flush()
        assert line(mine) == ["b1-a1", "c8-d8"]


def test_of_two_moves_at_one_ply_the_database_keeps_one_and_the_other_mover_is_told(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        machine(tmp_path / "one", postgres_url) as here,
        machine(tmp_path / "two", postgres_url) as there,
    ):
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        mine.sit(BOB, 1)
        there.flush()
        theirs = same_table(there, mine.number)
        play(mine, ALICE, "b1-a1")
        # The other machine has not heard of it yet: its move is at the same ply, and loses.
        with pytest.raises(TableRefusal) as refused:
            play(theirs, ALICE, "b3-c4")
        assert str(refused.value) == RACED
        assert line(theirs) == ["b1-a1"] and theirs.record.state == mine.record.state
        assert here.store.moves(mine.number) == ["b1-a1"]


def test_the_feed_brings_the_other_machines_changes_in_by_itself(
    tmp_path: Path, postgres_url: str
) -> None:
    async def scenario() -> None:
        with (
            machine(tmp_path / "one", postgres_url) as here,
            machine(tmp_path / "two", postgres_url) as there,
        ):
            here.start()
            there.start()
            mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
            await wait_for(lambda: there.table(mine.number) is not None, what="the new table")
            theirs = same_table(there, mine.number)
            mine.sit(BOB, 1)
            play(mine, ALICE, "b1-a1")
            await wait_for(lambda: line(theirs) == ["b1-a1"], what="the move")
            play(theirs, BOB, "c8-d8")
            await wait_for(lambda: line(mine) == ["b1-a1", "c8-d8"], what="the answer")

    asyncio.run(scenario())


class Screen:
    """A stand-in for a table screen: who it is."""

    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player

    def table_changed(self, table: Table, news: str) -> None:
        pass


def test_a_player_on_the_other_machine_is_present_until_their_session_leaves(
    tmp_path: Path, postgres_url: str
) -> None:
    async def scenario() -> None:
        with (
            machine(tmp_path / "one", postgres_url) as here,
            machine(tmp_path / "two", postgres_url) as there,
        ):
            here.start()
            there.start()
            mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
            alice = Screen(ALICE)
            mine.watch(alice)
            await wait_for(lambda: there.table(mine.number) is not None, what="the new table")
            theirs = same_table(there, mine.number)
            await wait_for(lambda: theirs.is_present(0), what="alice present there")
            mine.unwatch(alice)
            await wait_for(lambda: not theirs.is_present(0), what="alice away there")

    asyncio.run(scenario())
