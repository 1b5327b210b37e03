"""Players' chat lines and ratings in the SQLite store: every promise of
``saves.store.sql_players`` (``player_store_contract``), and the schema's new version brought
to a database of the version before it, its tables kept."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from player_store_contract import CHECKS, OpenStore

from saves import paths
from saves.store import sqlite as store_sqlite
from saves.store.sqlite_players import SqlitePlayerStore
from saves.store.sqlite_tables import SqliteTableStore
from saves.store.tables import StoredSeat


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__[len("check_") :])
def test_the_sqlite_store_keeps_the_contract(
    check: Callable[[OpenStore], None], tmp_path: Path
) -> None:
    check(partial(SqlitePlayerStore, tmp_path))


def test_a_database_of_the_version_before_gains_chat_and_ratings_keeping_its_tables(
    tmp_path: Path,
) -> None:
    path = paths.store_file(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    before = next(  # the version before chat and ratings
        version
        for version, steps in enumerate(store_sqlite.MIGRATIONS)
        if any("server_chat" in step for step in steps)
    )
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for steps in store_sqlite.MIGRATIONS[:before]:
            for step in steps:
                old.execute(step)
        old.execute("INSERT INTO schema_version (version) VALUES (?)", (before,))
    old.close()
    with SqliteTableStore(tmp_path) as tables:
        tables.open_table("chase", "a game", [], (StoredSeat("ann", "name:ann"), None))
    with SqlitePlayerStore(tmp_path) as store:
        assert store_sqlite.schema_version(store.connection) == store_sqlite.SCHEMA_VERSION
        store.add_chat_line("1", "name:ann", "ann", "hello", 1.0)
        assert [line.text for line in store.chat_lines("1")] == ["hello"]
    with SqliteTableStore(tmp_path) as tables:
        assert [table.game_id for table in tables.listed()] == ["chase"]
