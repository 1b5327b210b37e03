"""Waiting for a PostgreSQL channel's notices on a connection of the wait's own.

Each notice's payload is a number (a row of a feed, in commit order); the listener remembers
the newest it heard. After its connection is made (at the first wait, or again after it was
lost) it reads the feed's newest number with ``newest_sql``, since a notice sent while nobody
listened never arrives: a row written meanwhile is seen all the same. ``wake`` (from another
thread, at closing) ends a wait under way at once.
"""

from __future__ import annotations

import threading
import time
import uuid
from contextlib import suppress
from typing import Any

import psycopg

from saves.store.postgres import StoreUnavailable, connect

Connection = psycopg.Connection[tuple[Any, ...]]

#: The longest one look listens before looking again whether the listener was closed.
LISTEN_SLICE = 0.5
#: How long a wait whose connection was lost leaves the server before connecting again.
RECONNECT_PAUSE = 0.5


class NoticeListener:
    """Notices on ``channel`` of the database at ``url``; ``newest_sql`` reads the newest
    number of the feed they announce."""

    def __init__(self, url: str, channel: str, newest_sql: str) -> None:
        self.url = url
        self.channel = channel
        self.newest_sql = newest_sql
        self._wake_channel = f"pawnshop_wake_{uuid.uuid4().hex}"
        self._waiting = threading.Lock()
        self._closing = threading.Event()
        self._connection: Connection | None = None
        self._heard = 0

    def wait(self, after: int, timeout: float) -> int:
        """The newest number heard, once it is above ``after`` or ``timeout`` seconds have
        passed (or the listener was closed)."""
        deadline = time.monotonic() + timeout
        with self._waiting:
            while not self._closing.is_set():
                try:
                    if self._newest() > after:
                        return self._heard
                except (StoreUnavailable, psycopg.Error):
                    self._drop()
                    self._closing.wait(min(RECONNECT_PAUSE, max(0.0, deadline - time.monotonic())))
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._hear(min(LISTEN_SLICE, left))
            return self._heard

    def wake(self, connection: Connection) -> None:
        """End a wait under way, by a notice sent on ``connection`` (any of the database's)."""
        with suppress(psycopg.Error):
            connection.execute("SELECT pg_notify(%s, '')", (self._wake_channel,))

    def close(self) -> None:
        self._closing.set()
        with self._waiting:
            self._drop()

    def _newest(self) -> int:
        if self._connection is None or self._connection.closed or self._connection.broken:
            self._drop()
            connection = connect(self.url)
            try:
                connection.execute(f"LISTEN {self.channel}")
                connection.execute(f"LISTEN {self._wake_channel}")
                row = connection.execute(self.newest_sql).fetchone()
            except BaseException:
                connection.close()
                raise
            self._connection = connection
            self._heard = max(self._heard, int(row[0]) if row and row[0] is not None else 0)
        return self._heard

    def _hear(self, seconds: float) -> None:
        connection = self._connection
        if connection is None:
            return
        try:
            for notice in connection.notifies(timeout=seconds, stop_after=1):
                if notice.channel == self.channel and notice.payload.isdigit():
                    self._heard = max(self._heard, int(notice.payload))
        except psycopg.Error:
            self._drop()  # the next look connects again and reads the feed

    def _drop(self) -> None:
        if self._connection is not None:
            with suppress(psycopg.Error):
                self._connection.close()
            self._connection = None
