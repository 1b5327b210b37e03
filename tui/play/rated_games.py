"""Rated tables: a table opened as rated (its game's ``Rated "yes"`` tag) changes both players'
Glicko-2 ratings in its game (``core.ratings``) when it finishes; a casual one changes nothing.

Only a two-player game between two different people is rated, and only where players are
who their keys say (``--auth publickey``): without keys anyone could play under anyone's
name. The hall rates a game where it files it (``TableHall._finished``; or, when the process
that finished it died first, whichever process files it later: ``rate_filed_late``), and both
ratings change in one transaction of the store that also notes the table as rated
(``saves.store.sql_players.SqlPlayerStore.rate_game``), so a game is rated once.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from core.ratings import START_RATING
from core.record import GameRecord
from saves.store.sql_players import SqlPlayerStore
from saves.store.sqlite_players import SqlitePlayerStore
from saves.store.tables import TableStore

RATED_TAG = "Rated"


def rated_tags(rated: bool) -> dict[str, str]:
    """The tag a rated table's game carries (none for a casual one)."""
    return {RATED_TAG: "yes"} if rated else {}


def is_rated(tags: Mapping[str, str]) -> bool:
    return tags.get(RATED_TAG, "").strip().lower() == "yes"


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating in the game before and after a rated game, rounded."""

    name: str
    before: int
    after: int

    def text(self) -> str:
        return f"{self.name} {self.before} → {self.after}"


def changes_text(changes: Sequence[RatingChange]) -> str:
    """``alice 1500 → 1662, bob 1500 → 1338``, or ``""`` when nothing was rated."""
    return ", ".join(change.text() for change in changes)


def first_score(record: GameRecord) -> float | None:
    """The first seat's score in a finished two-player game (1, 0.5 or 0); ``None`` for a
    game that is not over or not between two seats."""
    outcome = record.outcome()
    if outcome is None or len(record.seat_names) != 2:
        return None
    if outcome.is_draw:
        return 0.5
    if outcome.winners == (0,):
        return 1.0
    if outcome.winners == (1,):
        return 0.0
    return None


def rate_finished(
    players: SqlPlayerStore,
    record: GameRecord,
    keys: Sequence[str],
    at: float | None = None,
    *,
    table: int | None = None,
) -> tuple[RatingChange, ...]:
    """Rate a finished game (``keys``: each seat's player's store key, ``""`` for a computer)
    if it is rated; each player's change, or none for a casual, unfinished or unratable game,
    or for the game of ``table`` rated already."""
    score = first_score(record)
    if not is_rated(record.tags) or score is None or len(keys) != 2:
        return ()
    first, second = keys
    if not first or not second or first == second:
        return ()
    game_id = record.game.id
    before = [players.rating(key, game_id) for key in keys]
    when = time.time() if at is None else at
    after = players.rate_game(game_id, first, second, score, when, table=table)
    if after[0].games == (before[0].games if before[0] is not None else 0):
        return ()  # rated already
    return tuple(
        RatingChange(
            record.players[seat],
            round(old.rating.rating if old is not None else START_RATING),
            round(new.rating.rating),
        )
        for seat, (old, new) in enumerate(zip(before, after, strict=True))
    )


def rate_filed_late(
    players: SqlPlayerStore, store: TableStore, number: int, record: GameRecord
) -> tuple[RatingChange, ...]:
    """Rate the finished game of table ``number`` that another process finished and did not
    file (it died first), its players read from the store's seats; nothing if it was rated
    already. Reads and writes the stores: call it off the event loop."""
    stored = store.load(number)
    if stored is None:
        return ()
    keys = [
        "" if seat is None or seat.level is not None else seat.identity for seat in stored.seats
    ]
    return rate_finished(players, record, keys, table=number)


def ratings_now_text(players: SqlPlayerStore, record: GameRecord, keys: Sequence[str]) -> str:
    """``alice now 1662, bob now 1338``: a rated game's players' ratings as the store has
    them, for a process that did not rate the game itself (and so never saw them before);
    ``""`` for a casual game or one not rated yet."""
    if not is_rated(record.tags) or first_score(record) is None or not all(keys):
        return ""
    found = [players.rating(key, record.game.id) for key in keys]
    if any(stored is None for stored in found):
        return ""
    return ", ".join(
        f"{record.players[seat]} now {round(stored.rating.rating)}"
        for seat, stored in enumerate(found)
        if stored is not None
    )


def leaderboard(
    players: SqlPlayerStore, store: TableStore, game_id: str, limit: int = 20
) -> list[str]:
    """The game's strongest players, one line each (``1. alice 1662, 3 games``), by name as
    the server last saw them; reads the stores: call it off the event loop."""
    lines = []
    for place, stored in enumerate(players.ratings(game_id, limit), start=1):
        known = store.player(stored.key)
        name = known.name if known is not None and known.name else stored.key
        games = f"{stored.games} game{'s' if stored.games != 1 else ''}"
        lines.append(f"{place}. {name} {round(stored.rating.rating)}, {games}")
    return lines


def player_store_of(store: TableStore, data_dir: Path) -> SqlPlayerStore:
    """The store of players' ratings beside a server's table store: the same PostgreSQL
    database, else the SQLite store of the data folder."""
    if isinstance(store, SqlPlayerStore):
        return store
    url = getattr(store, "url", None)
    if isinstance(url, str):
        from saves.store.postgres_players import PostgresPlayerStore

        return PostgresPlayerStore(url)
    return SqlitePlayerStore(data_dir)
