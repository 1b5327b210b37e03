"""A server's tables in the data folder's SQLite store: ``saves.store.tables.TableStore`` for
the processes of one machine.

Each process opens its own ``SqliteTableStore`` on ``<data>/pawnshop.sqlite3`` (WAL, a busy
timeout, the schema of ``saves.store.sqlite``). Every change is one ``BEGIN IMMEDIATE``
transaction, which takes the database's write lock before reading what it checks (the ply
count, the version, a free seat): of two processes racing, the second reads what the first
wrote, so exactly one wins. Every change of a table also adds a row to ``server_changes``,
the change feed: another process learns that something was written from ``PRAGMA
data_version`` (which moves when any other connection commits, at the cost of reading a
counter), and reads what changed from the feed.

One store object may be used from several threads (the server's loop, and a thread waiting
on the feed): a lock lets one at a time use the connection.

A damaged database is set aside (never deleted) and a new one made; the open tables that can
still be read from the copy are brought into the new one, and ``notices`` says so in one
sentence.
"""

from __future__ import annotations

import builtins
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from saves import paths
from saves.store.sql_tables import FEED_KEPT, SqlTableStore
from saves.store.sqlite import KeptAside, is_damage, open_store_keeping
from saves.store.sqlite_transaction import immediate_transaction
from saves.store.tables import StoredTable, TableStoreDamaged, TableStoreError

#: How often a wait for changes looks at ``PRAGMA data_version``, in seconds: another process's
#: move is heard about 10 ms after it, for under 1% of a processor while nothing happens.
POLL_SECONDS = 0.01


class SqliteTableStore(SqlTableStore):
    """``saves.store.tables.TableStore`` on ``<data_dir>/pawnshop.sqlite3``: what SQLite does
    its own way (transactions, the change feed, reading back a damaged database) beside
    ``saves.store.sql_tables.SqlTableStore``.

    ``clock`` gives the time in seconds since the epoch, for leases and presence (every
    process sharing a store must share the clock, as they do the wall clock of one machine).
    """

    def __init__(
        self, data_dir: paths.DataDir = None, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.path = paths.store_file(data_dir)
        self.clock = clock
        self.notices: builtins.list[str] = []
        self._lock = threading.RLock()
        self._wrote = threading.Condition(self._lock)
        self._closed = False
        self.connection, kept = open_store_keeping(data_dir)
        if kept is not None:
            self.notices.append(self._read_back(kept))

    # -- the change feed -------------------------------------------------------------------

    def wait_for_change(self, cursor: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._wrote:
            seen = None
            while not self._closed:
                version = self._data_version()
                if version != seen:
                    seen = version
                    if self._last_change() > cursor:
                        return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                # Woken at once by a write of this store (which moves no ``data_version`` of
                # its own connection: read the feed then); another process's is polled for.
                # Writes wait for the lock this holds but while it waits: none is missed.
                woken = self._wrote.wait(min(POLL_SECONDS, left))
                if woken and not self._closed and self._last_change() > cursor:
                    return True
            return False

    def close(self) -> None:
        with self._wrote:
            self._closed = True
            self._wrote.notify_all()
            self.connection.close()

    # -- inside ------------------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, the write lock taken before anything is read."""
        with self._wrote, self._failures():
            with immediate_transaction(self.connection) as db:
                yield db
            self._wrote.notify_all()

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: everything read in it is of one moment."""
        with self._lock, self._failures():
            db = self.connection
            db.execute("BEGIN")
            try:
                yield db
            finally:
                if db.in_transaction:
                    db.execute("COMMIT")

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """SQLite's errors as the store's own, each in one sentence."""
        if self._closed:
            raise TableStoreError("The table store is closed.")
        try:
            yield
        except sqlite3.Error as error:
            if is_damage(error):
                raise TableStoreDamaged(
                    f"{self.path.name} is damaged ({error}): the tables cannot be kept; start"
                    " the server again to set it aside and read back what can be read."
                ) from None
            if getattr(error, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY,):
                raise TableStoreError(
                    f"{self.path.name} is busy with another process; try again."
                ) from None
            raise

    def _announce(self, db: sqlite3.Connection, number: int) -> None:
        """Add the change of table ``number`` to the feed (in the change's transaction), and
        now and then forget the oldest changes."""
        seq = db.execute("INSERT INTO server_changes (number) VALUES (?)", (number,)).lastrowid
        if seq is not None and seq % 1000 == 0:
            db.execute("DELETE FROM server_changes WHERE seq <= ?", (seq - FEED_KEPT,))

    def _now(self, db: sqlite3.Connection) -> float:
        return self.clock()

    def _now_sql(self) -> tuple[str, tuple[float]]:
        return "?", (self.clock(),)

    def _data_version(self) -> int:
        with self._failures():
            return int(self.connection.execute("PRAGMA data_version").fetchone()[0])

    def _last_change(self) -> int:
        with self._failures():
            row = self.connection.execute("SELECT max(seq) FROM server_changes").fetchone()
            return int(row[0]) if row[0] is not None else 0

    def _read_back(self, kept: KeptAside) -> str:
        """Bring the open tables still readable in the damaged copy into the new store; the
        sentence saying what happened."""
        read: list[StoredTable] = []
        try:
            copy = sqlite3.connect(f"{Path(kept.kept).as_uri()}?mode=ro", uri=True)
        except sqlite3.Error:
            copy = None
        if copy is not None:
            try:
                read = _readable_tables(self, copy)
            finally:
                copy.close()
        brought = 0
        for table in read:
            try:
                moves = _readable_moves(kept.kept, table)
                self.open_table(
                    table.game_id, table.game_text, moves, table.seats, number=table.number
                )
                brought += 1
            except (TableStoreError, sqlite3.Error):
                continue
        return (
            f"{self.path.name} {kept.reason}: it is kept as {kept.kept.name}, and {brought} of"
            f" the {len(read)} open tables found in it are in a new one."
        )


def _readable_tables(store: SqliteTableStore, copy: sqlite3.Connection) -> list[StoredTable]:
    """The open tables of a damaged database that can be read, each whole or not at all."""
    try:
        numbers = [
            int(row[0])
            for row in copy.execute("SELECT number FROM server_tables WHERE status = 'open'")
        ]
    except sqlite3.Error:
        return []
    read = []
    for number in numbers:
        try:
            table = store._find_table(copy, number)
        except (sqlite3.Error, ValueError, TypeError, IndexError):
            continue
        if table is not None:
            read.append(table)
    return read


def _readable_moves(path: Path, table: StoredTable) -> list[str]:
    copy = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        rows = copy.execute(
            "SELECT notation FROM server_moves WHERE number = ? ORDER BY ply", (table.number,)
        ).fetchall()
    finally:
        copy.close()
    moves = [str(notation) for (notation,) in rows]
    if len(moves) != table.plies:
        raise sqlite3.DatabaseError(f"table {table.number} has lost moves")
    return moves
