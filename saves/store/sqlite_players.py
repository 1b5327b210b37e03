"""Players' chat lines and ratings in the data folder's SQLite store (``saves.store.sqlite``):
``saves.store.sql_players`` with each write in a ``BEGIN IMMEDIATE`` transaction, which takes
the database's write lock before anything is read (so chat lines are numbered in the order
they commit). Another process's line is noticed from ``PRAGMA data_version``, which moves when
any other connection commits, at the cost of reading a counter."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from saves import paths
from saves.store.sql_players import Executor, SqlPlayerStore
from saves.store.sqlite import open_store
from saves.store.sqlite_transaction import immediate_transaction

#: How often a wait for chat lines looks at ``PRAGMA data_version``, in seconds.
POLL_SECONDS = 0.02


class SqlitePlayerStore(SqlPlayerStore):
    """Chat lines and ratings in ``<data_dir>/pawnshop.sqlite3``."""

    def __init__(self, data_dir: paths.DataDir = None) -> None:
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._kept_here = 0
        self.connection, self.notices = open_store(data_dir)

    def wait_for_chat(self, after: int, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        seen = None
        newest = after
        while not self._closed.is_set():
            # data_version moves for the other connections' commits, not this one's own.
            looked = self._look(seen is None or self._kept_here > newest, seen)
            if looked is None:
                break
            seen, found = looked
            if found is not None:
                newest = max(newest, found)
                if newest > after:
                    return newest
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self._closed.wait(min(POLL_SECONDS, left))
        return newest

    def close(self) -> None:
        with self._lock:
            self._closed.set()
            super().close()

    def _look(self, anyway: bool, seen: int | None) -> tuple[int, int | None] | None:
        """``data_version``, and the newest line's ``seq`` if it moved (or ``anyway``);
        ``None`` once the store is closed."""
        with self._lock:
            if self._closed.is_set():
                return None
            version = int(self.connection.execute("PRAGMA data_version").fetchone()[0])
            if not anyway and version == seen:
                return version, None
            row = self.connection.execute("SELECT coalesce(max(seq), 0) FROM server_chat")
            return version, int(row.fetchone()[0])

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock, immediate_transaction(self.connection) as db:
            yield db

    def _order_chat(self, db: Executor) -> None:
        """Nothing: the transaction holds the database's write lock from its start."""

    def _announce_chat(self, db: Executor, seq: int) -> None:
        """The commit moves every other connection's ``data_version``; this one's own line
        is noted for its own waits."""
        self._kept_here = max(self._kept_here, seq)
