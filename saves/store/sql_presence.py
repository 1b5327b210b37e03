"""Who is present at which table, process by process, in an SQL store of tables: the presence
part of ``saves.store.tables.TableStore``, for ``saves.store.sqlite_tables`` and
``saves.store.postgres_tables`` alike.

Each row of ``server_presence`` says that process ``holder`` has ``sessions`` sessions of the
person ``identity`` showing table ``number``, until ``expires``. A process renews its rows as
it renews its leases; the rows of a process that died run out and stop counting, and are
deleted by the next process that writes presence. A change of presence is a change of its
table in the feed (the table's version stays), so that every process redraws.

``SqlPresence`` is mixed into a store, which gives it its transactions (``_writing``,
``_reading``), its clock (``_now``), its way of announcing a change (``_announce``) and how
its SQL spells a parameter (``PARAMETER``).
"""

from __future__ import annotations

import builtins
from abc import ABC, abstractmethod
from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Protocol

from saves.store.tables import Presence


class Executor(Protocol):
    """A connection as the mixins use it: SQLite's and psycopg's alike."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...


class SqlStoreParts(ABC):
    """What a store gives the SQL mixins (each store defines its own)."""

    #: How the database's SQL spells a query's parameter.
    PARAMETER: ClassVar[str] = "?"

    @abstractmethod
    def _writing(self) -> AbstractContextManager[Any]:
        """Each store gives its own."""

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Any]:
        """Each store gives its own."""

    @abstractmethod
    def _now(self, db: Any) -> float:
        """Each store gives its own."""

    @abstractmethod
    def _announce(self, db: Any, number: int) -> None:
        """Add a change of table ``number`` to the feed, in the transaction of ``db``."""


class SqlPresence(SqlStoreParts):
    """``show_presence``, ``renew_presence``, ``clear_presence`` and ``presence``."""

    def show_presence(
        self, holder: str, number: int, sessions: Mapping[str, int], seconds: float
    ) -> None:
        p = self.PARAMETER
        with self._writing() as db:
            now = self._now(db)
            db.execute(f"DELETE FROM server_presence WHERE expires <= {p}", (now,))
            db.execute(
                f"DELETE FROM server_presence WHERE holder = {p} AND number = {p}",
                (holder, number),
            )
            for identity, count in sorted(sessions.items()):
                if count > 0:
                    db.execute(
                        "INSERT INTO server_presence (holder, number, identity, sessions, expires)"
                        f" VALUES ({p}, {p}, {p}, {p}, {p})",
                        (holder, number, identity, count, now + seconds),
                    )
            self._announce(db, number)

    def renew_presence(self, holder: str, seconds: float) -> None:
        p = self.PARAMETER
        with self._writing() as db:
            now = self._now(db)
            db.execute(
                f"UPDATE server_presence SET expires = {p} WHERE holder = {p}",
                (now + seconds, holder),
            )

    def clear_presence(self, holder: str) -> None:
        p = self.PARAMETER
        with self._writing() as db:
            rows = db.execute(
                f"SELECT DISTINCT number FROM server_presence WHERE holder = {p} ORDER BY number",
                (holder,),
            ).fetchall()
            db.execute(f"DELETE FROM server_presence WHERE holder = {p}", (holder,))
            for (number,) in rows:
                self._announce(db, int(number))

    def presence(self) -> builtins.list[Presence]:
        p = self.PARAMETER
        with self._reading() as db:
            rows = db.execute(
                "SELECT holder, number, identity, sessions FROM server_presence"
                f" WHERE expires > {p} ORDER BY number, holder, identity",
                (self._now(db),),
            ).fetchall()
        return [
            Presence(str(holder), int(number), str(identity), int(sessions))
            for holder, number, identity, sessions in rows
        ]
