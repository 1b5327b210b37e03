"""Browsers' names in a PostgreSQL database (``saves.store.postgres``) that servers on several
machines share: ``saves.store.sql_web_names``, each claim one transaction, whose rows (the
name's and its lease's) PostgreSQL locks until it ends."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import psycopg

from saves.store.postgres import open_store
from saves.store.sql_web_names import SqlWebNames


class PostgresWebNames(SqlWebNames):
    """Browsers' names in the PostgreSQL database at ``url``."""

    PARAMETER: ClassVar[str] = "%s"

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self.connection = open_store(url)

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        with self._lock, self.connection.transaction():
            yield self.connection

    def close(self) -> None:
        with self._lock:
            self.connection.close()
