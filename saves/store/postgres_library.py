"""The library's index in a PostgreSQL database: ``saves.store.LibraryIndex`` for a data
folder whose games several machines serve.

The index is the SQLite one's (``saves.store.sql_library``: the same rows, sorts, filters
and syncs), on the database at a URL (``saves.store.postgres``). Its rows name the files by
their path in the data folder (``games/<name>``), so a database indexes one data folder: the
one every machine sharing it reads, or one database per folder. The database is never set
aside as a damaged SQLite file is; a server that cannot be reached is
``saves.store.postgres.StoreUnavailable``, in one sentence.
"""

from __future__ import annotations

import builtins
import threading
from collections.abc import Sequence
from typing import Any, ClassVar

from core.registry import find_game
from saves import paths
from saves.header import GameLookup
from saves.store.postgres import open_store
from saves.store.sql_library import SqlLibraryIndex


class PostgresLibraryIndex(SqlLibraryIndex):
    """``saves.store.LibraryIndex`` on the PostgreSQL database at ``url``, indexing the games
    of ``data_dir``. It may be opened in one thread and used in another, one at a time."""

    PARAMETER: ClassVar[str] = "%s"
    CONTAINS: ClassVar[str] = "strpos(search, {}) > 0"
    NO_LIMIT: ClassVar[int | None] = None  # LIMIT NULL

    def __init__(
        self, url: str, data_dir: paths.DataDir = None, *, games: GameLookup = find_game
    ) -> None:
        super().__init__(data_dir, games=games)
        self.url = url
        self._lock = threading.Lock()
        self.connection = open_store(url)

    def close(self) -> None:
        self.connection.close()

    def _query(self, sql: str, parameters: Sequence[Any] = ()) -> builtins.list[tuple[Any, ...]]:
        with self._lock:
            return self.connection.execute(sql, parameters).fetchall()

    def _write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._lock, self.connection.transaction(), self.connection.cursor() as cursor:
            cursor.executemany(sql, rows)
