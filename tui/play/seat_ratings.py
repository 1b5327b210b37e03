"""The ratings shown beside players' names, in the lobby and in the panels at a table.

On a server whose players log in with keys, every person at a table shows their rating in
the table's game (``alice 1523``), on casual tables too, as on most game servers: what
someone plays at matters more than whether this one game counts. A rating still uncertain
(its Glicko-2 deviation at ``PROVISIONAL_DEVIATION`` or more, as for a newcomer, who shows
``1500?``) is marked with ``?``. Computers have none.

The ratings live in the players' store, which no screen may read on the event loop: a rating
not known yet is read on a thread and shown once read (``on_read``: the hall redraws the
lobbies and tables); until then the name shows alone. A rated game's end forgets its players'
ratings, so the next look reads them anew.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from core.ratings import START_RATING
from saves.store.sql_players import StoredRating
from tui.play.table import SeatHolder

#: A rating whose deviation is this or more is provisional (lichess's threshold).
PROVISIONAL_DEVIATION = 110.0

ReadRating = Callable[[str, str], "StoredRating | None"]


#: What the help of the lobby and of a table says of the ratings beside names.
RATINGS_HELP = (
    "beside each name on a server with keys: that player's rating in the table's game, "
    "on rated and casual tables alike (1500? while it is provisional)"
)


def rating_text(stored: StoredRating | None) -> str:
    """``1523``, or ``1500?`` while provisional (and for a player without a rated game)."""
    if stored is None:
        return f"{round(START_RATING)}?"
    shown = str(round(stored.rating.rating))
    return f"{shown}?" if stored.rating.deviation >= PROVISIONAL_DEVIATION else shown


class SeatRatings:
    """Each player's rating text by store key and game, read off the loop and kept."""

    def __init__(
        self,
        read: ReadRating,
        on_read: Callable[[str], None],
        log: logging.Logger,
        shown: Callable[[], bool] = lambda: True,
    ) -> None:
        """``read(key, game_id)``: the stored rating (on a thread); ``on_read(key)``: called
        on the loop once that player's rating is known; ``shown()``: whether ratings are
        shown at all (only where players are who their keys say)."""
        self._read = read
        self._shown = shown
        self._on_read = on_read
        self._log = log
        self._known: dict[tuple[str, str], str] = {}
        self._reading: set[tuple[str, str]] = set()

    def of(self, holder: SeatHolder | None, game_id: str) -> str:
        """What shows beside the holder of a seat: their rating, ``""`` for a free seat, a
        computer, a rating not read yet, or a server without keys."""
        if holder is None or holder.is_computer or not self._shown():
            return ""
        return self.text(holder.identity, game_id)

    def text(self, key: str, game_id: str) -> str:
        """The rating text of ``key`` in ``game_id``, ``""`` until it has been read (asked
        for now, and ``on_read`` called once it is)."""
        wanted = (key, game_id)
        known = self._known.get(wanted)
        if known is not None:
            return known
        if wanted not in self._reading:
            self._reading.add(wanted)
            self._start(wanted)
        return self._known.get(wanted, "")  # read already where no loop runs

    def forget(self, keys: Iterable[str], game_id: str) -> None:
        """These players' ratings in ``game_id`` changed: read them again when next shown."""
        for key in keys:
            self._known.pop((key, game_id), None)

    def _start(self, wanted: tuple[str, str]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a script, a test): read at once
            self._done(wanted, self._read_one(wanted))
            return
        future = loop.run_in_executor(None, self._read_one, wanted)
        future.add_done_callback(lambda done: self._done(wanted, done.result()))

    def _read_one(self, wanted: tuple[str, str]) -> str | None:
        try:
            return rating_text(self._read(*wanted))
        except Exception as error:  # the store's own errors, whichever store it is
            self._log.error("the rating of %s cannot be read: %s", wanted[0], error)
            return None

    def _done(self, wanted: tuple[str, str], text: str | None) -> None:
        self._reading.discard(wanted)
        self._known[wanted] = text or ""  # a store that fails is not asked again and again
        if text:
            self._on_read(wanted[0])
