"""The library's index on an SQL database, whichever: one row per ``*.pawn`` file of the saved
games, in the table ``library_games`` of the stores' common schema.

A row keeps what the file's tags said and the stamp (modification time in nanoseconds, size)
it was read at, so a sync reads only the files that are new or changed; a file that could not
be read is read again at every sync, as is one whose game the lookup no longer knows. Reads
happen outside any transaction and rows are written in batches, each one transaction, so
that a process stopped half-way keeps what it had written and two processes syncing at once
only write the same rows twice (``INSERT ... ON CONFLICT``).

``SqlLibraryIndex`` does all of it but talk to the database: a store's index gives it a
connection's queries and transactions (``_query``, ``_write_many``) and says how its SQL
spells what differs (``PARAMETER``, ``CONTAINS``, ``NO_LIMIT``): ``saves.store.sqlite_library``
and ``saves.store.postgres_library``.
"""

from __future__ import annotations

import builtins
import json
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, TypeVar

from core.errors import UnknownGameError
from core.game import Game
from core.registry import find_game
from saves import paths
from saves.entry import LibraryEntry, describe, filter_words, players_text, result_text
from saves.entry import search_text as entry_search_text
from saves.header import GameLookup
from saves.store import Column
from saves.textfile import unreadable

#: Files read and written per transaction during a sync.
BATCH = 500

#: A file's identity for the index: its modification time in nanoseconds and its size.
Stamp = tuple[int, int]

_TAIL = "date DESC, time DESC, name_fold, name"
_ORDERS: dict[tuple[Column | None, bool], str] = {
    (None, False): "bad, date DESC, time DESC, name",
    (None, True): "bad, date DESC, time DESC, name",
    ("date", False): "bad, date, time, name_fold, name",
    ("date", True): f"bad, {_TAIL}",
}
_SORTED_BY: tuple[tuple[Column, str], ...] = (
    ("game", "game_key"),
    ("players", "players_key"),
    ("result", "result_key"),
    ("moves", "plies"),
    ("file", "file_key"),
)
for _column, _key in _SORTED_BY:
    _ORDERS[(_column, False)] = f"bad, {_key}, {_TAIL}"
    _ORDERS[(_column, True)] = f"bad, {_key} DESC, {_TAIL}"

_FIELDS = (
    "path, name, mtime_ns, size, bad, problem, game_id, game_name, players, result, plies,"
    " date, time, name_fold, file_key, game_key, players_key, result_key, search"
)
_UPDATES = ", ".join(
    f"{field} = excluded.{field}" for field in _FIELDS.replace(" ", "").split(",")[1:]
)
_ENTRY_FIELDS = "name, problem, game_id, game_name, players, result, plies, date, time"

T = TypeVar("T")


class SqlLibraryIndex(ABC):
    """``saves.store.LibraryIndex`` on the ``library_games`` table of some SQL database."""

    #: How the database's SQL spells a query's parameter.
    PARAMETER: ClassVar[str] = "?"
    #: What is true of a row whose search text holds the word given as a parameter (``{}``).
    CONTAINS: ClassVar[str] = "instr(search, {}) > 0"
    #: The ``LIMIT`` that sets none.
    NO_LIMIT: ClassVar[int | None] = -1

    def __init__(self, data_dir: paths.DataDir = None, *, games: GameLookup = find_game) -> None:
        self.data_dir = data_dir
        self.folder = paths.games_dir(data_dir)
        self.games = games
        self.notices: builtins.list[str] = []

    # -- what a database gives ----------------------------------------------------------------

    @abstractmethod
    def _query(self, sql: str, parameters: Sequence[Any] = ()) -> builtins.list[tuple[Any, ...]]:
        """The rows ``sql`` selects (its parameters spelt ``PARAMETER``)."""

    @abstractmethod
    def _write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """``sql`` once for each of ``rows``, all in one transaction."""

    def _served(self, work: Callable[[], T]) -> T:
        """``work``, done (a store may do it again after setting a damaged database right)."""
        return work()

    @abstractmethod
    def close(self) -> None:
        """Each store gives its own."""

    def __enter__(self: T) -> T:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- keeping up with the files ------------------------------------------------------------

    def sync(self) -> None:
        self._served(self._sync)

    def _sync(self) -> None:
        on_disk = self._scan()
        known = {
            name: (mtime, size, bad, game_id)
            for name, mtime, size, bad, game_id in self._query(
                "SELECT name, mtime_ns, size, bad, game_id FROM library_games"
            )
        }
        stale_games = self._stale_games()
        gone = [name for name in known if name not in on_disk]
        to_read = [
            name
            for name, stamp in on_disk.items()
            if (row := known.get(name)) is None
            or (row[0], row[1]) != stamp
            or row[2]
            or row[3] in stale_games
        ]
        if gone:
            self._write_many(
                f"DELETE FROM library_games WHERE path = {self.PARAMETER}",
                [(self._relative(name),) for name in gone],
            )
        lookup = _remembering(self.games)
        upsert = (
            f"INSERT INTO library_games ({_FIELDS})"
            f" VALUES ({', '.join([self.PARAMETER] * 19)})"
            f" ON CONFLICT (path) DO UPDATE SET {_UPDATES}"
        )
        for batch in _batches(sorted(to_read), BATCH):
            rows = [
                self._row(describe(self.folder / name, games=lookup), on_disk[name])
                for name in batch
            ]
            self._write_many(upsert, rows)

    def _scan(self) -> dict[str, Stamp]:
        try:
            with os.scandir(self.folder) as found:
                return {
                    entry.name: _stamp_of(entry.stat())
                    for entry in found
                    if entry.name.endswith(paths.EXTENSION) and not entry.name.startswith(".")
                }
        except FileNotFoundError:
            return {}
        except OSError as error:
            raise unreadable(self.folder.name, error) from None

    def _stale_games(self) -> set[str]:
        """The games of readable rows that the lookup no longer knows, or names otherwise."""
        stale = set()
        for game_id, game_name in self._query(
            "SELECT DISTINCT game_id, game_name FROM library_games WHERE bad = 0"
        ):
            try:
                if self.games(game_id).name != game_name:
                    stale.add(game_id)
            except (UnknownGameError, LookupError, ValueError):
                stale.add(game_id)
        return stale

    def _relative(self, name: str) -> str:
        return f"{paths.GAMES_FOLDER}/{name}"

    def _row(self, entry: LibraryEntry, stamp: Stamp) -> tuple[Any, ...]:
        ok = entry.ok
        return (
            self._relative(entry.name),
            entry.name,
            stamp[0],
            stamp[1],
            0 if ok else 1,
            entry.problem,
            entry.game_id,
            entry.game_name,
            json.dumps(list(entry.players), ensure_ascii=False),
            entry.result,
            entry.plies,
            entry.date,
            entry.time,
            entry.name.casefold(),
            entry.name.casefold() if ok else "",
            entry.game_name.casefold(),
            players_text(entry).casefold(),
            result_text(entry),
            entry_search_text(entry),
        )

    # -- serving ------------------------------------------------------------------------------

    def list(
        self,
        sort: Column | None = None,
        descending: bool = False,
        filter: str = "",
        limit: int | None = None,
        offset: int = 0,
    ) -> builtins.list[LibraryEntry]:
        where, words = self._where(filter)
        sql = (
            f"SELECT {_ENTRY_FIELDS} FROM library_games{where}"
            f" ORDER BY {_ORDERS[(sort, descending)]}"
            f" LIMIT {self.PARAMETER} OFFSET {self.PARAMETER}"
        )
        parameters = (*words, self.NO_LIMIT if limit is None else limit, offset)
        rows = self._served(lambda: self._query(sql, parameters))
        return [self._entry(row) for row in rows]

    def count(self, filter: str = "") -> int:
        where, words = self._where(filter)
        sql = f"SELECT count(*) FROM library_games{where}"
        return int(self._served(lambda: self._query(sql, words))[0][0])

    def _where(self, query: str) -> tuple[str, tuple[str, ...]]:
        words = tuple(filter_words(query))
        if not words:
            return "", ()
        contains = self.CONTAINS.format(self.PARAMETER)
        return " WHERE " + " AND ".join(contains for _ in words), words

    def _entry(self, row: Sequence[Any]) -> LibraryEntry:
        name, problem, game_id, game_name, players, result, plies, date, time = row
        if problem is not None:
            return LibraryEntry(self.folder / name, problem=problem)
        return LibraryEntry(
            self.folder / name,
            game_id=game_id,
            game_name=game_name,
            players=tuple(json.loads(players)),
            result=result,
            plies=plies,
            date=date,
            time=time,
        )


def _stamp_of(stat: os.stat_result) -> Stamp:
    return (stat.st_mtime_ns, stat.st_size)


def _batches(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _remembering(games: GameLookup) -> GameLookup:
    """``games``, asked once per name: a thousand files name the same few games."""
    found: dict[str, Game[Any, Any]] = {}

    def lookup(name: str) -> Game[Any, Any]:
        if name not in found:
            found[name] = games(name)
        return found[name]

    return lookup
