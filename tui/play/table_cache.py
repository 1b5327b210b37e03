"""A server's tables as a cache of its store: each change kept in the store before anyone hears
of it, and the changes other processes made brought in.

``StoredTables`` is what the hall (``tui.play.hall.TableHall``) is made on: the tables it
lists, each as the store last had it. It is each table's ``TableKeeper``: a change made at a
table goes to the store (``saves.store.tables``) first; if the store refuses it (another
process moved, sat down or finished first), the table is put back as stored and the player
hears why in one sentence (``RACED`` for a move at a ply gone by). The changes made elsewhere
are read from the store (on the feed's thread, ``tui.play.hall_feed``, or at once with
``flush``) and made to the cached tables on the loop, with the news a change made here would
have had. What the hall does besides (its lobbies, computers, filing a finished game) it adds
through the hooks ``_arrived``, ``_drop``, ``_finished``, ``_listing_changed`` and
``_before_bringing_in``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from pathlib import Path

from core.record import GameRecord, Node
from saves.header import GameLookup
from saves.store.tables import MoveRaced, StaleTable, StoredTable, TableStore, TableStoreError
from tui.play.stored_tables import (
    Read,
    game_text,
    keep_aside,
    line_moves,
    news_of,
    note_clock,
    read_stored,
    stored_holders,
    stored_seat,
    takeback_in,
)
from tui.play.table import SeatHolder, Table, TableRefusal
from tui.play.takeback import Takeback

#: A table as last stored: its moves, holders and takeback asked for (a copy).
AsStored = tuple[list[str], list[SeatHolder | None], Takeback | None]

#: What a player hears when another process's move reached the table before theirs.
RACED = "Another move reached this table first: the board shows the game as it stands."


class StoredTables:
    """The tables of ``store`` this process lists, kept in step with it."""

    def __init__(
        self, data_dir: Path, store: TableStore, lookup: GameLookup, log: logging.Logger
    ) -> None:
        self.data_dir = data_dir
        self.store = store
        self.lookup = lookup
        self.log = log
        for notice in store.notices:
            log.error("%s", notice)
        self.tables: dict[int, Table] = {}
        #: Each cached table as the store last had it, and its moves and holders then (what
        #: the news of a change from the store is told against).
        self.stored: dict[int, StoredTable] = {}
        self._as_stored: dict[int, AsStored] = {}
        #: Where the store's change feed was last read up to.
        self._cursor = 0
        #: The loop the tables live on, once known: changes read on the feed's thread go there.
        self._loop: asyncio.AbstractEventLoop | None = None

    def flush(self) -> None:
        """Bring the tables up to date with the store now (the changes made elsewhere that
        the feed's thread would bring in a moment). Every change made here is in the store
        once made: there is nothing of this hall's own to wait for."""
        try:
            self._cursor, numbers = self.store.changes_since(self._cursor)
            self._bring_in(self._read(numbers))
        except TableStoreError as error:
            self.log.error("the tables' store cannot be read: %s", error)

    def _add(self, table: Table, stored: StoredTable) -> None:
        table.keeper = self
        self.tables[table.number] = table
        self._stored(table, stored)

    def _stored(self, table: Table, stored: StoredTable) -> None:
        """Note that ``table`` is now as ``stored``."""
        self.stored[table.number] = stored
        request = table.takeback
        asked = None if request is None else replace(request, waiting=set(request.waiting))
        self._as_stored[table.number] = (line_moves(table.record), list(table.holders), asked)

    def _drop(self, number: int) -> None:
        """Take a table off the list (the store keeps it); nothing done at it is kept after."""
        table = self.tables.pop(number, None)
        if table is not None:
            table.on_change = None
            table.keeper = None
        self.stored.pop(number, None)
        self._as_stored.pop(number, None)

    def _arrived(self, stored: StoredTable, record: GameRecord) -> Table | None:
        """A table opened elsewhere, listed here too (``None`` if it cannot be)."""
        try:
            table = Table(stored.number, record, stored_holders(stored, record))
        except ValueError as error:
            self._unreadable(stored, str(error))
            return None
        table.takeback = takeback_in(record)
        note_clock(table, stored)
        self._add(table, stored)
        return table

    def _finished(self, table: Table) -> None:
        """This process finished ``table``'s game, and the store took it."""

    def _listing_changed(self) -> None:
        """Tables came, went or changed as the store has them."""

    # -- keeping each change in the store (the tables' TableKeeper) ---------------------------

    def keep_seat(self, table: Table, seat: int) -> None:
        holder = stored_seat(table.holders[seat])
        assert holder is not None
        self._kept(table, lambda stored: self.store.seat(table.number, seat, holder))

    def keep_leave(self, table: Table, seat: int, identity: str) -> None:
        self._kept(table, lambda stored: self.store.unseat(table.number, seat, identity))

    def keep_move(self, table: Table, node: Node) -> None:
        text = game_text(table)
        finishes = table.finished
        self._kept(
            table,
            lambda stored: self.store.append_move(
                table.number, stored.plies, node.notation, text, finishes=finishes
            ),
        )
        if finishes:
            self._finished(table)

    def keep_game(self, table: Table) -> None:
        text, moves = game_text(table), line_moves(table.record)
        if table.finished:  # ended without a move (a flag fallen): finished and filed
            self._kept(table, lambda stored: self.store.finish(table.number, stored.version, text))
            self._finished(table)
            return
        self._kept(
            table,
            lambda stored: self.store.replace_game(table.number, stored.version, text, moves),
        )

    def _kept(self, table: Table, change: Callable[[StoredTable], StoredTable]) -> None:
        """Make ``change`` in the store, from the table as last stored; if the store refuses
        it, the table becomes what the store has, and the player hears why."""
        stored = self.stored[table.number]
        try:
            self._stored(table, change(stored))
        except MoveRaced as raced:
            self._bring_in([self._read_stored(raced.current)], refused=table)
            raise TableRefusal(RACED) from None
        except StaleTable as stale:
            self._bring_in([self._read_stored(stale.current)], refused=table)
            raise TableRefusal(str(stale)) from None
        except TableStoreError as error:
            self.log.error("table %d could not be kept: %s", table.number, error)
            self._bring_in([self._read_stored(stored)], refused=table)
            raise TableRefusal(f"The server could not keep that: {error}") from None

    # -- changes made elsewhere ---------------------------------------------------------------

    def _changed_elsewhere(self, numbers: list[int]) -> None:
        """On the feed's thread: read the tables that changed (those this hall has not made
        itself) and hand them to the loop."""
        known = dict(self.stored)
        fresh = []
        for number in numbers:
            stored = self.store.load(number)
            had = known.get(number)
            if stored is not None and (had is None or stored.version > had.version):
                fresh.append(stored)
        if fresh:
            self._before_bringing_in(fresh)
            self._on_loop(self._bring_in, [self._read_stored(stored) for stored in fresh])

    def _before_bringing_in(self, fresh: list[StoredTable]) -> None:
        """On the feed's thread: these tables changed elsewhere, and are about to be brought
        in on the loop."""

    def _on_loop(self, callback: Callable[..., object], *args: object) -> None:
        """From the feed's thread: have the loop call ``callback(*args)`` (not once it has
        stopped: the server is closing)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with suppress(RuntimeError):  # closed since
            loop.call_soon_threadsafe(callback, *args)

    def _read(self, numbers: list[int]) -> list[Read]:
        found = (self.store.load(number) for number in numbers)
        return [self._read_stored(stored) for stored in found if stored is not None]

    def _read_stored(self, stored: StoredTable) -> Read:
        return read_stored(stored, self.lookup)

    def _bring_in(self, read: list[Read], refused: Table | None = None) -> None:
        """Make the cached tables what the store has (on the loop). ``refused``: the table
        whose own change the store refused, put back whatever its version."""
        listed = False
        for stored, record, problem in read:
            number = stored.number
            had = self.stored.get(number)
            table = self.tables.get(number)
            if had is not None and stored.version <= had.version and table is not refused:
                continue
            listed = True
            if problem is not None or (record is None and stored.status in ("open", "finished")):
                self._unreadable(stored, problem or "its game does not read")
            elif record is None:  # set aside or closed
                self._drop(number)
            elif table is None:
                if stored.status == "open":
                    self._arrived(stored, record)
            else:
                self._moved_on(table, stored, record)
        if listed:
            self._listing_changed()

    def _moved_on(self, table: Table, stored: StoredTable, record: GameRecord) -> None:
        try:
            holders = stored_holders(stored, record)
            asked = takeback_in(record)
            news = news_of(*self._as_stored[table.number], record, holders, asked)
        except ValueError as error:
            self._unreadable(stored, str(error))
            return
        note_clock(table, stored)
        table.adopt(record, holders, news, asked)
        if self.tables.get(table.number) is table:  # not forgotten on the news (finished)
            self._stored(table, stored)

    def _unreadable(self, stored: StoredTable, problem: str) -> None:
        self._drop(stored.number)
        if stored.status == "open":
            self._set_aside_stored(stored.number, problem)

    def _set_aside_stored(self, number: int, reason: str) -> None:
        """Set the table aside in the store, its game written into ``tables/set-aside/``."""
        try:
            stored = self.store.set_aside(number, reason)
        except TableStoreError as error:
            self.log.error("table %d could not be set aside: %s", number, error)
            return
        keep_aside(self.data_dir, stored, self.log)
