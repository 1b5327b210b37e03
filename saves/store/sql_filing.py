"""Where each finished game was filed, in an SQL store of tables: ``record_filed``,
``filed_names`` and ``unfiled`` of ``saves.store.tables.TableStore``, for
``saves.store.sqlite_tables`` and ``saves.store.postgres_tables`` alike.

A finished table's archive entry is written in the transaction that finishes it; its file
among the server's saved games is written after, outside the store, and its name then kept
beside the entry (a row of ``server_filed``; ``''`` for the games earlier versions filed). An
entry still without one is a game a process finished and died before filing: whoever finds
it files it (claiming it first with a lease, so only once).
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Any

from saves.store.sql_presence import SqlStoreParts
from saves.store.tables import ArchivedGame, NoSuchTable

#: The archive's entries as ``ArchivedGame``'s fields, in its order (``archive.number`` names
#: an entry's table).
ARCHIVE_SELECT = (
    "SELECT archive.number, archive.game_id, archive.game_text, archive.finished_at,"
    " filed.filed_as FROM server_archive AS archive"
    " LEFT JOIN server_filed AS filed ON filed.number = archive.number"
)


def archived_game(row: Sequence[Any]) -> ArchivedGame:
    """An archive entry from its row (``ARCHIVE_SELECT``)."""
    number, game_id, game_text, finished_at, filed_as = row
    return ArchivedGame(
        int(number),
        str(game_id),
        str(game_text),
        float(finished_at),
        None if filed_as is None else str(filed_as),
    )


class SqlFiling(SqlStoreParts):
    """``record_filed``, ``filed_names`` and ``unfiled``."""

    def record_filed(self, number: int, filed_as: str) -> ArchivedGame:
        p = self.PARAMETER
        with self._writing() as db:
            if (
                db.execute(f"SELECT 1 FROM server_archive WHERE number = {p}", (number,)).fetchone()
                is None
            ):
                raise NoSuchTable(number)
            db.execute(
                f"INSERT INTO server_filed (number, filed_as) VALUES ({p}, {p})"
                " ON CONFLICT (number) DO UPDATE SET filed_as = excluded.filed_as",
                (number, filed_as),
            )
            self._announce(db, number)
            row = db.execute(f"{ARCHIVE_SELECT} WHERE archive.number = {p}", (number,))
            return archived_game(row.fetchone())

    def filed_names(self, numbers: Sequence[int] | None = None) -> builtins.list[tuple[int, str]]:
        among = ""
        if numbers is not None:
            if not numbers:
                return []
            among = f" AND number IN ({', '.join(self.PARAMETER for _ in numbers)})"
        with self._reading() as db:
            rows = db.execute(
                f"SELECT number, filed_as FROM server_filed WHERE filed_as != ''{among}"
                " ORDER BY number",
                tuple(numbers or ()),
            ).fetchall()
        return [(int(number), str(filed_as)) for number, filed_as in rows]

    def unfiled(self) -> builtins.list[ArchivedGame]:
        with self._reading() as db:
            rows = db.execute(
                f"{ARCHIVE_SELECT} WHERE filed.number IS NULL ORDER BY archive.number", ()
            ).fetchall()
        return [archived_game(row) for row in rows]
