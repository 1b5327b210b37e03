"""Players' chat lines and ratings in the data folder's SQLite store (``saves.store.sqlite``):
``saves.store.sql_players`` with each write in a ``BEGIN IMMEDIATE`` transaction, which takes
the database's write lock before anything is read."""

from __future__ import annotations

import builtins
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from saves import paths
from saves.store.sql_players import SqlPlayerStore
from saves.store.sqlite import open_store


class SqlitePlayerStore(SqlPlayerStore):
    """Chat lines and ratings in ``<data_dir>/pawnshop.sqlite3``."""

    def __init__(self, data_dir: paths.DataDir = None) -> None:
        self._lock = threading.Lock()
        self.connection, self.notices = open_store(data_dir)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> SqlitePlayerStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _rows(self, sql: str, parameters: Sequence[Any]) -> builtins.list[tuple[Any, ...]]:
        with self._lock:
            return self.connection.execute(sql, parameters).fetchall()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            db = self.connection
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
