"""The library's index in the SQLite store: one row per ``*.pawn`` file of the saved games.

A row keeps what the file's tags said and the stamp (modification time in nanoseconds, size)
it was read at, so a sync reads only the files that are new or changed; a file that could not
be read is read again at every sync, as is one whose game the lookup no longer knows. Reads
happen outside any transaction and rows are written in batches, each one transaction, so
that a process stopped half-way keeps what it had written and two processes syncing at once
only write the same rows twice (``INSERT ... ON CONFLICT``).
"""

from __future__ import annotations

import builtins
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from core.errors import UnknownGameError
from core.game import Game
from core.registry import find_game
from saves import paths
from saves.entry import LibraryEntry, describe, filter_words, players_text, result_text
from saves.entry import search_text as entry_search_text
from saves.header import GameLookup
from saves.store import Column
from saves.store.sqlite import is_damage, open_store, reopen_damaged
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
_UPSERT = (
    f"INSERT INTO library_games ({_FIELDS}) VALUES ({', '.join('?' * 19)})"
    " ON CONFLICT (path) DO UPDATE SET "
    + ", ".join(f"{field} = excluded.{field}" for field in _FIELDS.replace(" ", "").split(",")[1:])
)
_ENTRY_FIELDS = "name, problem, game_id, game_name, players, result, plies, date, time"

T = TypeVar("T")


class SqliteLibraryIndex:
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
        self.data_dir = data_dir
        self.folder = paths.games_dir(data_dir)
        self.games = games
        self.rebuild = rebuild
        self.connection, self.notices = open_store(data_dir, check=check)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> SqliteLibraryIndex:
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
            for name, mtime, size, bad, game_id in self.connection.execute(
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
            with self._transaction():
                self.connection.executemany(
                    "DELETE FROM library_games WHERE path = ?",
                    [(self._relative(name),) for name in gone],
                )
        lookup = _remembering(self.games)
        for batch in _batches(sorted(to_read), BATCH):
            rows = [
                self._row(describe(self.folder / name, games=lookup), on_disk[name])
                for name in batch
            ]
            with self._transaction():
                self.connection.executemany(_UPSERT, rows)

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
        for game_id, game_name in self.connection.execute(
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
        where, words = _where(filter)
        sql = (
            f"SELECT {_ENTRY_FIELDS} FROM library_games{where}"
            f" ORDER BY {_ORDERS[(sort, descending)]} LIMIT ? OFFSET ?"
        )
        parameters = (*words, -1 if limit is None else limit, offset)
        rows = self._served(lambda: self.connection.execute(sql, parameters).fetchall())
        return [self._entry(row) for row in rows]

    def count(self, filter: str = "") -> int:
        where, words = _where(filter)
        sql = f"SELECT count(*) FROM library_games{where}"
        return int(self._served(lambda: self.connection.execute(sql, words).fetchone()[0]))

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

    # -- transactions and damage --------------------------------------------------------------

    def _transaction(self) -> _Transaction:
        return _Transaction(self.connection)

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


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on any error."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __enter__(self) -> None:
        self.connection.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *rest: object) -> None:
        if kind is None:
            self.connection.execute("COMMIT")
        elif self.connection.in_transaction:
            self.connection.execute("ROLLBACK")


def _where(query: str) -> tuple[str, tuple[str, ...]]:
    words = tuple(filter_words(query))
    if not words:
        return "", ()
    return " WHERE " + " AND ".join("instr(search, ?) > 0" for _ in words), words


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
