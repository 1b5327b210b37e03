"""What a server keeps of its players beyond their seats, on an SQL database, whichever: what
they said (chat lines, per room: the lobby or a table) and their ratings (Glicko-2, one per
player and game, ``core.ratings``).

``SqlPlayerStore`` does all of it but talk to the database: a store gives it a connection
(``connection``, used under ``_lock``) and its write transactions (``_transaction``), and
says how its SQL spells a parameter and a row lock (``PARAMETER``, ``FOR_UPDATE``), how a
chat line is numbered in commit order and announced (``_order_chat``, ``_announce_chat``),
and how a process waits for lines kept by another (``wait_for_chat``):
``saves.store.sqlite_players`` and ``saves.store.postgres_players``. A rated game's two
ratings are read and written in one transaction, so that two games finishing at once in two
processes never lose one's change.

``tests/saves/player_store_contract.py`` checks every promise made here; both stores run it.
"""

from __future__ import annotations

import builtins
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

from core.ratings import Rating, rate_game


@dataclass(frozen=True, slots=True)
class StoredChatLine:
    """One chat line as kept: ``seq`` orders every line of the store, ``room`` is ``lobby``
    or a table's number, ``said_at`` seconds since the epoch."""

    seq: int
    room: str
    speaker_key: str
    speaker: str
    text: str
    said_at: float
    spectator: bool


@dataclass(frozen=True, slots=True)
class StoredRating:
    """A player's rating in one game, with the number of rated games behind it."""

    key: str
    game_id: str
    rating: Rating
    games: int
    updated: float


class Executor(Protocol):
    def execute(self, sql: str, parameters: Sequence[Any] = ...) -> Any: ...


_CHAT_FIELDS = "seq, room, speaker_key, speaker, text, said_at, spectator"
_RATING_FIELDS = "key, game_id, rating, deviation, volatility, games, updated"


class SqlPlayerStore(ABC):
    """Chat lines and ratings in the ``server_chat`` and ``server_ratings`` tables."""

    #: How the database's SQL spells a query's parameter.
    PARAMETER: ClassVar[str] = "?"
    #: What ends a ``SELECT`` that locks the rows it reads until the transaction ends.
    FOR_UPDATE: ClassVar[str] = ""

    #: The store's connection (SQLite's or psycopg's), used by one thread at a time.
    connection: Any
    _lock: threading.Lock

    # -- chat ------------------------------------------------------------------------------

    def add_chat_line(
        self,
        room: str,
        speaker_key: str,
        speaker: str,
        text: str,
        said_at: float,
        spectator: bool = False,
    ) -> StoredChatLine:
        """Keep a line (already cleaned by ``tui.play.chat``) and return it with its ``seq``."""
        p = self.PARAMETER
        with self._transaction() as db:
            self._order_chat(db)
            row = db.execute(
                "INSERT INTO server_chat (room, speaker_key, speaker, text, said_at, spectator)"
                f" VALUES ({p}, {p}, {p}, {p}, {p}, {p}) RETURNING seq",
                (room, speaker_key, speaker, text, said_at, int(spectator)),
            ).fetchone()
            self._announce_chat(db, int(row[0]))
        return StoredChatLine(int(row[0]), room, speaker_key, speaker, text, said_at, spectator)

    def newest_chat(self) -> int:
        """The ``seq`` of the newest line of any room (0 for none)."""
        rows = self._rows("SELECT coalesce(max(seq), 0) FROM server_chat", ())
        return int(rows[0][0])

    @abstractmethod
    def wait_for_chat(self, after: int, timeout: float) -> int:
        """The newest line's ``seq`` once it is above ``after`` (a line kept by this or any
        other process), or when ``timeout`` seconds have passed or the store was closed.
        Lines are numbered in the order they were kept, so a reader that has read up to a
        number has missed none below it."""

    def chat_lines(
        self, room: str, *, after: int = 0, limit: int = 200
    ) -> builtins.list[StoredChatLine]:
        """The room's last ``limit`` lines with a ``seq`` above ``after``, oldest first."""
        p = self.PARAMETER
        rows = self._rows(
            f"SELECT {_CHAT_FIELDS} FROM server_chat WHERE room = {p} AND seq > {p}"
            f" ORDER BY seq DESC LIMIT {p}",
            (room, after, limit),
        )
        return [_chat_line(row) for row in reversed(rows)]

    # -- ratings ---------------------------------------------------------------------------

    def rating(self, key: str, game_id: str) -> StoredRating | None:
        """The player's rating in the game; ``None`` before their first rated game of it."""
        p = self.PARAMETER
        rows = self._rows(
            f"SELECT {_RATING_FIELDS} FROM server_ratings WHERE key = {p} AND game_id = {p}",
            (key, game_id),
        )
        return _rating(rows[0]) if rows else None

    def ratings(self, game_id: str, limit: int = 100) -> builtins.list[StoredRating]:
        """The game's ratings, strongest first (a tie by key)."""
        p = self.PARAMETER
        rows = self._rows(
            f"SELECT {_RATING_FIELDS} FROM server_ratings WHERE game_id = {p}"
            f" ORDER BY rating DESC, key LIMIT {p}",
            (game_id, limit),
        )
        return [_rating(row) for row in rows]

    def rate_game(
        self,
        game_id: str,
        first_key: str,
        second_key: str,
        first_score: float,
        at: float,
        *,
        rated: bool = True,
        table: int | None = None,
    ) -> tuple[StoredRating, StoredRating]:
        """Rate a finished game between two players (``first_score`` 1, 0.5 or 0) and return
        both ratings after it; a casual game changes nothing and returns them as they are.
        The game of ``table`` is rated once: when it was already, nothing changes either
        (whichever process asks, in the rating's own transaction)."""
        if first_key == second_key:
            raise ValueError("a player cannot be rated against themself")
        p = self.PARAMETER
        keys = sorted((first_key, second_key))  # locked in one order: no deadlock between two
        with self._transaction() as db:
            if rated and table is not None:
                first_time = db.execute(
                    f"INSERT INTO server_rated (number, rated_at) VALUES ({p}, {p})"
                    " ON CONFLICT (number) DO NOTHING RETURNING number",
                    (table, at),
                ).fetchone()
                rated = first_time is not None
            for key in keys:
                db.execute(
                    f"INSERT INTO server_ratings ({_RATING_FIELDS})"
                    f" VALUES ({p}, {p}, {p}, {p}, {p}, 0, {p})"
                    " ON CONFLICT (key, game_id) DO NOTHING",
                    (key, game_id, Rating().rating, Rating().deviation, Rating().volatility, at),
                )
            locked = {
                key: _rating(
                    db.execute(
                        f"SELECT {_RATING_FIELDS} FROM server_ratings"
                        f" WHERE key = {p} AND game_id = {p}{self.FOR_UPDATE}",
                        (key, game_id),
                    ).fetchone()
                )
                for key in keys
            }
            before = [locked[first_key], locked[second_key]]
            if not rated:
                return before[0], before[1]
            new = rate_game(before[0].rating, before[1].rating, first_score)
            after = [
                StoredRating(old.key, game_id, rating, old.games + 1, at)
                for old, rating in zip(before, new, strict=True)
            ]
            for stored in after:
                db.execute(
                    f"UPDATE server_ratings SET rating = {p}, deviation = {p}, volatility = {p},"
                    f" games = {p}, updated = {p} WHERE key = {p} AND game_id = {p}",
                    (
                        stored.rating.rating,
                        stored.rating.deviation,
                        stored.rating.volatility,
                        stored.games,
                        stored.updated,
                        stored.key,
                        game_id,
                    ),
                )
            return after[0], after[1]

    def was_rated(self, table: int) -> bool:
        """Whether the game of ``table`` changed its players' ratings (``rate_game``)."""
        p = self.PARAMETER
        return bool(self._rows(f"SELECT 1 FROM server_rated WHERE number = {p}", (table,)))

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _rows(self, sql: str, parameters: Sequence[Any]) -> builtins.list[tuple[Any, ...]]:
        with self._lock:
            rows: builtins.list[tuple[Any, ...]] = self.connection.execute(
                sql, parameters
            ).fetchall()
            return rows

    # -- what a store gives -----------------------------------------------------------------

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Executor]:
        """A transaction of the store's own kind (each store gives its own)."""

    @abstractmethod
    def _order_chat(self, db: Executor) -> None:
        """Before a chat line is numbered: make the lines' numbers follow their commits."""

    @abstractmethod
    def _announce_chat(self, db: Executor, seq: int) -> None:
        """In the line's transaction: tell the waiting processes of line ``seq``."""


def _chat_line(row: Sequence[Any]) -> StoredChatLine:
    seq, room, speaker_key, speaker, text, said_at, spectator = row
    return StoredChatLine(
        int(seq),
        str(room),
        str(speaker_key),
        str(speaker),
        str(text),
        float(said_at),
        bool(spectator),
    )


def _rating(row: Sequence[Any]) -> StoredRating:
    key, game_id, rating, deviation, volatility, games, updated = row
    return StoredRating(
        str(key),
        str(game_id),
        Rating(float(rating), float(deviation), float(volatility)),
        int(games),
        float(updated),
    )
