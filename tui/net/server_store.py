"""The store a server keeps its tables in: the PostgreSQL database ``pawnshop serve --database
URL`` names, which servers on several machines share, or else SQLite in the server's data
folder, shared by the processes of one machine.

Each server process opens a store of its own with ``open_server_store``; ``check_database``
tries the URL once when the server starts, so that a URL, server or password that will not do
is one sentence before anything listens.
"""

from __future__ import annotations

from pathlib import Path

from saves.store.postgres import NEEDS_PSYCOPG, StoreUnavailable, is_postgres_url
from saves.store.tables import TableStore


def open_server_store(database: str | None, data_dir: Path) -> TableStore:
    """The PostgreSQL store at ``database``, or with none the SQLite store of ``data_dir``;
    ``StoreUnavailable`` (one sentence) when the database cannot be had."""
    if database is None:
        from saves.store.sqlite_tables import SqliteTableStore

        return SqliteTableStore(data_dir)
    if not is_postgres_url(database):
        raise StoreUnavailable(
            "--database takes a PostgreSQL URL, postgresql://USER:PASSWORD@HOST:PORT/DATABASE."
        )
    try:
        from saves.store.postgres_tables import PostgresTableStore
    except ImportError:
        raise StoreUnavailable(NEEDS_PSYCOPG) from None
    return PostgresTableStore(database)


def check_database(database: str | None) -> None:
    """Open the PostgreSQL store once (bringing its schema up to date) and let it go;
    ``StoreUnavailable`` saying why it cannot be had. Nothing to check for SQLite."""
    if database is None:
        return
    open_server_store(database, Path()).close()
