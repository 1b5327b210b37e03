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
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import astuple
from typing import Any

import psycopg

from saves.store.postgres import StoreUnavailable, connect, open_store, where
from saves.store.sql_filing import ARCHIVE_SELECT, SqlFiling, archived_game
from saves.store.sql_presence import SqlPresence
from saves.store.tables import (
    TABLE_STATUSES,
    ArchivedGame,
    MoveRaced,
    NoSuchTable,
    StaleTable,
    StoredPlayer,
    StoredSeat,
    StoredTable,
    TableNumberTaken,
    TableStatus,
    TableStoreError,
)

Connection = psycopg.Connection[tuple[Any, ...]]

#: The channel every change is announced on; its payload is the change's number in the feed.
CHANNEL = "pawnshop_table_changes"
#: The advisory locks that number new tables and the feed's rows, one transaction at a time.
NUMBERING_LOCK = 0x7061776F
FEED_LOCK = 0x70617770
#: Rows of the change feed kept: older cursors are answered with every table.
FEED_KEPT = 10_000
#: The longest a wait listens before looking again whether the store was closed or its
#: listening connection lost (a close wakes it at once all the same).
LISTEN_SLICE = 0.5
#: How long a wait whose connection was lost leaves the server before connecting again.
RECONNECT_PAUSE = 0.5

_TABLE_FIELDS = "number, game_id, game_text, plies, status, version, reason"
_SEATS = "SELECT name, identity, level FROM server_seats WHERE number = %s ORDER BY seat"
_NOW = "SELECT extract(epoch FROM clock_timestamp())::double precision"


class PostgresTableStore(SqlPresence, SqlFiling):
    """``saves.store.tables.TableStore`` on the PostgreSQL database at ``url`` (presence and
    filing from ``saves.store.sql_presence`` and ``saves.store.sql_filing``).

    ``clock`` gives the time in seconds since the epoch for leases, presence, players and the
    archive; ``None`` (the default) is the database's clock, which every process shares.
    """

    PARAMETER = "%s"

    def __init__(self, url: str, *, clock: Callable[[], float] | None = None) -> None:
        self.url = url
        self.clock = clock
        self.notices: builtins.list[str] = []
        self._lock = threading.RLock()
        self._listening = threading.Lock()
        self._closing = threading.Event()
        self._wake_channel = f"pawnshop_wake_{uuid.uuid4().hex}"
        self._listener: Connection | None = None
        self._heard = 0
        self.connection: Connection = open_store(url)

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
            db.execute("SELECT pg_advisory_xact_lock(%s)", (NUMBERING_LOCK,))
            if number is None:
                row = _one(db, "SELECT coalesce(max(number), 0) + 1 FROM server_tables")
                number = int(row[0])
            elif db.execute("SELECT 1 FROM server_tables WHERE number = %s", (number,)).fetchone():
                raise TableNumberTaken(number)
            db.execute(
                f"INSERT INTO server_tables ({_TABLE_FIELDS})"
                " VALUES (%s, %s, %s, %s, 'open', 1, '')",
                (number, game_id, game_text, len(moves)),
            )
            for seat, holder in enumerate(seats):
                _put_seat(db, number, seat, holder)
            _write_moves(db, number, moves)
            _note_change(db, number)
            return _existing_table(db, number)

    def load(self, number: int) -> StoredTable | None:
        with self._reading() as db:
            return _find_table(db, number)

    def listed(self) -> builtins.list[StoredTable]:
        with self._reading() as db:
            numbers = db.execute(
                "SELECT number FROM server_tables WHERE status = 'open' ORDER BY number"
            ).fetchall()
            found = (_find_table(db, number) for (number,) in numbers)
            return [table for table in found if table is not None]

    def moves(self, number: int) -> builtins.list[str]:
        with self._reading() as db:
            rows = db.execute(
                "SELECT notation FROM server_moves WHERE number = %s ORDER BY ply", (number,)
            )
            return [str(notation) for (notation,) in rows]

    def append_move(
        self,
        number: int,
        seen_plies: int,
        move: str,
        game_text: str,
        *,
        finishes: bool = False,
    ) -> StoredTable:
        status: TableStatus = "finished" if finishes else "open"
        with self._writing() as db:
            # The ply count checked and moved on in one statement, which locks the row: of two
            # processes at one ply, the second finds the count moved on and changes nothing.
            moved = db.execute(
                "UPDATE server_tables SET game_text = %s, plies = plies + 1, status = %s,"
                " reason = '', version = version + 1"
                " WHERE number = %s AND plies = %s AND status = 'open'"
                f" RETURNING {_TABLE_FIELDS}",
                (game_text, status, number, seen_plies),
            ).fetchone()
            if moved is None:
                table = _open_table(db, number)
                raise MoveRaced(
                    table,
                    f"Another move reached table {number} first (it has {table.plies} moves).",
                )
            with db.pipeline():  # the rest of the move in one exchange with the server
                db.execute(
                    "INSERT INTO server_moves (number, ply, notation) VALUES (%s, %s, %s)",
                    (number, seen_plies + 1, move),
                )
                announced = _announce_change(db, number)
                seats = db.execute(_SEATS, (number,))
            _forget_old_changes(db, announced)
            table = _table_of(moved, seats.fetchall())
            if finishes:
                self._archive(db, table, game_text)
            return table

    def replace_game(
        self, number: int, seen_version: int, game_text: str, moves: Sequence[str]
    ) -> StoredTable:
        with self._writing() as db:
            table = _open_table(db, number, seen_version)
            db.execute("DELETE FROM server_moves WHERE number = %s", (number,))
            _write_moves(db, number, moves)
            _update(db, table, game_text, len(moves), "open")
            return _existing_table(db, number)

    def seat(self, number: int, seat: int, holder: StoredSeat) -> StoredTable:
        with self._writing() as db:
            table = _open_table(db, number)
            if not 0 <= seat < len(table.seats) or table.seats[seat] is not None:
                raise StaleTable(table, f"That seat at table {number} is not free.")
            if holder.level is None and any(
                other is not None and other.level is None and other.identity == holder.identity
                for other in table.seats
            ):
                raise StaleTable(table, f"{holder.name} sits at table {number} already.")
            _put_seat(db, number, seat, holder)
            _update(db, table, table.game_text, table.plies, "open")
            return _existing_table(db, number)

    def unseat(self, number: int, seat: int, identity: str) -> StoredTable:
        with self._writing() as db:
            table = _open_table(db, number)
            holder = table.seats[seat] if 0 <= seat < len(table.seats) else None
            if holder is None or holder.level is not None or holder.identity != identity:
                raise StaleTable(table, f"That seat at table {number} is not yours.")
            _put_seat(db, number, seat, None)
            _update(db, table, table.game_text, table.plies, "open")
            return _existing_table(db, number)

    def finish(self, number: int, seen_version: int, game_text: str) -> StoredTable:
        with self._writing() as db:
            table = _open_table(db, number, seen_version)
            _update(db, table, game_text, table.plies, "finished")
            self._archive(db, table, game_text)
            return _existing_table(db, number)

    def set_aside(self, number: int, reason: str) -> StoredTable:
        with self._writing() as db:
            table = _existing_table(db, number, lock=True)
            if table.status != "open":
                return table
            _update(db, table, table.game_text, table.plies, "set-aside", reason)
            return _existing_table(db, number)

    def close_table(self, number: int, seen_version: int) -> StoredTable:
        with self._writing() as db:
            table = _open_table(db, number, seen_version)
            _update(db, table, table.game_text, table.plies, "closed")
            return _existing_table(db, number)

    def archived(self, number: int) -> ArchivedGame | None:
        with self._reading() as db:
            row = db.execute(f"{ARCHIVE_SELECT} WHERE archive.number = %s", (number,)).fetchone()
            return archived_game(row) if row is not None else None

    # -- the change feed -------------------------------------------------------------------

    def changes_since(self, cursor: int) -> tuple[int, builtins.list[int]]:
        with self._reading() as db:
            first, last = _one(db, "SELECT min(seq), max(seq) FROM server_changes")
            if last is None:
                return 0, []
            if cursor > last or cursor < first - 1:
                rows = db.execute("SELECT number FROM server_tables ORDER BY number")
            else:
                rows = db.execute(
                    "SELECT DISTINCT number FROM server_changes WHERE seq > %s ORDER BY number",
                    (cursor,),
                )
            return int(last), [int(number) for (number,) in rows]

    def wait_for_change(self, cursor: int, timeout: float) -> bool:
        """Listen on a connection of this wait's own for the feed's ``NOTIFY``; the newest
        number heard (or read from the feed after connecting) tells whether a change after
        ``cursor`` is there."""
        deadline = time.monotonic() + timeout
        with self._listening:
            while not self._closing.is_set():
                try:
                    if self._newest_heard() > cursor:
                        return True
                except (StoreUnavailable, psycopg.Error):
                    self._drop_listener()
                    self._closing.wait(min(RECONNECT_PAUSE, max(0.0, deadline - time.monotonic())))
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._hear(min(LISTEN_SLICE, left))
            return False

    # -- leases ------------------------------------------------------------------------------

    def take_lease(self, key: str, holder: str, seconds: float) -> bool:
        with self._writing() as db:
            now = self._now(db)
            row = db.execute(
                "INSERT INTO server_leases (key, holder, expires) VALUES (%s, %s, %s)"
                " ON CONFLICT (key) DO UPDATE SET holder = excluded.holder,"
                " expires = excluded.expires"
                " WHERE server_leases.holder = excluded.holder OR server_leases.expires <= %s"
                " RETURNING holder",
                (key, holder, now + seconds, now),
            ).fetchone()
            return row is not None

    def renew_lease(self, key: str, holder: str, seconds: float) -> bool:
        with self._writing() as db:
            now = self._now(db)
            renewed = db.execute(
                "UPDATE server_leases SET expires = %s"
                " WHERE key = %s AND holder = %s AND expires > %s",
                (now + seconds, key, holder, now),
            )
            return renewed.rowcount == 1

    def release_lease(self, key: str, holder: str) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM server_leases WHERE key = %s AND holder = %s", (key, holder))

    def lease_holder(self, key: str) -> str | None:
        with self._reading() as db:
            row = db.execute(
                "SELECT holder FROM server_leases WHERE key = %s AND expires > %s",
                (key, self._now(db)),
            ).fetchone()
            return str(row[0]) if row is not None else None

    # -- players -----------------------------------------------------------------------------

    def add_player(self, key: str, name: str, key_fingerprint: str | None) -> StoredPlayer:
        with self._writing() as db:
            now = self._now(db)
            db.execute(
                "INSERT INTO server_players (key, name, key_fingerprint, created)"
                " VALUES (%s, %s, %s, %s) ON CONFLICT (key) DO UPDATE SET name = excluded.name,"
                " key_fingerprint = excluded.key_fingerprint",
                (key, name, key_fingerprint, now),
            )
            db.execute(
                "INSERT INTO server_players_seen (key, last_seen) VALUES (%s, %s)"
                " ON CONFLICT (key) DO UPDATE SET last_seen = excluded.last_seen",
                (key, now),
            )
            found = _find_player(db, key)
            assert found is not None
            return found

    def player(self, key: str) -> StoredPlayer | None:
        with self._reading() as db:
            return _find_player(db, key)

    def close(self) -> None:
        if self._closing.is_set():
            return
        self._closing.set()
        with self._lock:
            with suppress(psycopg.Error):  # wakes a wait under way at once
                self.connection.execute("SELECT pg_notify(%s, '')", (self._wake_channel,))
            self.connection.close()
        with self._listening:
            self._drop_listener()

    def __enter__(self) -> PostgresTableStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

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
            detail = str(error).strip().splitlines()[0] if str(error).strip() else "no answer"
            server = where(self.url)
            raise TableStoreError(
                f"{server[0].upper()}{server[1:]} did not answer ({detail}); try again."
            ) from None

    def _now(self, db: Connection) -> float:
        if self.clock is not None:
            return self.clock()
        return float(_one(db, _NOW)[0])

    def _announce(self, db: Connection, number: int) -> None:
        _note_change(db, number)

    def _archive(self, db: Connection, table: StoredTable, game_text: str) -> None:
        db.execute(
            "INSERT INTO server_archive (number, game_id, game_text, finished_at)"
            " VALUES (%s, %s, %s, %s)",
            (table.number, table.game_id, game_text, self._now(db)),
        )

    def _newest_heard(self) -> int:
        """The newest change this store has heard of, listening from now on: after
        (re)connecting, the feed's newest number, as a change made while nobody listened
        sends no notice that will arrive."""
        if self._listener is None or self._listener.closed or self._listener.broken:
            self._drop_listener()
            listener = connect(self.url)
            try:
                listener.execute(f"LISTEN {CHANNEL}")
                listener.execute(f"LISTEN {self._wake_channel}")
                newest = _one(listener, "SELECT coalesce(max(seq), 0) FROM server_changes")
            except BaseException:
                listener.close()
                raise
            self._listener = listener
            self._heard = max(self._heard, int(newest[0]))
        return self._heard

    def _hear(self, seconds: float) -> None:
        """Wait up to ``seconds`` for a notice, and remember the newest change it names."""
        listener = self._listener
        if listener is None:
            return
        try:
            for notice in listener.notifies(timeout=seconds, stop_after=1):
                if notice.channel == CHANNEL and notice.payload.isdigit():
                    self._heard = max(self._heard, int(notice.payload))
        except psycopg.Error:
            self._drop_listener()  # the next look connects again and reads the feed

    def _drop_listener(self) -> None:
        if self._listener is not None:
            with suppress(psycopg.Error):
                self._listener.close()
            self._listener = None


def _one(db: Connection, sql: str, parameters: Sequence[Any] = ()) -> tuple[Any, ...]:
    row = db.execute(sql, parameters).fetchone()
    assert row is not None
    return row


def _update(
    db: Connection,
    table: StoredTable,
    game_text: str,
    plies: int,
    status: TableStatus,
    reason: str = "",
) -> None:
    db.execute(
        "UPDATE server_tables SET game_text = %s, plies = %s, status = %s, reason = %s,"
        " version = version + 1 WHERE number = %s",
        (game_text, plies, status, reason, table.number),
    )
    _note_change(db, table.number)


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


def _put_seat(db: Connection, number: int, seat: int, holder: StoredSeat | None) -> None:
    """Write who holds ``seat``: every seat has a row, a free one with no name, no identity and
    no level."""
    name, identity, level = ("", "", None) if holder is None else astuple(holder)
    db.execute(
        "INSERT INTO server_seats (number, seat, name, identity, level)"
        " VALUES (%s, %s, %s, %s, %s)"
        " ON CONFLICT (number, seat) DO UPDATE SET name = excluded.name,"
        " identity = excluded.identity, level = excluded.level",
        (number, seat, name, identity, level),
    )


def _write_moves(db: Connection, number: int, moves: Sequence[str]) -> None:
    if not moves:
        return
    with db.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO server_moves (number, ply, notation) VALUES (%s, %s, %s)",
            [(number, ply, notation) for ply, notation in enumerate(moves, start=1)],
        )


def _find_table(db: Connection, number: int, *, lock: bool = False) -> StoredTable | None:
    """The table ``number`` as stored, or ``None``; ``lock``: its row locked until the
    transaction ends, so that no other process changes it meanwhile."""
    row = db.execute(
        f"SELECT {_TABLE_FIELDS} FROM server_tables WHERE number = %s"
        + (" FOR UPDATE" if lock else ""),
        (number,),
    ).fetchone()
    if row is None:
        return None
    return _table_of(row, db.execute(_SEATS, (number,)).fetchall())


def _table_of(row: Sequence[Any], seat_rows: Sequence[Sequence[Any]]) -> StoredTable:
    """The table a row of ``server_tables`` and its seats' rows (``_SEATS``) say."""
    seats: list[StoredSeat | None] = []
    for name, identity, level in seat_rows:
        free = identity == "" and level is None
        seats.append(None if free else StoredSeat(str(name), str(identity), level))
    number, game_id, game_text, plies, status, version, reason = row
    if status not in TABLE_STATUSES:
        raise ValueError(f"table {number} has an unknown status {status!r}")
    return StoredTable(
        int(number),
        str(game_id),
        str(game_text),
        int(plies),
        tuple(seats),
        status,
        int(version),
        str(reason),
    )


def _existing_table(db: Connection, number: int, *, lock: bool = False) -> StoredTable:
    table = _find_table(db, number, lock=lock)
    if table is None:
        raise NoSuchTable(number)
    return table


def _open_table(db: Connection, number: int, seen_version: int | None = None) -> StoredTable:
    """The open table ``number``, its row locked; ``StaleTable`` if it is not open, or if
    ``seen_version`` is given and is not its version."""
    table = _existing_table(db, number, lock=True)
    if table.status != "open":
        raise StaleTable(table, f"Table {number} is {table.status} now.")
    if seen_version is not None and table.version != seen_version:
        raise StaleTable(table, f"Table {number} changed before this reached it.")
    return table


def _find_player(db: Connection, key: str) -> StoredPlayer | None:
    row = db.execute(
        "SELECT players.key, name, key_fingerprint, created, coalesce(last_seen, created)"
        " FROM server_players AS players"
        " LEFT JOIN server_players_seen AS seen ON seen.key = players.key"
        " WHERE players.key = %s",
        (key,),
    ).fetchone()
    return StoredPlayer(*row) if row is not None else None
