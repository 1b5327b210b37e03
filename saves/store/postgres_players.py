"""Players' chat lines and ratings in a PostgreSQL database (``saves.store.postgres``) that
servers on several machines share: ``saves.store.sql_players`` with a rated game's rows
locked (``FOR UPDATE``) from their reading to the transaction's end.

A chat line is numbered under an advisory lock held to its commit, so lines are numbered in
the order they commit, and sends a ``NOTIFY`` with its number in its own transaction; a
process waits for lines on a connection of its own that ``LISTEN``\\s
(``saves.store.postgres_listener``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import psycopg

from saves.store.postgres import open_store
from saves.store.postgres_listener import NoticeListener
from saves.store.sql_players import Executor, SqlPlayerStore

#: The channel every chat line is announced on; its payload is the line's ``seq``.
CHAT_CHANNEL = "pawnshop_chat"
#: The advisory lock that numbers chat lines, one transaction at a time.
CHAT_LOCK = 0x70617771


class PostgresPlayerStore(SqlPlayerStore):
    """Chat lines and ratings in the PostgreSQL database at ``url``."""

    PARAMETER: ClassVar[str] = "%s"
    FOR_UPDATE: ClassVar[str] = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self.connection = open_store(url)
        self._listener = NoticeListener(
            url, CHAT_CHANNEL, "SELECT coalesce(max(seq), 0) FROM server_chat"
        )

    def wait_for_chat(self, after: int, timeout: float) -> int:
        return self._listener.wait(after, timeout)

    def close(self) -> None:
        with self._lock:
            if not self.connection.closed:
                self._listener.wake(self.connection)
        self._listener.close()
        super().close()

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        with self._lock, self.connection.transaction():
            yield self.connection

    def _order_chat(self, db: Executor) -> None:
        db.execute("SELECT pg_advisory_xact_lock(%s)", (CHAT_LOCK,))

    def _announce_chat(self, db: Executor, seq: int) -> None:
        db.execute("SELECT pg_notify(%s, %s)", (CHAT_CHANNEL, str(seq)))
