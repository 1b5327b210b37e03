"""Several processes share each store's library index (SQLite and PostgreSQL): two syncing at
once neither corrupt nor duplicate a row, one lists while another writes, and a process killed
in the middle of a sync leaves an index the next sync brings up to date with the files."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from save_helpers import NOW, toy_record, write
from toy_game import find_toy_game

from saves import paths
from saves.entry import LibraryEntry, describe
from saves.format import dumps
from saves.store.sql_library import BATCH, SqlLibraryIndex

HERE = Path(__file__).parent
ROOT = HERE.parent.parent

#: A process working on the index of the data folder ``argv[2]`` (in the PostgreSQL database
#: ``argv[3]``, or else in SQLite): ``sync`` syncs it, ``slow-sync`` too but reading each file
#: slowly, ``list`` lists and counts until the file ``stop`` appears in the data folder.
CHILD = f"""
import sys, time
from pathlib import Path
sys.path[:0] = [{str(ROOT)!r}, {str(HERE)!r}]
from toy_game import find_toy_game
from saves.store import sql_library

mode, data, url = sys.argv[1], sys.argv[2], sys.argv[3]


def opened():
    if url:
        from saves.store.postgres_library import PostgresLibraryIndex

        return PostgresLibraryIndex(url, data, games=find_toy_game)
    from saves.store.sqlite_library import SqliteLibraryIndex

    return SqliteLibraryIndex(data, games=find_toy_game)


if mode == "slow-sync":
    describe = sql_library.describe

    def slow(path, **kwargs):
        time.sleep(0.002)
        return describe(path, **kwargs)

    sql_library.describe = slow
if mode in ("sync", "slow-sync"):
    with opened() as index:
        index.sync()
        print(index.count())
else:
    listings = 0
    while True:
        stop = (Path(data) / "stop").exists()
        with opened() as index:
            index.list(limit=30)
            index.count("bob")
        listings += 1
        if stop:
            break
    print(listings)
"""


@dataclass
class Store:
    """One store's ways, for these tests: its URL for the child processes (empty for
    SQLite), opening its index, counting its rows and distinct paths as a third process
    would (``(0, 0)`` before the table is made), and its own check that its database is
    whole, where it has one."""

    url: str
    open: Callable[[Path], SqlLibraryIndex]
    rows: Callable[[Path], tuple[int, int]]
    whole: Callable[[SqlLibraryIndex], bool] | None = None


def sqlite_rows(data: Path) -> tuple[int, int]:
    connection = sqlite3.connect(paths.store_file(data), timeout=30)
    try:
        found = connection.execute("SELECT count(*), count(DISTINCT path) FROM library_games")
        return found.fetchone()
    except sqlite3.OperationalError:  # the table is not made yet
        return (0, 0)
    finally:
        connection.close()


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    if request.param == "sqlite":
        from saves.store.sqlite_library import SqliteLibraryIndex

        def open_sqlite(data: Path) -> SqlLibraryIndex:
            return SqliteLibraryIndex(data, games=find_toy_game)

        def integrity(index: SqlLibraryIndex) -> bool:
            assert isinstance(index, SqliteLibraryIndex)
            return index.connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)

        yield Store("", open_sqlite, sqlite_rows, integrity)
        return
    import psycopg

    from saves.store.postgres_library import PostgresLibraryIndex

    url = request.getfixturevalue("postgres_url")

    def open_postgres(data: Path) -> SqlLibraryIndex:
        return PostgresLibraryIndex(url, data, games=find_toy_game)

    def postgres_rows(data: Path) -> tuple[int, int]:
        with psycopg.connect(url) as connection:
            if connection.execute("SELECT to_regclass('library_games')").fetchone() == (None,):
                return (0, 0)
            found = connection.execute(
                "SELECT count(*), count(DISTINCT path) FROM library_games"
            ).fetchone()
            assert found is not None
            return (int(found[0]), int(found[1]))

    yield Store(url, open_postgres, postgres_rows)


def child(mode: str, data: Path, store: Store) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, mode, str(data), store.url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def fill(data: Path, count: int) -> None:
    text = dumps(toy_record(["a1"]), NOW)
    folder = paths.games_dir(data)
    folder.mkdir(parents=True)
    for number in range(count):
        (folder / f"game-{number:05}.pawn").write_text(
            text.replace('"Bob"', f'"Bob{number}"', 1), encoding="utf-8"
        )


def from_the_files(data: Path) -> list[LibraryEntry]:
    """What the index must list: every file described afresh, in the library's order."""
    entries = [describe(path, games=find_toy_game) for path in paths.games_dir(data).glob("*.pawn")]
    entries.sort(key=lambda entry: entry.name)
    entries.sort(key=lambda entry: (entry.date, entry.time), reverse=True)
    entries.sort(key=lambda entry: not entry.ok)
    return entries


def finished(process: subprocess.Popen[str]) -> str:
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    return out


def test_two_processes_syncing_at_once_keep_one_row_per_file(tmp_path: Path, store: Store) -> None:
    fill(tmp_path, 1500)
    first, second = child("sync", tmp_path, store), child("sync", tmp_path, store)
    assert finished(first).split() == ["1500"]
    assert finished(second).split() == ["1500"]
    assert store.rows(tmp_path) == (1500, 1500)
    with store.open(tmp_path) as index:
        if store.whole is not None:
            assert store.whole(index)
        assert index.list() == from_the_files(tmp_path)


def test_a_process_lists_while_another_writes(tmp_path: Path, store: Store) -> None:
    fill(tmp_path, 1500)
    with store.open(tmp_path):
        pass  # the database made, so that the lister finds a schema
    lister = child("list", tmp_path, store)
    writer = child("slow-sync", tmp_path, store)
    assert finished(writer).split() == ["1500"]
    (tmp_path / "stop").touch()
    listings = int(finished(lister))
    assert listings >= 1
    assert store.rows(tmp_path) == (1500, 1500)


def test_a_sync_killed_half_way_is_finished_by_the_next(tmp_path: Path, store: Store) -> None:
    fill(tmp_path, 4 * BATCH)
    process = child("slow-sync", tmp_path, store)
    deadline = time.monotonic() + 60
    while store.rows(tmp_path)[0] == 0:  # until the first batch is written
        assert time.monotonic() < deadline and process.poll() is None, "the sync never wrote"
        time.sleep(0.02)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    written, distinct = store.rows(tmp_path)
    assert 0 < written < 4 * BATCH and written == distinct
    folder = paths.games_dir(tmp_path)
    (folder / "game-00000.pawn").unlink()
    changed = folder / f"game-{4 * BATCH - 1:05}.pawn"
    write(changed, dumps(toy_record(["a1", "b1"], players=("Zed", "Bob")), NOW))
    write(folder / "bad.pawn", "[Format ")
    with store.open(tmp_path) as index:
        index.sync()
        assert index.list() == from_the_files(tmp_path)
        assert index.count() == 4 * BATCH
