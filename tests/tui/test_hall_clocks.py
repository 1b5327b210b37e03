"""A table's clocks run from when its last move was made, by the store's clock, in every
process: another process's move does not restart the running clock from when this process
heard of it, and a server started again counts the time since the last move. The store's
clock is a fake here (the tables' own time is the real monotonic clock, so the figures hold
to within the time the test itself takes)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from core.record import GameRecord
from core.registry import find_game
from core.time_control import TIME_CONTROL_TAG
from saves.store.sqlite_tables import SqliteTableStore
from saves.store.tables import StoredSeat, StoredTable, TableStore
from tui.net.server_hall import server_hall
from tui.play.computer import ComputerRunner
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.stored_tables import note_clock
from tui.play.table import Table

MARTIAN = find_game("martian-chess")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")
#: Five minutes a player, nothing added.
FIVE_MINUTES = {TIME_CONTROL_TAG: "300"}
#: How far the real time the test takes may move a clock.
SLACK = 2.0


class StoreClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


OpenStore = Callable[[Path, StoreClock], TableStore]


@pytest.fixture(params=["sqlite", "postgres"])
def open_store(request: pytest.FixtureRequest) -> OpenStore:
    """The store of a process with its data folder, on the given clock: the folder's SQLite,
    or one PostgreSQL database for every process (each then with a folder of its own, as on
    machines of their own)."""
    if request.param == "sqlite":
        return lambda folder, clock: SqliteTableStore(folder.parent, clock=clock)
    url = request.getfixturevalue("postgres_url")
    from saves.store.postgres_tables import PostgresTableStore

    return lambda folder, clock: PostgresTableStore(url, clock=clock)


@contextmanager
def process(folder: Path, clock: StoreClock, open_store: OpenStore) -> Iterator[TableHall]:
    """A server process's hall with the data folder ``folder`` (on SQLite, the processes
    share its parent's store), on a store whose clock is ``clock``."""
    folder.mkdir(exist_ok=True)
    log = logging.Logger(folder.name)
    log.addHandler(logging.FileHandler(folder / "tables.log"))
    store = open_store(folder, clock)
    hall = server_hall(
        folder, log, store=store, games=[MARTIAN], new_seed=lambda: 1, runner=ComputerRunner()
    )
    try:
        yield hall
    finally:
        hall.close()
        store.close()


def left(table: Table, seat: int) -> float:
    clocks = table.clocks
    assert clocks is not None
    return clocks.remaining(seat)


def test_another_process_runs_the_clock_from_the_move_not_from_hearing_of_it(
    tmp_path: Path, open_store: OpenStore
) -> None:
    clock = StoreClock()
    with (
        process(tmp_path / "here", clock, open_store) as here,
        process(tmp_path / "there", clock, open_store) as there,
    ):
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE, tags=FIVE_MINUTES)
        mine.sit(BOB, 1)
        mine.play(ALICE, MARTIAN.parse_move(mine.record.state, "b1-a1"))
        clock.now += 40.0  # North thinks 40 s before the other process hears of the move
        there.flush()
        theirs = there.table(mine.number)
        assert theirs is not None and theirs.record.current.ply == 1
        assert 300 - 40 - SLACK < left(theirs, 1) <= 300 - 40
        assert 300 - SLACK < left(theirs, 0) <= 300  # South's clock stands


def test_a_server_started_again_counts_the_time_since_the_last_move(
    tmp_path: Path, open_store: OpenStore
) -> None:
    clock = StoreClock()
    with process(tmp_path / "before", clock, open_store) as before:
        table = before.open_table(MARTIAN, {}, [ME, OPEN], ALICE, tags=FIVE_MINUTES)
        table.sit(BOB, 1)
        table.play(ALICE, MARTIAN.parse_move(table.record.state, "b1-a1"))
        number = table.number
    clock.now += 100.0  # the server is down 100 s
    with process(tmp_path / "after", clock, open_store) as after:
        after.restore()
        again = after.table(number)
        assert again is not None
        assert 300 - 100 - SLACK < left(again, 1) <= 300 - 100


def test_the_clocks_of_a_table_read_back_start_when_the_store_says() -> None:
    """On an injected time: a table read with its clock run 25 s runs it from 25 s ago; one
    whose game has not begun starts its clocks when they are made."""
    now = [500.0]
    record = GameRecord(MARTIAN, seed=1)
    record.tags.update(FIVE_MINUTES)
    hall_table = Table(1, record, [None, None])
    hall_table.time = lambda: now[0]
    seats = (StoredSeat("alice", "name:alice"), StoredSeat("bob", "name:bob"))
    stored = StoredTable(1, MARTIAN.id, "", 0, seats, "open", 3, clock_age=25.0)
    note_clock(hall_table, stored)
    assert hall_table.clock_since == 475.0
    note_clock(hall_table, StoredTable(1, MARTIAN.id, "", 0, (seats[0], None), "open", 2, "", 9.0))
    assert hall_table.clock_since is None
