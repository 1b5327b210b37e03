"""A rated game whose process died before filing it is rated by the process that files it
later, exactly once: whether the dying process had rated it or not, and on SQLite as on
PostgreSQL (each hall with its own data folder there, as on two machines)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_hall_filing import LEASE
from test_play_rated_games import ALICE, BOB, play_to_the_end

from core.registry import find_game
from saves.store.sql_players import SqlPlayerStore
from saves.store.tables import TableStore
from tui.play.computer import ComputerRunner
from tui.play.hall import ME, OPEN, TableHall
from tui.play.rated_games import rated_tags
from tui.play.table import Table

MARTIAN = find_game("martian-chess")

OpenStore = Callable[[Path], TableStore | None]


@dataclass(frozen=True)
class Server:
    """How a process of the server opens its store (``None``: the SQLite store of its data
    folder) and which data folder a process of each name has."""

    open_store: OpenStore
    folder: Callable[[str], Path]


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Server:
    """On SQLite, the processes of one machine share its data folder; on PostgreSQL each has
    its own, as on machines of their own."""
    if request.param == "sqlite":
        return Server(lambda folder: None, lambda name: tmp_path)
    url = request.getfixturevalue("postgres_url")
    from saves.store.postgres_tables import PostgresTableStore

    return Server(lambda folder: PostgresTableStore(url), lambda name: tmp_path / name)


@contextmanager
def hall_on(folder: Path, open_store: OpenStore) -> Iterator[TableHall]:
    folder.mkdir(exist_ok=True)
    log = logging.Logger(folder.name)
    log.addHandler(logging.FileHandler(folder / "tables.log"))
    store = open_store(folder)
    hall = TableHall(
        folder,
        log,
        store=store,
        runner=ComputerRunner(),
        new_seed=lambda: 1,
        lease_seconds=LEASE,
    )
    try:
        yield hall
    finally:
        hall.close()
        if store is not None:
            store.close()


def games_rated(players: SqlPlayerStore) -> list[int]:
    """How many rated games alice and bob have played."""
    ratings = [players.rating(who.key, MARTIAN.id) for who in (ALICE, BOB)]
    return [0 if rating is None else rating.games for rating in ratings]


def finished_by_a_dying_process(server: Server, *, rated_first: bool) -> int:
    """A rated game finished by a process that dies before filing it (having rated it first,
    or not), its claim on the filing run out; the table's number."""
    with hall_on(server.folder("dying"), server.open_store) as dying:
        table = dying.open_table(MARTIAN, {}, [ME, OPEN], ALICE, tags=rated_tags(True))
        table.sit(BOB, 1)

        def dies_before_filing(table: Table) -> None:
            if rated_first:
                dying._rate(table)

        setattr(dying, "_finished", dies_before_filing)  # noqa: B010
        play_to_the_end(table)
        dying.leases.release_all()
        dying.filing.release(table.number)  # as if its claim had run out
        assert games_rated(dying.players) == ([1, 1] if rated_first else [0, 0])
        return table.number


@pytest.mark.parametrize("rated_first", [False, True], ids=["unrated", "rated-first"])
def test_a_rated_game_filed_after_its_process_died_is_rated_once(
    server: Server, rated_first: bool
) -> None:
    number = finished_by_a_dying_process(server, rated_first=rated_first)
    with hall_on(server.folder("later"), server.open_store) as later:
        later.restore()
        entry = later.store.archived(number)
        assert entry is not None and entry.filed_as
        assert games_rated(later.players) == [1, 1]
        assert later.players.was_rated(number)
    with hall_on(server.folder("again"), server.open_store) as again:
        again.restore()
        assert again.filing.file_left(entry) is None  # filed: nothing to do
        assert games_rated(again.players) == [1, 1]
