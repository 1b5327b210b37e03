"""Browsers' names in the data folder's SQLite store (``saves.store.sqlite``):
``saves.store.sql_web_names`` with each write in a ``BEGIN IMMEDIATE`` transaction."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from saves import paths
from saves.store.sql_web_names import SqlWebNames
from saves.store.sqlite import open_store
from saves.store.sqlite_transaction import immediate_transaction


class SqliteWebNames(SqlWebNames):
    """Browsers' names in ``<data_dir>/pawnshop.sqlite3``."""

    def __init__(self, data_dir: paths.DataDir = None) -> None:
        self._lock = threading.Lock()
        self.connection, self.notices = open_store(data_dir)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock, immediate_transaction(self.connection) as db:
            yield db

    def close(self) -> None:
        with self._lock:
            self.connection.close()
