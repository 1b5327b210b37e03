"""Players' chat lines and ratings in a PostgreSQL database (``saves.store.postgres``) that
servers on several machines share: ``saves.store.sql_players`` with a rated game's rows
locked (``FOR UPDATE``) from their reading to the transaction's end."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import psycopg

from saves.store.postgres import open_store
from saves.store.sql_players import SqlPlayerStore


class PostgresPlayerStore(SqlPlayerStore):
    """Chat lines and ratings in the PostgreSQL database at ``url``."""

    PARAMETER: ClassVar[str] = "%s"
    FOR_UPDATE: ClassVar[str] = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self.connection = open_store(url)

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        with self._lock, self.connection.transaction():
            yield self.connection
