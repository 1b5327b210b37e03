"""The server's tables in the SQLite store: every promise of ``saves.store.tables`` (the
shared checks of ``table_store_contract``), and what is SQLite's own: the schema in the data
folder's one database beside the library's index, a process killed inside a transaction, and
a damaged database set aside (never deleted) with its open tables read back."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from table_store_contract import ANN, BOB, CHECKS, CLOCK_CHECKS, OpenStore, OpenStoreAt, text_of

from saves import paths
from saves.store import sqlite as store_sqlite
from saves.store.sqlite_tables import SqliteTableStore


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__[len("check_") :])
def test_the_sqlite_store_keeps_the_contract(
    check: Callable[[OpenStore], None], tmp_path: Path
) -> None:
    check(partial(SqliteTableStore, tmp_path))


@pytest.mark.parametrize("check", CLOCK_CHECKS, ids=lambda check: check.__name__[len("check_") :])
def test_the_sqlite_store_keeps_the_clock_contract(
    check: Callable[[OpenStoreAt], None], tmp_path: Path
) -> None:
    check(lambda clock: SqliteTableStore(tmp_path, clock=clock))


def test_the_tables_live_beside_the_library_index_in_the_data_folders_database(
    tmp_path: Path,
) -> None:
    with SqliteTableStore(tmp_path) as store:
        store.open_table("martian-chess", "a game", [], (ANN, None))
        assert store.path == paths.store_file(tmp_path)
        version = store.connection.execute("PRAGMA journal_mode").fetchone()[0]
        assert version == "wal"
        assert store_sqlite.schema_version(store.connection) == store_sqlite.SCHEMA_VERSION
    with sqlite3.connect(paths.store_file(tmp_path)) as raw:
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert {"library_games", "server_tables", "server_moves", "server_seats"} <= names


def test_a_quiet_wait_reads_only_the_data_version_at_each_poll(tmp_path: Path) -> None:
    """An idle server's feed polls ``data_version`` many times a second: a poll that finds it
    unchanged and was not woken by a write of this store reads nothing else."""
    with SqliteTableStore(tmp_path) as store:
        store.open_table("martian-chess", "a game", [], (ANN, None))
        cursor, _ = store.changes_since(0)
        statements: list[str] = []
        store.connection.set_trace_callback(statements.append)
        try:
            assert not store.wait_for_change(cursor, 0.3)
        finally:
            store.connection.set_trace_callback(None)
    polls = [text for text in statements if text == "PRAGMA data_version"]
    others = [text for text in statements if text != "PRAGMA data_version"]
    assert len(polls) >= 5
    assert len(others) <= 1, others  # the feed read once, as the wait begins


def _die_inside_a_move(data: Path) -> None:
    """Append a move, and die after its row is written but before the table's ply count is."""
    import os

    from saves.store import sqlite_tables

    def die(*_args: object) -> None:
        os._exit(3)

    setattr(sqlite_tables.SqliteTableStore, "_update", die)  # noqa: B010
    with SqliteTableStore(data) as store:
        store.append_move(1, 1, "second", text_of(["first", "second"]))


def test_a_process_killed_between_two_writes_of_a_move_leaves_the_move_unmade(
    tmp_path: Path,
) -> None:
    import multiprocessing

    with SqliteTableStore(tmp_path) as store:
        store.open_table("martian-chess", text_of([]), [], (ANN, BOB))
        before = store.append_move(1, 0, "first", text_of(["first"]))
        dying = multiprocessing.get_context("spawn").Process(
            target=_die_inside_a_move, args=(tmp_path,)
        )
        dying.start()
        dying.join(30)
        assert dying.exitcode == 3
        assert store.load(1) == before and store.moves(1) == ["first"]
        # The write lock died with it: the move can be made.
        after = store.append_move(1, 1, "second", text_of(["first", "second"]))
        assert after.plies == 2 and store.moves(1) == ["first", "second"]


#: How the name of a database kept aside ends (its WAL files beside it end otherwise).
STAMP_END = tuple("0123456789")


def damage(path: Path, name: str) -> None:
    """Overwrite the first page of the table or index ``name`` with noise, as a failing disk
    might."""
    with sqlite3.connect(path) as raw:
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        (root,) = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (name,))
    raw.close()
    data = bytearray(path.read_bytes())
    start = (root[0] - 1) * page_size
    data[start : start + page_size] = b"\xde\xad" * (page_size // 2)
    path.write_bytes(bytes(data))


def test_a_damaged_database_is_kept_aside_and_its_readable_tables_come_back(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "kept.pawn").write_text("a finished game")
    with SqliteTableStore(tmp_path) as store:
        for _ in range(3):
            store.open_table("martian-chess", text_of(["a"]), ["a"], (ANN, BOB))
        store.append_move(2, 1, "b", text_of(["a", "b"]))
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    database = paths.store_file(tmp_path)
    original = database.read_bytes()
    damage(database, "library_listing")  # the library's index is made anew from its files
    store_sqlite._checked.clear()  # as a new process would
    with SqliteTableStore(tmp_path) as store:
        assert len(store.notices) == 1
        notice = store.notices[0]
        kept = [
            path
            for path in tmp_path.iterdir()
            if ".bad-" in path.name and path.name.endswith(STAMP_END)
        ]
        assert len(kept) == 1 and f"it is kept as {kept[0].name}" in notice
        assert notice.startswith("pawnshop.sqlite3 failed its integrity check: ")
        assert "\n" not in notice
        assert "3 of the 3 open tables found in it are in a new one." in notice
        assert len(kept[0].read_bytes()) == len(original)
        back = store.listed()
        assert [table.number for table in back] == [1, 2, 3]
        for table in back:
            assert store.moves(table.number) == (["a", "b"] if table.number == 2 else ["a"])
            assert table.seats == (ANN, BOB) and table.plies == len(store.moves(table.number))
        # The numbers go on after those read back.
        assert store.open_table("chase", "x", [], (ANN,)).number == 4
    assert (games / "kept.pawn").read_text() == "a finished game"


def test_a_database_that_is_not_one_is_kept_aside_and_the_store_begins_empty(
    tmp_path: Path,
) -> None:
    database = paths.store_file(tmp_path)
    database.write_bytes(b"not a database at all" * 300)
    store_sqlite._checked.clear()
    with SqliteTableStore(tmp_path) as store:
        assert store.listed() == []
        assert len(store.notices) == 1
        assert "0 of the 0 open tables" in store.notices[0]
        store.open_table("chase", "x", [], (ANN,))
    kept = [
        path
        for path in tmp_path.iterdir()
        if ".bad-" in path.name and path.name.endswith(STAMP_END)
    ]
    assert [path.read_bytes() for path in kept] == [b"not a database at all" * 300]


def test_games_archived_before_their_file_names_were_kept_count_as_filed(tmp_path: Path) -> None:
    with SqliteTableStore(tmp_path) as store:
        store.open_table("martian-chess", "a game", [], (ANN, BOB))
        store.append_move(1, 0, "clock", "over", finishes=True)
        store.add_player("name:ann", "ann", None)
    with sqlite3.connect(paths.store_file(tmp_path), isolation_level=None) as raw:
        for table in ("server_presence", "server_filed", "server_players_seen"):
            raw.execute(f"DROP TABLE {table}")  # as the version before made it
        before = next(  # the version before where the file names are kept
            version
            for version, steps in enumerate(store_sqlite.MIGRATIONS)
            if any("server_filed" in step for step in steps)
        )
        raw.execute("UPDATE schema_version SET version = ?", (before,))
    raw.close()
    with SqliteTableStore(tmp_path) as store:
        entry = store.archived(1)
        player = store.player("name:ann")
        assert entry is not None and entry.filed_as == "" and store.unfiled() == []
        assert player is not None and player.last_seen == player.created
        assert store.presence() == []
