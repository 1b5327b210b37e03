"""The library's index in the SQLite store (``saves.store.sqlite``): the index of
``saves.store.sql_library`` on the data folder's ``pawnshop.sqlite3``, with what is SQLite's
own: each batch written in a ``BEGIN IMMEDIATE`` transaction, and a database found damaged
while working set aside and made anew from the files.
"""

from __future__ import annotations

import builtins
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from core.registry import find_game
from saves import paths
from saves.header import GameLookup
from saves.store.sql_library import SqlLibraryIndex
from saves.store.sqlite import is_damage, open_store, reopen_damaged

T = TypeVar("T")


class SqliteLibraryIndex(SqlLibraryIndex):
    """``saves.store.LibraryIndex`` on the data folder's SQLite store.

    A reader for a screen (``check=False, rebuild=False``) opens at once, without the
    integrity check, and on finding the database damaged sets it aside and serves the new,
    empty one without reading the files: its caller's sync, in a thread of its own, fills it.
    """

    def __init__(
        self,
        data_dir: paths.DataDir = None,
        *,
        games: GameLookup = find_game,
        check: bool = True,
        rebuild: bool = True,
    ) -> None:
        super().__init__(data_dir, games=games)
        self.rebuild = rebuild
        self.connection, self.notices = open_store(data_dir, check=check)

    def close(self) -> None:
        self.connection.close()

    def _query(self, sql: str, parameters: Sequence[Any] = ()) -> builtins.list[tuple[Any, ...]]:
        return self.connection.execute(sql, parameters).fetchall()

    def _write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on any error."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            self.connection.executemany(sql, rows)
        except BaseException:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def _served(self, work: Callable[[], T]) -> T:
        """``work``, done again on a new database if this one turns out to be damaged."""
        try:
            return work()
        except sqlite3.DatabaseError as error:
            if not is_damage(error):
                raise
            self.connection.close()
            self.connection, notices = reopen_damaged(self.data_dir, f"is damaged ({error})")
            self.notices.extend(notices)
        if self.rebuild:
            self._sync()
        return work()
