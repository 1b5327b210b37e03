"""A server's tables in an SQL store, whichever: ``saves.store.tables.TableStore`` but for what
each database does its own way, for ``saves.store.sqlite_tables`` and
``saves.store.postgres_tables`` alike.

Every seat of a table has a row in ``server_seats``; a free one has no name, no identity and
no level. A table's moves are its rows in ``server_moves``, by ply. Every change of a table
raises its version and is announced in the change's own transaction (``_announce``).

``SqlTableStore`` is mixed into a store, which gives it, besides what ``SqlStoreParts`` names
(transactions, clock, announcing, ``PARAMETER``): what ends a ``SELECT`` that locks the table's
row until the transaction ends (``ROW_LOCK``: ``''`` where the transaction holds the
database's write lock from its start), ``_number_tables`` (called before a new table's number
is chosen) and its connection's ``close``.
"""

from __future__ import annotations

import builtins
from abc import abstractmethod
from collections.abc import Sequence
from contextlib import closing
from dataclasses import astuple, replace
from typing import Any, ClassVar, Self

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
)

#: The columns of ``server_tables``, in the order ``table_of`` reads them.
TABLE_FIELDS = "number, game_id, game_text, plies, status, version, reason"
#: Rows of the change feed kept: older cursors are answered with every table.
FEED_KEPT = 10_000

Seats = Sequence[StoredSeat | None]


def table_of(row: Sequence[Any], seat_rows: Sequence[Sequence[Any]]) -> StoredTable:
    """The table a row of ``server_tables`` (``TABLE_FIELDS``) and its seats' rows (name,
    identity, level, by seat) say."""
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


class SqlTableStore(SqlPresence, SqlFiling):
    """Tables, moves, seats, the archive, leases and players of ``TableStore``."""

    #: What ends a ``SELECT`` that locks the row it reads until the transaction ends.
    ROW_LOCK: ClassVar[str] = ""

    notices: builtins.list[str]

    # -- tables ---------------------------------------------------------------------------

    def open_table(
        self,
        game_id: str,
        game_text: str,
        moves: Sequence[str],
        seats: Seats,
        *,
        number: int | None = None,
    ) -> StoredTable:
        p = self.PARAMETER
        with self._writing() as db:
            self._number_tables(db)
            if number is None:
                row = db.execute("SELECT coalesce(max(number), 0) + 1 FROM server_tables")
                number = int(row.fetchone()[0])
            elif self._find_table(db, number) is not None:
                raise TableNumberTaken(number)
            db.execute(
                f"INSERT INTO server_tables ({TABLE_FIELDS})"
                f" VALUES ({p}, {p}, {p}, {p}, 'open', 1, '')",
                (number, game_id, game_text, len(moves)),
            )
            for seat, holder in enumerate(seats):
                self._put_seat(db, number, seat, holder)
            self._write_moves(db, number, moves)
            self._start_clock(db, number)
            self._announce(db, number)
            return self._existing_table(db, number)

    def load(self, number: int) -> StoredTable | None:
        with self._reading() as db:
            return self._find_table(db, number)

    def listed(self) -> builtins.list[StoredTable]:
        with self._reading() as db:
            numbers = db.execute(
                "SELECT number FROM server_tables WHERE status = 'open' ORDER BY number"
            ).fetchall()
            found = (self._find_table(db, number) for (number,) in numbers)
            return [table for table in found if table is not None]

    def moves(self, number: int) -> builtins.list[str]:
        with self._reading() as db:
            rows = db.execute(
                f"SELECT notation FROM server_moves WHERE number = {self.PARAMETER} ORDER BY ply",
                (number,),
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
            table = self._move_on(db, number, seen_plies, move, game_text, status)
            if finishes:
                self._archive(db, table, game_text)
            return table

    def replace_game(
        self, number: int, seen_version: int, game_text: str, moves: Sequence[str]
    ) -> StoredTable:
        with self._writing() as db:
            table = self._changeable_table(db, number, seen_version)
            db.execute(f"DELETE FROM server_moves WHERE number = {self.PARAMETER}", (number,))
            self._write_moves(db, number, moves)
            self._update(db, table, game_text, len(moves), "open")
            return self._existing_table(db, number)

    def seat(self, number: int, seat: int, holder: StoredSeat) -> StoredTable:
        with self._writing() as db:
            table = self._changeable_table(db, number)
            if not 0 <= seat < len(table.seats) or table.seats[seat] is not None:
                raise StaleTable(table, f"That seat at table {number} is not free.")
            if holder.level is None and any(
                other is not None and other.level is None and other.identity == holder.identity
                for other in table.seats
            ):
                raise StaleTable(table, f"{holder.name} sits at table {number} already.")
            self._put_seat(db, number, seat, holder)
            self._update(db, table, table.game_text, table.plies, "open")
            return self._existing_table(db, number)

    def unseat(self, number: int, seat: int, identity: str) -> StoredTable:
        with self._writing() as db:
            table = self._changeable_table(db, number)
            holder = table.seats[seat] if 0 <= seat < len(table.seats) else None
            if holder is None or holder.level is not None or holder.identity != identity:
                raise StaleTable(table, f"That seat at table {number} is not yours.")
            self._put_seat(db, number, seat, None)
            self._update(db, table, table.game_text, table.plies, "open")
            return self._existing_table(db, number)

    def finish(self, number: int, seen_version: int, game_text: str) -> StoredTable:
        with self._writing() as db:
            table = self._changeable_table(db, number, seen_version)
            self._update(db, table, game_text, table.plies, "finished")
            self._archive(db, table, game_text)
            return self._existing_table(db, number)

    def set_aside(self, number: int, reason: str) -> StoredTable:
        with self._writing() as db:
            table = self._existing_table(db, number, lock=True)
            if table.status != "open":
                return table
            self._update(db, table, table.game_text, table.plies, "set-aside", reason)
            return self._existing_table(db, number)

    def close_table(self, number: int, seen_version: int) -> StoredTable:
        with self._writing() as db:
            table = self._changeable_table(db, number, seen_version)
            self._update(db, table, table.game_text, table.plies, "closed")
            return self._existing_table(db, number)

    def archived(self, number: int) -> ArchivedGame | None:
        with self._reading() as db:
            row = db.execute(
                f"{ARCHIVE_SELECT} WHERE archive.number = {self.PARAMETER}", (number,)
            ).fetchone()
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
                    "SELECT DISTINCT number FROM server_changes"
                    f" WHERE seq > {self.PARAMETER} ORDER BY number",
                    (cursor,),
                )
            return int(last), [int(number) for (number,) in rows]

    # -- leases ------------------------------------------------------------------------------

    def take_lease(self, key: str, holder: str, seconds: float) -> bool:
        p = self.PARAMETER
        with self._writing() as db:
            now = self._now(db)
            rows = db.execute(
                f"INSERT INTO server_leases (key, holder, expires) VALUES ({p}, {p}, {p})"
                " ON CONFLICT (key) DO UPDATE SET holder = excluded.holder,"
                " expires = excluded.expires"
                f" WHERE server_leases.holder = excluded.holder OR server_leases.expires <= {p}"
                " RETURNING holder",
                (key, holder, now + seconds, now),
            ).fetchall()
            return len(rows) == 1

    def renew_lease(self, key: str, holder: str, seconds: float) -> bool:
        p = self.PARAMETER
        with self._writing() as db:
            now = self._now(db)
            renewed = db.execute(
                f"UPDATE server_leases SET expires = {p}"
                f" WHERE key = {p} AND holder = {p} AND expires > {p}",
                (now + seconds, key, holder, now),
            )
            return bool(renewed.rowcount == 1)

    def release_lease(self, key: str, holder: str) -> None:
        p = self.PARAMETER
        with self._writing() as db:
            db.execute(f"DELETE FROM server_leases WHERE key = {p} AND holder = {p}", (key, holder))

    def lease_holder(self, key: str) -> str | None:
        p = self.PARAMETER
        with self._reading() as db:
            row = db.execute(
                f"SELECT holder FROM server_leases WHERE key = {p} AND expires > {p}",
                (key, self._now(db)),
            ).fetchone()
            return str(row[0]) if row is not None else None

    # -- players -----------------------------------------------------------------------------

    def add_player(self, key: str, name: str, key_fingerprint: str | None) -> StoredPlayer:
        p = self.PARAMETER
        with self._writing() as db:
            now = self._now(db)
            db.execute(
                "INSERT INTO server_players (key, name, key_fingerprint, created)"
                f" VALUES ({p}, {p}, {p}, {p}) ON CONFLICT (key) DO UPDATE SET"
                " name = excluded.name, key_fingerprint = excluded.key_fingerprint",
                (key, name, key_fingerprint, now),
            )
            db.execute(
                f"INSERT INTO server_players_seen (key, last_seen) VALUES ({p}, {p})"
                " ON CONFLICT (key) DO UPDATE SET last_seen = excluded.last_seen",
                (key, now),
            )
            found = self._find_player(db, key)
            assert found is not None
            return found

    def player(self, key: str) -> StoredPlayer | None:
        with self._reading() as db:
            return self._find_player(db, key)

    @abstractmethod
    def _now_sql(self) -> tuple[str, tuple[Any, ...]]:
        """The store's clock now (seconds since the epoch) as an SQL expression, and its
        parameters."""

    @abstractmethod
    def close(self) -> None:
        """Each store gives its own."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- inside ------------------------------------------------------------------------------

    def _number_tables(self, db: Any) -> None:
        """Called in the transaction of a new table before its number is chosen."""

    def _move_on(
        self, db: Any, number: int, seen_plies: int, move: str, game_text: str, status: TableStatus
    ) -> StoredTable:
        """Add ``move`` to table ``number`` if it has ``seen_plies`` moves (``MoveRaced`` if
        not), with its new game and status; the table as it is then."""
        p = self.PARAMETER
        table = self._changeable_table(db, number)
        if table.plies != seen_plies:
            raise self._raced(table)
        db.execute(
            f"INSERT INTO server_moves (number, ply, notation) VALUES ({p}, {p}, {p})",
            (number, seen_plies + 1, move),
        )
        self._update(db, table, game_text, seen_plies + 1, status)
        return self._existing_table(db, number)

    @staticmethod
    def _raced(table: StoredTable) -> MoveRaced:
        return MoveRaced(
            table,
            f"Another move reached table {table.number} first (it has {table.plies} moves).",
        )

    def _update(
        self,
        db: Any,
        table: StoredTable,
        game_text: str,
        plies: int,
        status: TableStatus,
        reason: str = "",
    ) -> None:
        p = self.PARAMETER
        db.execute(
            f"UPDATE server_tables SET game_text = {p}, plies = {p}, status = {p}, reason = {p},"
            f" version = version + 1 WHERE number = {p}",
            (game_text, plies, status, reason, table.number),
        )
        if status == "open" and (plies != table.plies or plies == 0):
            self._start_clock(db, table.number)  # a move, a takeback, or the game begins
        self._announce(db, table.number)

    def _archive(self, db: Any, table: StoredTable, game_text: str) -> None:
        p = self.PARAMETER
        db.execute(
            "INSERT INTO server_archive (number, game_id, game_text, finished_at)"
            f" VALUES ({p}, {p}, {p}, {p})",
            (table.number, table.game_id, game_text, self._now(db)),
        )

    def _put_seat(self, db: Any, number: int, seat: int, holder: StoredSeat | None) -> None:
        """Write who holds ``seat``: every seat has a row, a free one with no name, no identity
        and no level."""
        p = self.PARAMETER
        name, identity, level = ("", "", None) if holder is None else astuple(holder)
        db.execute(
            "INSERT INTO server_seats (number, seat, name, identity, level)"
            f" VALUES ({p}, {p}, {p}, {p}, {p})"
            " ON CONFLICT (number, seat) DO UPDATE SET name = excluded.name,"
            " identity = excluded.identity, level = excluded.level",
            (number, seat, name, identity, level),
        )

    def _write_moves(self, db: Any, number: int, moves: Sequence[str]) -> None:
        if not moves:
            return
        p = self.PARAMETER
        with closing(db.cursor()) as cursor:
            cursor.executemany(
                f"INSERT INTO server_moves (number, ply, notation) VALUES ({p}, {p}, {p})",
                [(number, ply, notation) for ply, notation in enumerate(moves, start=1)],
            )

    def _seat_rows(self, db: Any, number: int) -> Any:
        """The cursor of the seats' rows of table ``number``, for ``table_of``."""
        return db.execute(
            "SELECT name, identity, level FROM server_seats"
            f" WHERE number = {self.PARAMETER} ORDER BY seat",
            (number,),
        )

    def _find_table(self, db: Any, number: int, *, lock: bool = False) -> StoredTable | None:
        """The table ``number`` as stored, or ``None``; ``lock``: its row locked until the
        transaction ends (``ROW_LOCK``), so that no other process changes it meanwhile."""
        now, now_parameters = self._now_sql()
        row = db.execute(
            f"SELECT {TABLE_FIELDS}, (SELECT {now} - clocks.since FROM server_clocks AS clocks"
            " WHERE clocks.number = server_tables.number)"
            f" FROM server_tables WHERE number = {self.PARAMETER}"
            + (self.ROW_LOCK if lock else ""),
            (*now_parameters, number),
        ).fetchone()
        if row is None:
            return None
        table = table_of(row[:-1], self._seat_rows(db, number).fetchall())
        age = row[-1]
        return table if age is None else replace(table, clock_age=max(0.0, float(age)))

    def _start_clock(self, db: Any, number: int) -> None:
        """The running clock of table ``number`` starts now, by the store's clock."""
        p = self.PARAMETER
        now, now_parameters = self._now_sql()
        db.execute(
            f"INSERT INTO server_clocks (number, since) VALUES ({p}, {now})"
            " ON CONFLICT (number) DO UPDATE SET since = excluded.since",
            (number, *now_parameters),
        )

    def _existing_table(self, db: Any, number: int, *, lock: bool = False) -> StoredTable:
        table = self._find_table(db, number, lock=lock)
        if table is None:
            raise NoSuchTable(number)
        return table

    def _changeable_table(
        self, db: Any, number: int, seen_version: int | None = None
    ) -> StoredTable:
        """The open table ``number``, its row locked; ``StaleTable`` if it is not open, or if
        ``seen_version`` is given and is not its version."""
        table = self._existing_table(db, number, lock=True)
        if table.status != "open":
            raise StaleTable(table, f"Table {number} is {table.status} now.")
        if seen_version is not None and table.version != seen_version:
            raise StaleTable(table, f"Table {number} changed before this reached it.")
        return table

    def _find_player(self, db: Any, key: str) -> StoredPlayer | None:
        row = db.execute(
            "SELECT players.key, name, key_fingerprint, created, coalesce(last_seen, created)"
            " FROM server_players AS players"
            " LEFT JOIN server_players_seen AS seen ON seen.key = players.key"
            f" WHERE players.key = {self.PARAMETER}",
            (key,),
        ).fetchone()
        return StoredPlayer(*row) if row is not None else None
