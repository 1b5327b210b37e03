"""A server's tables in a PostgreSQL database: ``saves.store.tables.TableStore`` for server
processes on several machines.

Each process opens its own ``PostgresTableStore`` on the database's URL (the schema of
``saves.store.postgres``). Every change is one transaction that locks the table's row
before checking what it checks (``SELECT ... FOR UPDATE``: the version, a free seat; a move's
ply count is checked by the ``UPDATE`` itself, ``WHERE plies = seen``): of two processes
racing, the second waits for the first and then reads what it wrote, so exactly one wins.

Every change of a table adds a row to ``server_changes`` (the change feed) and sends a
``NOTIFY`` with its number, in the change's own transaction, so that the notice goes out when
the change is there to read and never for a change rolled back. The feed's rows are numbered
in the order their transactions commit (an advisory lock held from numbering to commit), so a
process that has read up to some number has missed nothing below it. A process waits for
changes on a connection of its own that ``LISTEN``\\s; after that connection is lost it
connects again and reads the feed's newest number before waiting, so a change made while it
was away is seen all the same.

Leases run by the database's clock, one clock for every machine (a ``clock`` may be given
instead, for tests). One store object may be used from several threads: a lock lets one at a
time use its connection, and the waiting thread has its own.
"""

from __future__ import annotations

import builtins
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from saves.store.postgres import StoreUnavailable, connect, open_store, where
from saves.store.postgres_listener import NoticeListener
from saves.store.sql_tables import FEED_KEPT, TABLE_FIELDS, SqlTableStore, table_of
from saves.store.tables import StoredTable, TableStatus, TableStoreError

Connection = psycopg.Connection[tuple[Any, ...]]

#: The channel every change is announced on; its payload is the change's number in the feed.
CHANNEL = "pawnshop_table_changes"
#: The advisory locks that number new tables and the feed's rows, one transaction at a time.
NUMBERING_LOCK = 0x7061776F
FEED_LOCK = 0x70617770

_NOW_EXPRESSION = "extract(epoch FROM clock_timestamp())::double precision"
_NOW = f"SELECT {_NOW_EXPRESSION}"


def connection_lost(error: psycopg.OperationalError) -> bool:
    """Whether ``error`` says the connection is gone: no answer at all (no SQLSTATE), a
    connection exception (class 08) or the server ending it (class 57: shut down, the
    connection terminated by an administrator); not a transaction the server rolled back."""
    state = error.sqlstate
    return state is None or state.startswith(("08", "57"))


class PostgresTableStore(SqlTableStore):
    """``saves.store.tables.TableStore`` on the PostgreSQL database at ``url``: what
    PostgreSQL does its own way (transactions, row locks, a move in one conditional ``UPDATE``,
    the change feed's ``NOTIFY``) beside ``saves.store.sql_tables.SqlTableStore``.

    ``clock`` gives the time in seconds since the epoch for leases, presence, players and the
    archive; ``None`` (the default) is the database's clock, which every process shares.
    """

    PARAMETER = "%s"
    ROW_LOCK = " FOR UPDATE"

    def __init__(self, url: str, *, clock: Callable[[], float] | None = None) -> None:
        self.url = url
        self.clock = clock
        self.notices: builtins.list[str] = []
        self._lock = threading.RLock()
        self._closing = threading.Event()
        self.connection: Connection = open_store(url)
        self._listener = NoticeListener(
            url, CHANNEL, "SELECT coalesce(max(seq), 0) FROM server_changes"
        )

    # -- the change feed -------------------------------------------------------------------

    def wait_for_change(self, cursor: int, timeout: float) -> bool:
        """Listen on a connection of the wait's own for the feed's ``NOTIFY``
        (``saves.store.postgres_listener``); the newest number heard (or read from the feed
        after connecting) tells whether a change after ``cursor`` is there."""
        if self._closing.is_set():
            return False
        newest = self._listener.wait(cursor, timeout)
        return newest > cursor and not self._closing.is_set()

    def close(self) -> None:
        if self._closing.is_set():
            return
        self._closing.set()
        with self._lock:
            self._listener.wake(self.connection)  # ends a wait under way at once
            self.connection.close()
        self._listener.close()

    # -- inside ------------------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """One transaction of changes, committed whole or not at all."""
        with self._lock, self._failures(), self.connection.transaction():
            yield self.connection

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        """One read transaction: everything read in it is of one moment."""
        with self._lock, self._failures(), self.connection.transaction():
            self.connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            yield self.connection

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """A lost connection made anew before the work, and the server's errors as the
        store's own, each in one sentence."""
        if self._closing.is_set():
            raise TableStoreError("The table store is closed.")
        if self.connection.closed or self.connection.broken:
            try:
                self.connection = connect(self.url)
            except StoreUnavailable as error:
                raise TableStoreError(str(error)) from None
        try:
            yield
        except psycopg.OperationalError as error:
            if connection_lost(error):
                # The server may have sent its last word (``terminating connection``) before
                # psycopg has seen the socket close, so the connection may not say it is
                # broken yet. Closed, the next call connects again whatever psycopg had seen.
                self.connection.close()
            detail = str(error).strip().splitlines()[0] if str(error).strip() else "no answer"
            server = where(self.url)
            raise TableStoreError(
                f"{server[0].upper()}{server[1:]} did not answer ({detail}); try again."
            ) from None

    def _now(self, db: Connection) -> float:
        if self.clock is not None:
            return self.clock()
        return float(_one(db, _NOW)[0])

    def _now_sql(self) -> tuple[str, tuple[float, ...]]:
        if self.clock is not None:
            return "%s::double precision", (self.clock(),)
        return _NOW_EXPRESSION, ()

    def _announce(self, db: Connection, number: int) -> None:
        _note_change(db, number)

    def _number_tables(self, db: Connection) -> None:
        db.execute("SELECT pg_advisory_xact_lock(%s)", (NUMBERING_LOCK,))

    def _move_on(
        self,
        db: Connection,
        number: int,
        seen_plies: int,
        move: str,
        game_text: str,
        status: TableStatus,
    ) -> StoredTable:
        """The ply count checked and moved on in one statement, which locks the row: of two
        processes at one ply, the second finds the count moved on and changes nothing."""
        moved = db.execute(
            "UPDATE server_tables SET game_text = %s, plies = plies + 1, status = %s,"
            " reason = '', version = version + 1"
            " WHERE number = %s AND plies = %s AND status = 'open'"
            f" RETURNING {TABLE_FIELDS}",
            (game_text, status, number, seen_plies),
        ).fetchone()
        if moved is None:
            raise self._raced(self._changeable_table(db, number))
        with db.pipeline():  # the rest of the move in one exchange with the server
            db.execute(
                "INSERT INTO server_moves (number, ply, notation) VALUES (%s, %s, %s)",
                (number, seen_plies + 1, move),
            )
            if status == "open":
                self._start_clock(db, number)
            announced = _announce_change(db, number)
            seats = self._seat_rows(db, number)
        _forget_old_changes(db, announced)
        return table_of(moved, seats.fetchall())


def _one(db: Connection, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...]:
    row = db.execute(sql, parameters).fetchone()
    assert row is not None
    return row


def _note_change(db: Connection, number: int) -> None:
    """Add the change of table ``number`` to the feed and announce it (see
    ``_announce_change``), and now and then forget the oldest changes."""
    _forget_old_changes(db, _announce_change(db, number))


def _announce_change(db: Connection, number: int) -> psycopg.Cursor[tuple[Any, ...]]:
    """Add the change of table ``number`` to the feed and send its ``NOTIFY``, both in the
    change's transaction (the notice goes out at the commit); the feed's lock, held to the
    commit, keeps the feed's numbers in commit order. The cursor that will give the change's
    number (read once a pipeline the statements are in has run)."""
    db.execute("SELECT pg_advisory_xact_lock(%s)", (FEED_LOCK,))
    return db.execute(
        "WITH change AS (INSERT INTO server_changes (number) VALUES (%s) RETURNING seq)"
        " SELECT seq, pg_notify(%s, seq::text) FROM change",
        (number, CHANNEL),
    )


def _forget_old_changes(db: Connection, announced: psycopg.Cursor[tuple[Any, ...]]) -> None:
    """Every thousand changes, forget those older than the newest ``FEED_KEPT``."""
    row = announced.fetchone()
    assert row is not None
    seq = int(row[0])
    if seq % 1000 == 0:
        db.execute("DELETE FROM server_changes WHERE seq <= %s", (seq - FEED_KEPT,))
