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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from saves import paths
from saves.store.sql_filing import ARCHIVE_SELECT, SqlFiling, archived_game
from saves.store.sql_presence import SqlPresence
from saves.store.sqlite import KeptAside, is_damage, open_store_keeping
from saves.store.sqlite_table_rows import (
    TABLE_FIELDS,
    changeable_table,
    existing_table,
    find_player,
    find_table,
    put_seat,
    write_moves,
)
from saves.store.tables import (
    ArchivedGame,
    MoveRaced,
    StaleTable,
    StoredPlayer,
    StoredSeat,
    StoredTable,
    TableNumberTaken,
    TableStatus,
    TableStoreDamaged,
    TableStoreError,
)

#: How often a wait for changes looks at ``PRAGMA data_version``, in seconds: another process's
#: move is heard about 10 ms after it, for under 1% of a processor while nothing happens.
POLL_SECONDS = 0.01
#: Rows of the change feed kept: older cursors are answered with every table.
FEED_KEPT = 10_000


class SqliteTableStore(SqlPresence, SqlFiling):
    """``saves.store.tables.TableStore`` on ``<data_dir>/pawnshop.sqlite3`` (presence and
    filing from ``saves.store.sql_presence`` and ``saves.store.sql_filing``).

    ``clock`` gives the time in seconds since the epoch, for leases and presence (every
    process sharing a store must share the clock, as they do the wall clock of one machine).
    """

    def __init__(
        self, data_dir: paths.DataDir = None, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.path = paths.store_file(data_dir)
        self.clock = clock
        self.notices: list[str] = []
        self._lock = threading.RLock()
        self._wrote = threading.Condition(self._lock)
        self._closed = False
        self.connection, kept = open_store_keeping(data_dir)
        if kept is not None:
            self.notices.append(self._read_back(kept))

    # -- tables ---------------------------------------------------------------------------

    def open_table(
        self,
        game_id: str,
        game_text: str,
        moves: Sequence[str],
        seats: Sequence[StoredSeat | None],
        *,
        number: int | None = None,
    ) -> StoredTable:
        with self._writing() as db:
            if number is None:
                row = db.execute("SELECT coalesce(max(number), 0) + 1 FROM server_tables")
                number = int(row.fetchone()[0])
            elif db.execute("SELECT 1 FROM server_tables WHERE number = ?", (number,)).fetchone():
                raise TableNumberTaken(number)
            db.execute(
                f"INSERT INTO server_tables ({TABLE_FIELDS}) VALUES (?, ?, ?, ?, 'open', 1, '')",
                (number, game_id, game_text, len(moves)),
            )
            for seat, holder in enumerate(seats):
                put_seat(db, number, seat, holder)
            write_moves(db, number, moves)
            self._note_change(db, number)
            return existing_table(db, number)

    def load(self, number: int) -> StoredTable | None:
        with self._reading() as db:
            return find_table(db, number)

    def listed(self) -> builtins.list[StoredTable]:
        with self._reading() as db:
            numbers = db.execute(
                "SELECT number FROM server_tables WHERE status = 'open' ORDER BY number"
            ).fetchall()
            found = (find_table(db, number) for (number,) in numbers)
            return [table for table in found if table is not None]

    def moves(self, number: int) -> builtins.list[str]:
        with self._reading() as db:
            rows = db.execute(
                "SELECT notation FROM server_moves WHERE number = ? ORDER BY ply", (number,)
            )
            return [notation for (notation,) in rows]

    def append_move(
        self,
        number: int,
        seen_plies: int,
        move: str,
        game_text: str,
        *,
        finishes: bool = False,
    ) -> StoredTable:
        with self._writing() as db:
            table = changeable_table(db, number)
            if table.plies != seen_plies:
                raise MoveRaced(
                    table,
                    f"Another move reached table {number} first (it has {table.plies} moves).",
                )
            db.execute(
                "INSERT INTO server_moves (number, ply, notation) VALUES (?, ?, ?)",
                (number, seen_plies + 1, move),
            )
            status: TableStatus = "finished" if finishes else "open"
            self._update(db, table, game_text, seen_plies + 1, status)
            if finishes:
                self._archive(db, table, game_text)
            return existing_table(db, number)

    def replace_game(
        self, number: int, seen_version: int, game_text: str, moves: Sequence[str]
    ) -> StoredTable:
        with self._writing() as db:
            table = changeable_table(db, number, seen_version)
            db.execute("DELETE FROM server_moves WHERE number = ?", (number,))
            write_moves(db, number, moves)
            self._update(db, table, game_text, len(moves), "open")
            return existing_table(db, number)

    def seat(self, number: int, seat: int, holder: StoredSeat) -> StoredTable:
        with self._writing() as db:
            table = changeable_table(db, number)
            if not 0 <= seat < len(table.seats) or table.seats[seat] is not None:
                raise StaleTable(table, f"That seat at table {number} is not free.")
            if holder.level is None and any(
                other is not None and other.level is None and other.identity == holder.identity
                for other in table.seats
            ):
                raise StaleTable(table, f"{holder.name} sits at table {number} already.")
            put_seat(db, number, seat, holder)
            self._update(db, table, table.game_text, table.plies, "open")
            return existing_table(db, number)

    def unseat(self, number: int, seat: int, identity: str) -> StoredTable:
        with self._writing() as db:
            table = changeable_table(db, number)
            holder = table.seats[seat] if 0 <= seat < len(table.seats) else None
            if holder is None or holder.level is not None or holder.identity != identity:
                raise StaleTable(table, f"That seat at table {number} is not yours.")
            put_seat(db, number, seat, None)
            self._update(db, table, table.game_text, table.plies, "open")
            return existing_table(db, number)

    def finish(self, number: int, seen_version: int, game_text: str) -> StoredTable:
        with self._writing() as db:
            table = changeable_table(db, number, seen_version)
            self._update(db, table, game_text, table.plies, "finished")
            self._archive(db, table, game_text)
            return existing_table(db, number)

    def set_aside(self, number: int, reason: str) -> StoredTable:
        with self._writing() as db:
            table = existing_table(db, number)
            if table.status != "open":
                return table
            self._update(db, table, table.game_text, table.plies, "set-aside", reason)
            return existing_table(db, number)

    def close_table(self, number: int, seen_version: int) -> StoredTable:
        with self._writing() as db:
            table = changeable_table(db, number, seen_version)
            self._update(db, table, table.game_text, table.plies, "closed")
            return existing_table(db, number)

    def archived(self, number: int) -> ArchivedGame | None:
        with self._reading() as db:
            row = db.execute(f"{ARCHIVE_SELECT} WHERE archive.number = ?", (number,)).fetchone()
            return archived_game(row) if row is not None else None

    # -- the change feed -------------------------------------------------------------------

    def changes_since(self, cursor: int) -> tuple[int, builtins.list[int]]:
        with self._reading() as db:
            first, last = db.execute("SELECT min(seq), max(seq) FROM server_changes").fetchone()
            if last is None:
                return 0, []
            if cursor > last or cursor < first - 1:
                rows = db.execute("SELECT number FROM server_tables ORDER BY number")
            else:
                rows = db.execute(
                    "SELECT DISTINCT number FROM server_changes WHERE seq > ? ORDER BY number",
                    (cursor,),
                )
            return int(last), [number for (number,) in rows]

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
                # Woken at once by a write of this store; another process's is polled for.
                self._wrote.wait(min(POLL_SECONDS, left))
                if not self._closed and self._last_change() > cursor:
                    return True
            return False

    # -- leases ------------------------------------------------------------------------------

    def take_lease(self, key: str, holder: str, seconds: float) -> bool:
        with self._writing() as db:
            now = self.clock()
            row = db.execute(
                "SELECT holder, expires FROM server_leases WHERE key = ?", (key,)
            ).fetchone()
            if row is not None and row[0] != holder and row[1] > now:
                return False
            db.execute(
                "INSERT INTO server_leases (key, holder, expires) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET holder = excluded.holder,"
                " expires = excluded.expires",
                (key, holder, now + seconds),
            )
            return True

    def renew_lease(self, key: str, holder: str, seconds: float) -> bool:
        with self._writing() as db:
            now = self.clock()
            renewed = db.execute(
                "UPDATE server_leases SET expires = ? WHERE key = ? AND holder = ? AND expires > ?",
                (now + seconds, key, holder, now),
            )
            return renewed.rowcount == 1

    def release_lease(self, key: str, holder: str) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM server_leases WHERE key = ? AND holder = ?", (key, holder))

    def lease_holder(self, key: str) -> str | None:
        with self._reading() as db:
            row = db.execute(
                "SELECT holder FROM server_leases WHERE key = ? AND expires > ?",
                (key, self.clock()),
            ).fetchone()
            return str(row[0]) if row is not None else None

    # -- players -----------------------------------------------------------------------------

    def add_player(self, key: str, name: str, key_fingerprint: str | None) -> StoredPlayer:
        with self._writing() as db:
            now = self.clock()
            db.execute(
                "INSERT INTO server_players (key, name, key_fingerprint, created)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET name = excluded.name,"
                " key_fingerprint = excluded.key_fingerprint",
                (key, name, key_fingerprint, now),
            )
            db.execute(
                "INSERT INTO server_players_seen (key, last_seen) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET last_seen = excluded.last_seen",
                (key, now),
            )
            found = find_player(db, key)
            assert found is not None
            return found

    def player(self, key: str) -> StoredPlayer | None:
        with self._reading() as db:
            return find_player(db, key)

    def close(self) -> None:
        with self._wrote:
            self._closed = True
            self._wrote.notify_all()
            self.connection.close()

    def __enter__(self) -> SqliteTableStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- inside ------------------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, the write lock taken before anything is read."""
        with self._wrote, self._failures():
            db = self.connection
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
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

    def _update(
        self,
        db: sqlite3.Connection,
        table: StoredTable,
        game_text: str,
        plies: int,
        status: TableStatus,
        reason: str = "",
    ) -> None:
        db.execute(
            "UPDATE server_tables SET game_text = ?, plies = ?, status = ?, reason = ?,"
            " version = version + 1 WHERE number = ?",
            (game_text, plies, status, reason, table.number),
        )
        self._note_change(db, table.number)

    def _archive(self, db: sqlite3.Connection, table: StoredTable, game_text: str) -> None:
        db.execute(
            "INSERT INTO server_archive (number, game_id, game_text, finished_at)"
            " VALUES (?, ?, ?, ?)",
            (table.number, table.game_id, game_text, self.clock()),
        )

    def _note_change(self, db: sqlite3.Connection, number: int) -> None:
        """Add the change of table ``number`` to the feed (in the change's transaction), and
        now and then forget the oldest changes."""
        seq = db.execute("INSERT INTO server_changes (number) VALUES (?)", (number,)).lastrowid
        if seq is not None and seq % 1000 == 0:
            db.execute("DELETE FROM server_changes WHERE seq <= ?", (seq - FEED_KEPT,))

    def _now(self, db: sqlite3.Connection) -> float:
        return self.clock()

    def _announce(self, db: sqlite3.Connection, number: int) -> None:
        self._note_change(db, number)

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
                read = _readable_tables(copy)
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


def _readable_tables(copy: sqlite3.Connection) -> list[StoredTable]:
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
            table = find_table(copy, number)
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
