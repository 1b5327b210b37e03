"""The PostgreSQL store: the SQLite store's schema, brought forward from any older version in
one transaction, once however many processes start at once, and one sentence (never a
traceback, never the password) for a URL, server or password that will not do."""

from __future__ import annotations

import socket
import sqlite3
import sys
import threading
from typing import Any

import psycopg
import pytest
from postgres_cluster import Cluster

from saves.store import postgres as store_postgres
from saves.store import sqlite as store_sqlite
from saves.store.postgres import StoreUnavailable

#: How SQLite's column types are spelt in PostgreSQL (``information_schema``'s names).
TYPES = {"TEXT": "text", "INTEGER": "bigint", "REAL": "double precision"}


def sqlite_schema() -> dict[str, Any]:
    connection = store_sqlite.in_memory()
    tables = [
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    schema: dict[str, Any] = {}
    for table in tables:
        columns = connection.execute(f"PRAGMA table_info({table})").fetchall()
        schema[table] = {
            name: (TYPES[kind], bool(not_null or primary))
            for _, name, kind, not_null, _, primary in columns
        }
    indexes = connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'"
    )
    schema["indexes"] = {row[0] for row in indexes}
    connection.close()
    return schema


def postgres_schema(connection: psycopg.Connection[Any]) -> dict[str, Any]:
    schema: dict[str, Any] = {}
    columns = connection.execute(
        "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
        " WHERE table_schema = 'public'"
    )
    for table, name, kind, nullable in columns:
        schema.setdefault(table, {})[name] = (kind, nullable == "NO")
    indexes = connection.execute(
        "SELECT indexname FROM pg_indexes"
        " WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey'"
    )
    schema["indexes"] = {row[0] for row in indexes}
    return schema


def test_the_schema_is_the_sqlite_stores(postgres_url: str) -> None:
    assert store_postgres.SCHEMA_VERSION == store_sqlite.SCHEMA_VERSION
    with store_postgres.open_store(postgres_url) as connection:
        assert store_postgres.schema_version(connection) == store_postgres.SCHEMA_VERSION
        assert postgres_schema(connection) == sqlite_schema()


def test_text_sorts_by_code_point_as_in_sqlite(postgres_url: str) -> None:
    names = ["b", "B", "a", "É", "é", "ß", "z", "[", "1", "-"]
    with store_postgres.open_store(postgres_url) as connection:
        for number, name in enumerate(names):
            connection.execute(
                "INSERT INTO server_players (key, name, created) VALUES (%s, %s, 0)",
                (str(number), name),
            )
        found = connection.execute("SELECT name FROM server_players ORDER BY name").fetchall()
    lite = sqlite3.connect(":memory:")
    lite.execute("CREATE TABLE t (name TEXT)")
    lite.executemany("INSERT INTO t VALUES (?)", [(name,) for name in names])
    assert found == lite.execute("SELECT name FROM t ORDER BY name").fetchall()


def test_an_older_schema_is_brought_forward_keeping_its_rows(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as old:
        old.execute("CREATE TABLE schema_version (version BIGINT NOT NULL)")
        for step in store_postgres.MIGRATIONS[0]:
            old.execute(step)
        old.execute("INSERT INTO schema_version VALUES (1)")
        old.execute(
            "INSERT INTO library_games VALUES ('games/a.pawn', 'a.pawn', 1, 2, 0, NULL, 'toy-nim',"
            " 'Toy Nim', '[]', '*', 0, '2026.01.02', '03:04:05', 'a.pawn', 'a.pawn', 'toy nim',"
            " '', '', 'a.pawn')"
        )
    with store_postgres.open_store(postgres_url) as connection:
        assert store_postgres.schema_version(connection) == store_postgres.SCHEMA_VERSION
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [
            (store_postgres.SCHEMA_VERSION,)
        ]
        assert connection.execute("SELECT path FROM library_games").fetchall() == [
            ("games/a.pawn",)
        ]
        assert postgres_schema(connection) == sqlite_schema()


def test_a_migration_that_fails_leaves_the_old_version_whole(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = (*store_postgres.MIGRATIONS[:-1], (*store_postgres.MIGRATIONS[-1], "NOT SQL"))
    monkeypatch.setattr(store_postgres, "MIGRATIONS", broken)
    with pytest.raises(psycopg.errors.SyntaxError):
        store_postgres.open_store(postgres_url)
    with psycopg.connect(postgres_url) as connection:
        assert store_postgres.schema_version(connection) == 0
        found = connection.execute("SELECT to_regclass('library_games')").fetchone()
        assert found == (None,)


def test_processes_starting_at_once_migrate_once(postgres_url: str) -> None:
    starting = 6
    barrier = threading.Barrier(starting)
    failures: list[BaseException] = []

    def start() -> None:
        connection = store_postgres.connect(postgres_url)
        try:
            barrier.wait(timeout=30)
            store_postgres.migrate(connection)
        except BaseException as error:
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=start) for _ in range(starting)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert failures == []
    with psycopg.connect(postgres_url) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [
            (store_postgres.SCHEMA_VERSION,)
        ]


def test_a_newer_schema_is_refused_in_one_sentence(postgres_url: str) -> None:
    store_postgres.open_store(postgres_url).close()
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute("UPDATE schema_version SET version = 999")
    with pytest.raises(StoreUnavailable) as refused:
        store_postgres.open_store(postgres_url)
    assert str(refused.value) == (
        "The database has a newer schema (version 999) than this pawnshop knows "
        f"({store_postgres.SCHEMA_VERSION}): run a newer pawnshop."
    )


def refusal(url: str) -> str:
    with pytest.raises(StoreUnavailable) as refused:
        store_postgres.open_store(url)
    said = str(refused.value)
    assert "\n" not in said and said.endswith(".") and "Traceback" not in said
    assert "secret" not in said
    return said


@pytest.mark.parametrize(
    "url",
    [
        "mysql://ann:secret@db/games",
        "games.sqlite3",
        "",
        "postgresql://ann:secret@[::1/games",
    ],
)
def test_a_bad_url_is_one_sentence(url: str) -> None:
    said = refusal(url)
    assert "postgresql://USER:PASSWORD@HOST:PORT/DATABASE" in said


def test_a_bad_setting_in_the_url_is_one_sentence() -> None:
    said = refusal("postgresql://ann:secret@127.0.0.1:notaport/games")
    assert said.startswith("The database URL has a setting libpq cannot use (")
    assert "notaport" in said


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_server_is_one_sentence() -> None:
    port = free_port()
    said = refusal(f"postgresql://ann:secret@127.0.0.1:{port}/games")
    assert said == (
        f"The PostgreSQL server at 127.0.0.1 port {port} cannot be reached: check that it "
        "runs and that the address is right."
    )


def test_a_wrong_password_is_one_sentence(postgres_cluster: Cluster) -> None:
    said = refusal(postgres_cluster.url(password="secret"))
    assert said == (
        f"The PostgreSQL server at 127.0.0.1 port {postgres_cluster.port} refused user "
        "postgres: the password is wrong or missing."
    )


def test_a_missing_database_is_one_sentence(postgres_cluster: Cluster) -> None:
    said = refusal(postgres_cluster.url("nowhere"))
    assert said == (
        f"The PostgreSQL server at 127.0.0.1 port {postgres_cluster.port} has no database nowhere."
    )


def test_where_names_the_server_and_database_but_not_the_password() -> None:
    said = store_postgres.where("postgresql://ann:secret@db.example:6543/games")
    assert said == "the PostgreSQL server at db.example port 6543, database games"


def test_without_psycopg_the_store_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if it were not installed
    with pytest.raises(StoreUnavailable, match=r"pip install 'pawnshop\[postgres\]'"):
        store_postgres.connect("postgresql://ann:secret@db/games")
