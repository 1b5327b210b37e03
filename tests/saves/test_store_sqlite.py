"""The library's index in the SQLite store: a sync reads only new and changed files and
forgets gone ones, listing and counting serve it sorted, filtered and in pages, and a
database that is damaged or from a newer pawnshop is set aside and made anew, never touching
a game file."""

from __future__ import annotations

import os
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from save_helpers import NOW, files_in, toy_record, write
from toy_game import find_toy_game

from core import find_game
from saves import paths
from saves.entry import LibraryEntry
from saves.format import dumps
from saves.library import list_games
from saves.store import sqlite as store_sqlite
from saves.store import sqlite_library
from saves.store.sqlite_library import SqliteLibraryIndex


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files the index reads the tags of."""
    names: list[str] = []
    describe = sqlite_library.describe

    def counting(path: Path, **kwargs: Any) -> LibraryEntry:
        names.append(Path(path).name)
        return describe(path, **kwargs)

    monkeypatch.setattr(sqlite_library, "describe", counting)
    return names


@pytest.fixture(autouse=True)
def new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test is a process that has not checked any database yet."""
    monkeypatch.setattr(store_sqlite, "_checked", set())


def game_file(tmp_path: Path, name: str) -> Path:
    return paths.games_dir(tmp_path) / name


def fill(tmp_path: Path, count: int) -> None:
    for number in range(count):
        record = toy_record(["a1"] * (number % 2), players=(f"Ann{number}", "Bob"))
        write(game_file(tmp_path, f"game-{number}.pawn"), dumps(record, NOW))


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


def test_a_second_sync_reads_no_unchanged_file(tmp_path: Path, reads: list[str]) -> None:
    fill(tmp_path, 5)
    first = synced(tmp_path)
    assert sorted(reads) == [f"game-{n}.pawn" for n in range(5)]
    reads.clear()
    assert synced(tmp_path) == first
    assert reads == []


def test_a_changed_file_is_read_again(tmp_path: Path, reads: list[str]) -> None:
    fill(tmp_path, 3)
    synced(tmp_path)
    reads.clear()
    path = game_file(tmp_path, "game-1.pawn")
    write(path, dumps(toy_record(["a1", "b1", "c1"], players=("Zoe", "Bob")), NOW))
    os.utime(path, ns=(1, 1))  # a different time, whatever the clock's resolution
    entries = {entry.name: entry for entry in synced(tmp_path)}
    assert reads == ["game-1.pawn"]
    assert entries["game-1.pawn"].players == ("Zoe", "Bob")
    assert entries["game-1.pawn"].plies == 3


def test_new_renamed_and_deleted_files_are_seen(tmp_path: Path, reads: list[str]) -> None:
    fill(tmp_path, 4)
    synced(tmp_path)
    reads.clear()
    game_file(tmp_path, "game-0.pawn").unlink()
    os.rename(game_file(tmp_path, "game-1.pawn"), game_file(tmp_path, "renamed.pawn"))
    write(game_file(tmp_path, "new.pawn"), dumps(toy_record(), NOW))
    entries = synced(tmp_path)
    assert sorted(entry.name for entry in entries) == [
        "game-2.pawn",
        "game-3.pawn",
        "new.pawn",
        "renamed.pawn",
    ]
    assert sorted(reads) == ["new.pawn", "renamed.pawn"]
    renamed = next(entry for entry in entries if entry.name == "renamed.pawn")
    assert renamed.players == ("Ann1", "Bob")
    with index(tmp_path) as opened:
        rows = opened.connection.execute("SELECT path FROM library_games ORDER BY path")
        assert [row[0] for row in rows] == [
            "games/game-2.pawn",
            "games/game-3.pawn",
            "games/new.pawn",
            "games/renamed.pawn",
        ]


def test_a_bad_file_is_read_every_time_and_listed_with_its_problem(
    tmp_path: Path, reads: list[str]
) -> None:
    fill(tmp_path, 2)
    write(game_file(tmp_path, "bad.pawn"), "not a save")
    synced(tmp_path)
    for _ in range(2):
        reads.clear()
        entries = synced(tmp_path)
        assert [entry.name for entry in entries if not entry.ok] == ["bad.pawn"]
        assert reads == ["bad.pawn"]


def test_a_game_no_longer_known_is_read_again_and_shows_why(tmp_path: Path) -> None:
    fill(tmp_path, 2)
    synced(tmp_path)
    entries = list_games(tmp_path, games=find_game)  # the real games: no Toy Nim among them
    assert [entry.ok for entry in entries] == [False, False]
    assert all("toy-nim" in (entry.problem or "") for entry in entries)
    assert all(entry.ok for entry in list_games(tmp_path, games=find_toy_game))


def test_listing_and_counting_in_pages_sorted_and_filtered(tmp_path: Path) -> None:
    fill(tmp_path, 12)
    write(game_file(tmp_path, "bad.pawn"), "[Format ")
    with index(tmp_path) as opened:
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


def test_an_index_opened_in_one_thread_is_served_in_another(tmp_path: Path) -> None:
    fill(tmp_path, 3)
    with index(tmp_path) as opened, ThreadPoolExecutor(1) as worker:
        worker.submit(opened.sync).result(timeout=30)
        assert len(worker.submit(opened.list).result(timeout=30)) == 3
        assert opened.count() == 3


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
