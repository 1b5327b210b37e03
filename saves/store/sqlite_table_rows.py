"""The rows of a server's tables in the SQLite store, read into and written from the values
of ``saves.store.tables``: for ``saves.store.sqlite_tables``, which calls these inside its
transactions.

Every seat of a table has a row; a free one has no name, no identity and no level. A table's
moves are its rows in ``server_moves``, by ply.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import astuple

from saves.store.tables import (
    TABLE_STATUSES,
    NoSuchTable,
    StaleTable,
    StoredPlayer,
    StoredSeat,
    StoredTable,
)

TABLE_FIELDS = "number, game_id, game_text, plies, status, version, reason"


def put_seat(db: sqlite3.Connection, number: int, seat: int, holder: StoredSeat | None) -> None:
    """Write who holds ``seat``: every seat has a row, a free one with no name, no identity and
    no level."""
    name, identity, level = ("", "", None) if holder is None else astuple(holder)
    db.execute(
        "INSERT INTO server_seats (number, seat, name, identity, level) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (number, seat) DO UPDATE SET name = excluded.name,"
        " identity = excluded.identity, level = excluded.level",
        (number, seat, name, identity, level),
    )


def write_moves(db: sqlite3.Connection, number: int, moves: Sequence[str]) -> None:
    db.executemany(
        "INSERT INTO server_moves (number, ply, notation) VALUES (?, ?, ?)",
        [(number, ply, notation) for ply, notation in enumerate(moves, start=1)],
    )


def find_table(db: sqlite3.Connection, number: int) -> StoredTable | None:
    """The table ``number`` as stored, or ``None``."""
    row = db.execute(
        f"SELECT {TABLE_FIELDS} FROM server_tables WHERE number = ?", (number,)
    ).fetchone()
    if row is None:
        return None
    seats: list[StoredSeat | None] = []
    for name, identity, level in db.execute(
        "SELECT name, identity, level FROM server_seats WHERE number = ? ORDER BY seat",
        (number,),
    ):
        free = identity == "" and level is None
        seats.append(None if free else StoredSeat(str(name), str(identity), level))
    table_number, game_id, game_text, plies, status, version, reason = row
    if status not in TABLE_STATUSES:
        raise ValueError(f"table {number} has an unknown status {status!r}")
    return StoredTable(
        int(table_number),
        str(game_id),
        str(game_text),
        int(plies),
        tuple(seats),
        status,
        int(version),
        str(reason),
    )


def existing_table(db: sqlite3.Connection, number: int) -> StoredTable:
    table = find_table(db, number)
    if table is None:
        raise NoSuchTable(number)
    return table


def changeable_table(
    db: sqlite3.Connection, number: int, seen_version: int | None = None
) -> StoredTable:
    """The open table ``number``; ``StaleTable`` if it is not open, or if ``seen_version`` is
    given and is not its version."""
    table = existing_table(db, number)
    if table.status != "open":
        raise StaleTable(table, f"Table {number} is {table.status} now.")
    if seen_version is not None and table.version != seen_version:
        raise StaleTable(table, f"Table {number} changed before this reached it.")
    return table


def find_player(db: sqlite3.Connection, key: str) -> StoredPlayer | None:
    row = db.execute(
        "SELECT players.key, name, key_fingerprint, created, coalesce(last_seen, created)"
        " FROM server_players AS players"
        " LEFT JOIN server_players_seen AS seen ON seen.key = players.key"
        " WHERE players.key = ?",
        (key,),
    ).fetchone()
    return StoredPlayer(*row) if row is not None else None
