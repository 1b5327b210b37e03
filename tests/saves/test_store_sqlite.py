"""The library's index in the SQLite store, what is SQLite's own (what every store's index
does is in ``test_store_library_contract.py``): one file in the data folder in WAL mode, its
schema brought forward, and a database that is damaged or from a newer pawnshop set aside and
made anew, never touching a game file."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from library_helpers import fill, game_file
from save_helpers import files_in, write
from toy_game import find_toy_game

from saves import paths
from saves.entry import LibraryEntry
from saves.library import list_games
from saves.store import sqlite as store_sqlite
from saves.store.sqlite_library import SqliteLibraryIndex


@pytest.fixture(autouse=True)
def new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test is a process that has not checked any database yet."""
    monkeypatch.setattr(store_sqlite, "_checked", set())


def index(tmp_path: Path, games: Any = find_toy_game) -> SqliteLibraryIndex:
    return SqliteLibraryIndex(tmp_path, games=games)


def synced(tmp_path: Path) -> list[LibraryEntry]:
    with index(tmp_path) as opened:
        opened.sync()
        return opened.list()


def test_the_store_is_one_file_in_the_data_folder_in_wal_mode(tmp_path: Path) -> None:
    fill(tmp_path, 1)
    with index(tmp_path) as opened:
        connection = opened.connection
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("PRAGMA foreign_keys").fetchone() == (1,)
        assert connection.execute("PRAGMA busy_timeout").fetchone()[0] > 0
        assert store_sqlite.schema_version(connection) == store_sqlite.SCHEMA_VERSION
    assert paths.store_file(tmp_path) == tmp_path / "pawnshop.sqlite3"
    assert paths.store_file(tmp_path).is_file()


def test_migrations_bring_an_older_schema_forward(tmp_path: Path) -> None:
    connection = sqlite3.connect(paths.store_file(tmp_path), isolation_level=None)
    connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    connection.execute("INSERT INTO schema_version VALUES (0)")
    connection.close()
    fill(tmp_path, 2)
    assert len(synced(tmp_path)) == 2
    with index(tmp_path) as opened:
        assert store_sqlite.schema_version(opened.connection) == store_sqlite.SCHEMA_VERSION


def test_a_database_of_the_first_version_is_migrated_keeping_its_rows(
    tmp_path: Path, reads: list[str]
) -> None:
    fill(tmp_path, 3)
    first = synced(tmp_path)
    connection = sqlite3.connect(paths.store_file(tmp_path), isolation_level=None)
    connection.execute("DROP INDEX library_games_named")  # as the first version made it
    connection.execute("UPDATE schema_version SET version = 1")
    connection.close()
    store_sqlite._checked.clear()  # a new process
    reads.clear()
    with index(tmp_path) as opened:
        assert store_sqlite.schema_version(opened.connection) == store_sqlite.SCHEMA_VERSION
        names = opened.connection.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
        assert "library_games_named" in {row[0] for row in names}
        opened.sync()
        assert opened.list() == first
    assert reads == []


def test_a_missing_database_is_made_anew_from_the_files(tmp_path: Path) -> None:
    fill(tmp_path, 3)
    first = list_games(tmp_path, games=find_toy_game)
    paths.store_file(tmp_path).unlink()
    assert list_games(tmp_path, games=find_toy_game) == first


def damage_random(store: Path) -> None:
    store.write_bytes(bytes(range(256)) * 64)


def damage_truncated(store: Path) -> None:
    data = store.read_bytes()
    store.write_bytes(data[: len(data) // 3])


def damage_future(store: Path) -> None:
    connection = sqlite3.connect(store, isolation_level=None)
    connection.execute("UPDATE schema_version SET version = 999")
    connection.close()


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (damage_random, "is damaged (file is not a database)"),
        (damage_truncated, "pawnshop.sqlite3 "),
        (
            damage_future,
            "has a newer schema (version 999) than this pawnshop knows"
            f" ({store_sqlite.SCHEMA_VERSION})",
        ),
    ],
)
def test_a_damaged_database_is_set_aside_and_rebuilt(
    tmp_path: Path, damage: Any, says: str
) -> None:
    fill(tmp_path, 300)
    write(game_file(tmp_path, "bad.pawn"), "[Format ")
    expected = list_games(tmp_path, games=find_toy_game)
    games_before = {path.name: path.read_bytes() for path in paths.games_dir(tmp_path).iterdir()}
    store = paths.store_file(tmp_path)
    damage(store)
    damaged = store.read_bytes()
    store_sqlite._checked.clear()  # a new process, as when the app starts again
    entries = list_games(tmp_path, games=find_toy_game)
    *listed, notice = entries
    assert listed == expected
    kept = [name for name in files_in(tmp_path) if name.startswith("pawnshop.sqlite3.bad-")]
    assert len(kept) == 1 and (tmp_path / kept[0]).read_bytes() == damaged
    assert notice.path == store and notice.problem is not None
    assert notice.problem.startswith("pawnshop.sqlite3 ") and says in notice.problem
    assert notice.problem.endswith(
        f"it is kept as {kept[0]} and the library's index is made anew from the game files."
    )
    games_after = {path.name: path.read_bytes() for path in paths.games_dir(tmp_path).iterdir()}
    assert games_after == games_before
    assert list_games(tmp_path, games=find_toy_game) == expected  # said once


def test_damage_found_while_listing_is_set_aside_too(tmp_path: Path) -> None:
    fill(tmp_path, 3)
    expected = list_games(tmp_path, games=find_toy_game)
    damage_random(paths.store_file(tmp_path))  # after this process checked the database
    *listed, notice = list_games(tmp_path, games=find_toy_game)
    assert listed == expected
    assert notice.problem is not None and "is damaged" in notice.problem


def test_a_folder_that_cannot_keep_a_database_still_lists(tmp_path: Path) -> None:
    fill(tmp_path, 3)
    paths.store_file(tmp_path).mkdir()  # a folder where the database goes
    entries = list_games(tmp_path, games=find_toy_game)
    assert len(entries) == 3 and all(entry.ok for entry in entries)
    assert paths.store_file(tmp_path).is_dir()


@pytest.mark.parametrize("damage", [damage_random, damage_truncated])
def test_a_reader_opens_without_the_check_and_leaves_a_rebuild_to_the_sync(
    tmp_path: Path, damage: Any
) -> None:
    fill(tmp_path, 300)
    list_games(tmp_path, games=find_toy_game)
    damage(paths.store_file(tmp_path))  # found on opening, or only by reading
    reader = SqliteLibraryIndex(tmp_path, games=find_toy_game, check=False, rebuild=False)
    with reader:
        assert reader.count() == 0  # set aside, made anew, and not filled by itself
        assert len(reader.notices) == 1 and "is damaged" in reader.notices[0]
        with index(tmp_path) as syncing:
            syncing.sync()
        assert reader.count() == 300
    assert len(list(paths.games_dir(tmp_path).iterdir())) == 300
