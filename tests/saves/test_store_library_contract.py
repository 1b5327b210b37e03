"""What every store's library index does, checked on each (SQLite and PostgreSQL): a sync
reads only new and changed files and forgets gone ones, a bad file is read again each time,
and listing and counting serve the entries sorted and filtered exactly as ``saves.catalog``
does in Python, in the library's own order (newest first, then by file name, bad files last
by name), whatever the names, players, dates and queries.

What is one store's own (a SQLite file set aside, a PostgreSQL server that cannot be reached)
is in ``test_store_sqlite*.py`` and ``test_store_postgres*.py``."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from library_helpers import fill, game_file
from save_helpers import NOW, toy_record, write
from toy_game import find_toy_game

from core import find_game
from saves import paths
from saves.catalog import COLUMNS, filter_entries, sort_entries
from saves.entry import LibraryEntry
from saves.format import dumps
from saves.header import GameLookup
from saves.store.sql_library import SqlLibraryIndex

#: Opens a store's index of the games of a data folder.
OpenIndex = Callable[..., SqlLibraryIndex]


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def open_index(request: pytest.FixtureRequest) -> Iterator[OpenIndex]:
    """The store's index of a data folder's games. PostgreSQL indexes one data folder per
    database: here one database serves the tests one after the other, emptied whenever a
    test opens an index on another data folder than the last."""
    if request.param == "sqlite":
        from saves.store.sqlite_library import SqliteLibraryIndex

        def sqlite(data: Path, games: GameLookup = find_toy_game) -> SqlLibraryIndex:
            return SqliteLibraryIndex(data, games=games)

        yield sqlite
        return
    import psycopg

    from saves.store.postgres_library import PostgresLibraryIndex

    cluster = request.getfixturevalue("postgres_cluster")
    url = cluster.new_database()
    indexed: list[Path] = []

    def postgres(data: Path, games: GameLookup = find_toy_game) -> SqlLibraryIndex:
        index = PostgresLibraryIndex(url, data, games=games)
        if indexed != [Path(data)]:
            with psycopg.connect(url, autocommit=True) as connection:
                connection.execute("TRUNCATE library_games")
            indexed[:] = [Path(data)]
        return index

    yield postgres
    cluster.drop_database(url)


def synced(open_index: OpenIndex, data: Path) -> list[LibraryEntry]:
    with open_index(data) as opened:
        opened.sync()
        return opened.list()


def test_a_second_sync_reads_no_unchanged_file(
    open_index: OpenIndex, tmp_path: Path, reads: list[str]
) -> None:
    fill(tmp_path, 5)
    first = synced(open_index, tmp_path)
    assert sorted(reads) == [f"game-{n}.pawn" for n in range(5)]
    reads.clear()
    assert synced(open_index, tmp_path) == first
    assert reads == []


def test_a_changed_file_is_read_again(
    open_index: OpenIndex, tmp_path: Path, reads: list[str]
) -> None:
    fill(tmp_path, 3)
    synced(open_index, tmp_path)
    reads.clear()
    path = game_file(tmp_path, "game-1.pawn")
    write(path, dumps(toy_record(["a1", "b1", "c1"], players=("Zoe", "Bob")), NOW))
    os.utime(path, ns=(1, 1))  # a different time, whatever the clock's resolution
    entries = {entry.name: entry for entry in synced(open_index, tmp_path)}
    assert reads == ["game-1.pawn"]
    assert entries["game-1.pawn"].players == ("Zoe", "Bob")
    assert entries["game-1.pawn"].plies == 3


def test_new_renamed_and_deleted_files_are_seen(
    open_index: OpenIndex, tmp_path: Path, reads: list[str]
) -> None:
    fill(tmp_path, 4)
    synced(open_index, tmp_path)
    reads.clear()
    game_file(tmp_path, "game-0.pawn").unlink()
    os.rename(game_file(tmp_path, "game-1.pawn"), game_file(tmp_path, "renamed.pawn"))
    write(game_file(tmp_path, "new.pawn"), dumps(toy_record(), NOW))
    entries = synced(open_index, tmp_path)
    assert sorted(entry.name for entry in entries) == [
        "game-2.pawn",
        "game-3.pawn",
        "new.pawn",
        "renamed.pawn",
    ]
    assert sorted(reads) == ["new.pawn", "renamed.pawn"]
    renamed = next(entry for entry in entries if entry.name == "renamed.pawn")
    assert renamed.players == ("Ann1", "Bob")
    with open_index(tmp_path) as opened:
        rows = opened.connection.execute("SELECT path FROM library_games ORDER BY path")
        assert [row[0] for row in rows] == [
            "games/game-2.pawn",
            "games/game-3.pawn",
            "games/new.pawn",
            "games/renamed.pawn",
        ]


def test_a_bad_file_is_read_every_time_and_listed_with_its_problem(
    open_index: OpenIndex, tmp_path: Path, reads: list[str]
) -> None:
    fill(tmp_path, 2)
    write(game_file(tmp_path, "bad.pawn"), "not a save")
    synced(open_index, tmp_path)
    for _ in range(2):
        reads.clear()
        entries = synced(open_index, tmp_path)
        assert [entry.name for entry in entries if not entry.ok] == ["bad.pawn"]
        assert reads == ["bad.pawn"]


def test_a_game_no_longer_known_is_read_again_and_shows_why(
    open_index: OpenIndex, tmp_path: Path
) -> None:
    fill(tmp_path, 2)
    synced(open_index, tmp_path)
    with open_index(tmp_path, games=find_game) as opened:  # no Toy Nim among the real games
        opened.sync()
        entries = opened.list()
    assert [entry.ok for entry in entries] == [False, False]
    assert all("toy-nim" in (entry.problem or "") for entry in entries)
    assert all(entry.ok for entry in synced(open_index, tmp_path))


def test_listing_and_counting_in_pages_sorted_and_filtered(
    open_index: OpenIndex, tmp_path: Path
) -> None:
    fill(tmp_path, 12)
    write(game_file(tmp_path, "bad.pawn"), "[Format ")
    with open_index(tmp_path) as opened:
        opened.sync()
        assert opened.count() == 13
        assert opened.count("ann1") == 3  # Ann1, Ann10, Ann11
        assert opened.count("ANN1 game-10") == 1
        assert opened.count("never closed") == 1
        assert opened.count("nobody") == 0
        everything = opened.list("players")
        assert [entry.players[0] for entry in everything[:3]] == ["Ann0", "Ann1", "Ann10"]
        assert everything[-1].name == "bad.pawn"
        assert opened.list("players", limit=3, offset=2) == everything[2:5]
        assert opened.list("players", offset=11) == everything[11:]
        down = opened.list("moves", descending=True, filter="bob")
        assert [entry.plies for entry in down] == [1] * 6 + [0] * 6


def test_an_index_opened_in_one_thread_is_served_in_another(
    open_index: OpenIndex, tmp_path: Path
) -> None:
    fill(tmp_path, 3)
    with open_index(tmp_path) as opened, ThreadPoolExecutor(1) as worker:
        worker.submit(opened.sync).result(timeout=30)
        assert len(worker.submit(opened.list).result(timeout=30)) == 3
        assert opened.count() == 3


# -- in the catalog's orders ------------------------------------------------------------------

#: Letters whose order or case folding differ (``ß`` folds to ``ss``, ``É`` to ``é``) and
#: characters markup would read.
LETTERS = "aAbBsSßéÉz1-[]$"
MOVES = ([], ["a1"], ["a3", "a1", "b3", "c3", "c2"])

file_stems = st.text(alphabet=LETTERS, min_size=1, max_size=4)
names = st.text(alphabet=LETTERS + " ", min_size=1, max_size=5).filter(lambda n: n.strip())
games = st.fixed_dictionaries(
    {
        "players": st.tuples(names, names),
        "moves": st.sampled_from(MOVES),
        "days": st.integers(0, 2),
        "seconds": st.sampled_from([0, 0, 1]),
        "bad": st.integers(0, 5).map(lambda n: n == 0),
    }
)
libraries = st.dictionaries(file_stems, games, max_size=10)
queries = st.text(alphabet=LETTERS + " .:vn", max_size=6)


def write_library(data: Path, library: dict[str, dict]) -> None:
    for stem, game in library.items():
        path = paths.games_dir(data) / f"{stem}.pawn"
        if path.exists():  # a name that differs only by case on a folding file system
            continue
        if game["bad"]:
            write(path, "[Format ")
            continue
        when = NOW - timedelta(days=game["days"], seconds=game["seconds"])
        record = toy_record(game["moves"], players=game["players"])
        write(path, dumps(record, when))


def library_order(entries: list[LibraryEntry]) -> list[LibraryEntry]:
    """The order the library listed its files in before it had an index."""
    ordered = sorted(entries, key=lambda entry: entry.name)
    ordered.sort(key=lambda entry: (entry.date, entry.time), reverse=True)
    ordered.sort(key=lambda entry: not entry.ok)
    return ordered


@settings(max_examples=60, deadline=None)
@given(library=libraries, query=queries)
def test_sorting_and_filtering_agree_with_the_catalog(
    open_index: OpenIndex, library: dict, query: str
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        write_library(data, library)
        with open_index(data) as index:
            index.sync()
            entries = index.list()
            assert entries == library_order(entries)
            assert index.count() == len(entries) == len(list(paths.games_dir(data).glob("*")))
            assert index.count(query) == len(filter_entries(entries, query))
            for column in COLUMNS:
                for descending in (False, True):
                    expected = filter_entries(
                        sort_entries(entries, column, descending=descending), query
                    )
                    assert index.list(column, descending, query) == expected
                    assert (
                        index.list(column, descending, query, limit=3, offset=1) == (expected[1:4])
                    )


def test_the_entries_hold_what_the_files_say(open_index: OpenIndex, tmp_path: Path) -> None:
    when = datetime(2026, 1, 2, 3, 4, 5)
    record = toy_record(["a1"], players=("[b]Ann[/b]", "Bo $x"))
    path = write(paths.games_dir(tmp_path) / "one.pawn", dumps(record, when))
    with open_index(tmp_path) as index:
        index.sync()
        assert index.list() == [
            LibraryEntry(
                path,
                game_id="toy-nim",
                game_name="Toy Nim",
                players=("[b]Ann[/b]", "Bo $x"),
                result="*",
                plies=1,
                date="2026.01.02",
                time="03:04:05",
            )
        ]
        assert index.count("[b]ann") == 1 and index.count("2026-01-02 bo") == 1
