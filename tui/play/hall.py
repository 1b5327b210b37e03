"""The hall: every table of one server process, kept in the server's store and shared with
the other processes of the server.

It opens tables, keeps each change in the store (``saves.store.tables``: SQLite in the data
folder unless another store is handed in) before anyone hears of it, files finished games
into the server's saved games, runs the computer seats, and tells the lobby screens when
anything they list has changed. One hall per server process, made before the server starts
and restored from the store (table files of earlier versions are brought in once).

The ``Table`` objects here are a cache of the store (``tui.play.table_cache.StoredTables``,
which the hall is made on). A change made here goes to the store first: the store refuses a
move at a ply that is no longer the table's, and the table is then put back as stored and the
mover told why. Changes made by other processes come in through the store's change feed,
followed on a thread of its own (``tui.play.hall_feed``), and reach the tables' screens and
the lobbies as the changes made here do. A computer seat is played by one process only: the
one holding the table's lease (``tui.play.table_computers.ComputerLeases``). Who shows which
table is kept in the store too, so that a player whose session is on another process counts
as present (``tui.play.hall_presence``); a finished game is filed once, by the process that
finished it or, if that one died first, by another (``tui.play.table_filing``); and each
player who arrives is remembered in the store's players.

Every session's lobby lists every table, so a table the lobby cannot describe would fail every
lobby: such a table is set aside (in the store, its game written into ``tables/set-aside/``),
when the server starts and again whenever a newcomer arrives (``check_tables``). And since the
hall calls every session's screens from whichever session changed a table, a screen that fails
on the news is dropped and its own session closed, never the caller's (the ``containment``
handed in: ``tui.ssh.containment.SESSIONS``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import threading
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from core.game import Game
from core.record import GameRecord, Node
from core.registry import all_games
from saves.store.sql_players import SqlPlayerStore
from saves.store.sqlite_tables import SqliteTableStore
from saves.store.tables import StaleTable, StoredTable, TableStore, TableStoreError
from tui.play import rematch, table_endings
from tui.play.computer import ComputerRunner
from tui.play.hall_feed import FeedFollower
from tui.play.hall_online import HallOnline
from tui.play.hall_presence import Elsewhere, HallPresence
from tui.play.identity import PlayerIdentity
from tui.play.listeners import LOG_ONLY, Containment
from tui.play.online_players import ONLINE_NUMBER
from tui.play.rated_games import (
    changes_text,
    player_store_of,
    rate_filed_late,
    rate_finished,
    ratings_now_text,
)
from tui.play.seat_choices import ME as ME
from tui.play.seat_choices import OPEN as OPEN
from tui.play.seat_choices import chosen_holders
from tui.play.seat_ratings import SeatRatings
from tui.play.seeds import random_seed
from tui.play.storage import Storage, lookup_in
from tui.play.stored_tables import (
    game_text,
    import_table_files,
    stored_seat,
)
from tui.play.table import Change, SeatHolder, Table, TableRefusal
from tui.play.table_cache import StoredTables
from tui.play.table_computers import ComputerLeases, TableComputers
from tui.play.table_filing import GameFiling

#: The changes after which a process says again who offers a draw there (a move, an ending or
#: the store's news withdraws every offer; saying nothing again costs nothing).
DRAW_CHANGES = frozenset({"draw", "move", "stored"})
#: Most tables that may wait for players or be in play at once.
MAX_TABLES = 200
#: How long a process holds a table's computer seats without renewing its lease: after its
#: death, another process plays them on at most this long after.
LEASE_SECONDS = 15.0
#: How long the news of a game finished by another process waits for the name of its file
#: (which that process writes just after the finish), at most.
FILED_WAIT = 0.5


class HallWatcher(Protocol):
    """A lobby screen: told (on the server's loop) whenever the list of tables changes."""

    def hall_changed(self) -> None: ...


class TableHall(StoredTables):
    def __init__(
        self,
        data_dir: Path,
        log: logging.Logger,
        *,
        store: TableStore | None = None,
        games: Sequence[Game] | None = None,
        new_seed: Callable[[], int] | None = None,
        runner: ComputerRunner | None = None,
        check: Callable[[Table], str | None] = lambda table: None,
        containment: Containment = LOG_ONLY,
        lease_seconds: float = LEASE_SECONDS,
    ) -> None:
        """``store``: where the tables are kept (by default the SQLite store of ``data_dir``,
        opened here and closed with the hall; one handed in is the caller's to close);
        ``check(table)``: why the lobby could not show ``table``, or ``None`` (the lobby's
        own check, ``tui.net.server_hall.lobby_problem``, is handed in by whoever runs the
        sessions); ``containment``: how a lobby or a screen that fails on the news is cut off."""
        self.check = check
        self.containment = containment
        self.games = list(games) if games is not None else list(all_games())
        self.new_seed = new_seed or random_seed
        self.runner = runner or ComputerRunner()
        self._own_store = store is None
        super().__init__(
            data_dir,
            store if store is not None else SqliteTableStore(data_dir),
            lookup_in(self.games),
            log,
        )
        self.filed: dict[int, Path] = {}
        self._computers: dict[int, TableComputers] = {}
        self._watchers: list[HallWatcher] = []
        #: What each table was when the lobby was last found able to show it.
        self._checked: dict[int, tuple[object, tuple[SeatHolder | None, ...]]] = {}
        #: Who this hall is to the store's leases: unique to this process and this hall.
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.lease_seconds = lease_seconds
        self.leases = ComputerLeases(self.store, self.holder, lease_seconds, log)
        self.presence = HallPresence(self.store, self.holder, lease_seconds, log)
        self.online = HallOnline(self.store, self.presence, lambda: self._loop, log)
        #: Whether anyone can log in under any free name from beyond this machine (``--auth
        #: none`` on an address other than loopback): the lobby says so.
        self.open_names = False
        #: Whether players are who their SSH keys say (``--auth publickey``): only then may a
        #: table be rated (``tui.play.rated_games``).
        self.rated_tables = False
        self._players: SqlPlayerStore | None = None
        #: The ratings shown beside players' names (``tui.play.seat_ratings``).
        self.seat_ratings = SeatRatings(
            lambda key, game_id: self.players.rating(key, game_id),
            self._ratings_read,
            log,
            lambda: self.rated_tables,
        )
        self._players_opening = threading.Lock()
        self.filing = GameFiling(
            self.store,
            self.holder,
            lease_seconds,
            data_dir,
            self.lookup,
            log,
            rate=lambda number, record: rate_filed_late(self.players, self.store, number, record),
        )
        self._feed: FeedFollower | None = None

    @property
    def players(self) -> SqlPlayerStore:
        """The players' ratings, beside the tables' store (opened on first use)."""
        with self._players_opening:  # first used on the loop or on a lobby's thread
            if self._players is None:
                self._players = player_store_of(self.store, self.data_dir)
            return self._players

    @property
    def storage(self) -> Storage:
        """The server's saved games: where finished tables go, and what the lobby lists."""
        return Storage(self.data_dir, self.lookup)

    # -- starting and stopping ----------------------------------------------------------------

    def restore(self) -> int:
        """Bring in the table files of earlier versions (once), and read the open tables of
        the store; how many tables there are (those that cannot be read, or that the lobby
        cannot show, are set aside)."""
        import_table_files(self.data_dir, self.store, self.log, self.lookup)
        self.filing.file_unfiled()
        self.flush()
        self.log.info("restored %d tables", len(self.tables))
        return len(self.tables)

    def flush(self) -> None:
        """As ``StoredTables.flush``, and who shows the tables in the other processes (first,
        so that a table coming in now comes with it)."""
        try:
            self._presence_found(self.presence.read())
        except TableStoreError as error:
            self.log.error("who is at the tables cannot be read: %s", error)
        super().flush()

    def arrived(self, player: PlayerIdentity) -> None:
        """A session of ``player`` began (``tui.play.hall_online``)."""
        self.online.arrived(player)
        self._tell_lobbies()

    def departed(self, player: PlayerIdentity) -> None:
        """A session of ``player`` ended."""
        self.online.departed(player)
        self._tell_lobbies()

    def online_names(self) -> list[str]:
        """Everyone connected to the server now, in any of its processes, by name."""
        return self.online.names()

    def start(self) -> None:
        """Follow the store's changes made elsewhere, and start the searches of computer
        seats to move (on the running loop)."""
        self._loop = asyncio.get_running_loop()
        if self._feed is None:
            self._feed = FeedFollower(
                self.store,
                self._cursor,
                self._changed_elsewhere,
                self._renew,
                self.lease_seconds / 4,
                self.log,
            )
            self._feed.start()
        for table in list(self.tables.values()):
            self._update_computers(table)

    def close(self) -> None:
        if self._feed is not None:
            self._feed.stop()
            self._feed = None
        for computers in self._computers.values():
            computers.close()
        self._computers.clear()
        self.leases.release_all()
        self.presence.clear()
        self.runner.shutdown()
        if self._players is not None and self._players is not self.store:
            self._players.close()
        if self._own_store:
            self.store.close()

    # -- the lobby's view ---------------------------------------------------------------------

    def listed(self) -> list[Table]:
        """The tables to list: open ones, and finished ones still watched, by number."""
        return [self.tables[number] for number in sorted(self.tables)]

    def table(self, number: int) -> Table | None:
        return self.tables.get(number)

    def seats_of(self, player: PlayerIdentity) -> list[Table]:
        """The unfinished tables where ``player`` holds a seat, by number."""
        return [
            table
            for table in self.listed()
            if not table.finished and table.seat_of(player) is not None
        ]

    def check_tables(self) -> int:
        """Set aside every table the lobby cannot show (``check``); how many. Called
        as each newcomer arrives, before their lobby lists the tables; a table is checked
        again only once its position or its seats have changed."""
        found = []
        for table in list(self.tables.values()):
            seen = (table.record.current, tuple(table.holders))
            checked = self._checked.get(table.number)
            if checked is not None and checked[0] is seen[0] and checked[1] == seen[1]:
                continue
            problem = self.check(table)
            if problem is None:
                self._checked[table.number] = seen
            else:
                found.append((table, problem))
        for table, problem in found:
            self._set_aside(table, problem)
        if found:
            self._tell_lobbies()
        return len(found)

    def _set_aside(self, table: Table, reason: str) -> None:
        """Take ``table`` off the list and set it aside in the store (its game written into
        ``tables/set-aside/``); its screens are left as they are, but nothing done at it is
        kept any more."""
        self._drop(table.number)
        if table.number not in self.filed:
            self._set_aside_stored(table.number, f"the lobby cannot show it: {reason}")

    def watch(self, watcher: HallWatcher) -> None:
        if watcher not in self._watchers:
            self._watchers.append(watcher)

    def unwatch(self, watcher: HallWatcher) -> None:
        if watcher in self._watchers:
            self._watchers.remove(watcher)

    # -- opening tables -----------------------------------------------------------------------

    def open_table(
        self,
        game: Game,
        options: Mapping[str, str],
        seats: Sequence[str],
        player: PlayerIdentity,
        tags: Mapping[str, str] | None = None,
    ) -> Table:
        """A new table for ``game``; ``seats`` says for each seat ``ME``, ``OPEN`` or a computer
        seat type; ``tags`` are the game's (its ``TimeControl``). Raises ``TableRefusal`` (or
        ``PawnshopError`` for bad options)."""
        record = GameRecord(game, options, seed=self.new_seed(), tags=tags)
        holders = chosen_holders(game.name, record.seat_names, seats, player)
        return self._open(record, holders, player.name)

    def _open_rematch(self, table: Table) -> Table:
        """Open the rematch of ``table``'s finished game (``tui.play.rematch``)."""
        again = rematch.rematch_record(table, self.new_seed())
        return self._open(
            again, rematch.swapped(table.holders), f"the rematch of table {table.number}"
        )

    def _open(self, record: GameRecord, holders: list[SeatHolder | None], who: str) -> Table:
        if sum(1 for table in self.tables.values() if not table.finished) >= MAX_TABLES:
            raise TableRefusal(f"This server has {MAX_TABLES} tables already; join one of them.")
        game = record.game
        draft = Table(0, record, holders)
        try:
            stored = self.store.open_table(
                game.id, game_text(draft), [], tuple(stored_seat(holder) for holder in holders)
            )
        except TableStoreError as error:
            self.log.error("a table could not be opened: %s", error)
            raise TableRefusal(f"The table could not be opened: {error}") from None
        table = Table(stored.number, record, holders)
        self._add(table, stored)
        self.log.info("%s opened table %d: %s", who, table.number, game.name)
        self._table_changed(table, "seats")
        return table

    def _add(self, table: Table, stored: StoredTable) -> None:
        super()._add(table, stored)
        table.present_elsewhere = dict(self.presence.elsewhere.get(table.number, {}))
        table.on_change = self._table_changed
        table.log = self.log
        table.containment = self.containment
        table.open_rematch = self._open_rematch
        if any(holder is not None and holder.is_computer for holder in table.holders):
            self._computers[table.number] = TableComputers(table, self.runner, self.log)

    def _drop(self, number: int) -> None:
        super()._drop(number)
        self._checked.pop(number, None)
        computers = self._computers.pop(number, None)
        if computers is not None:
            computers.close()
        self.leases.release(number)
        self.presence.forget(number)
        self.presence.forget(rematch.asking_number(number))
        self.presence.forget(table_endings.offering_number(number))

    def _arrived(self, stored: StoredTable, record: GameRecord) -> Table | None:
        """A table opened by another process: listed here too, if the lobby can show it."""
        table = super()._arrived(stored, record)
        if table is None:
            return None
        problem = self.check(table)
        if problem is not None:
            self._set_aside(table, problem)
            return None
        self._update_computers(table)
        rematch.rematch_arrived(self.tables, table)
        return table

    # -- computer seats -----------------------------------------------------------------------

    def _update_computers(self, table: Table) -> None:
        """Start or drop a computer seat's search after a change: this hall plays the seats if
        it holds the table's lease (or gets it now), else leaves them to its holder."""
        computers = self._computers.get(table.number)
        if computers is not None:
            computers.update(not computers.to_move() or self.leases.take(table.number))

    def _renew(self) -> None:
        """On the feed's thread, every quarter of a lease: renew the leases held, have the
        loop look for computer seats nobody plays (their process gone) and for flags fallen at
        tables nobody watches, renew what this hall
        said of who is here and read what the other processes say (a process that died has
        stopped saying it), and try again the games left unfiled."""
        self.leases.renew()
        self._on_loop(self._tend_computers)
        self._on_loop(self._tend_clocks)
        self.presence.renew()
        self._read_presence()
        filed = self.filing.retry()
        if filed:
            self._on_loop(self._filed_elsewhere, filed)

    def _tend_clocks(self) -> None:
        """End on time the games whose flag fell while nobody at the table was watching."""
        for table in list(self.tables.values()):
            table.check_flags()

    def _tend_computers(self) -> None:
        for number in list(self._computers):
            table = self.tables.get(number)
            if table is not None:
                self._update_computers(table)

    # -- keeping up with the tables -----------------------------------------------------------

    def _table_changed(self, table: Table, change: Change) -> None:
        """Run the table's computers, and tell every lobby. Called from the session that
        changed the table: nothing that fails here may reach that session."""
        try:
            self._keep(table, change)
        except Exception:
            self.log.exception("table %d could not be kept up to date", table.number)
        self._tell_lobbies()

    def _keep(self, table: Table, change: Change) -> None:
        if change == "watchers":
            self.presence.show(table)
        elif change == "rematch":  # who asks for it here, for the other processes
            self.presence.show_sessions(rematch.asking_number(table.number), rematch.asking(table))
        if change in DRAW_CHANGES:  # who offers a draw here, for the other processes
            number = table_endings.offering_number(table.number)
            self.presence.show_sessions(number, table_endings.offering(table))
        self._update_computers(table)
        if (change == "watchers" and not table.watchers) or table.finished:
            self._forget_if_done(table)

    def _tell_lobbies(self) -> None:
        """Tell every lobby that the list changed; a lobby that fails on it is dropped (and its
        session closed), the others are told all the same."""
        failed = self.containment.tell_each(
            self._watchers, lambda watcher: watcher.hall_changed(), self.log, "the lobby's news"
        )
        for watcher in failed:
            self.unwatch(watcher)

    def _listing_changed(self) -> None:
        self._tell_lobbies()

    # -- presence and filing, across processes -------------------------------------------------

    def _changed_elsewhere(self, numbers: list[int]) -> None:
        """On the feed's thread: the tables changed elsewhere, and who shows them."""
        super()._changed_elsewhere(numbers)
        self._read_presence()

    def _before_bringing_in(self, fresh: list[StoredTable]) -> None:
        """On the feed's thread: the news of a game finished elsewhere waits a moment for its
        file's name, so that its players here are told where it was filed."""
        for stored in fresh:
            if stored.status == "finished":
                self.filing.wait_filed(stored.number, FILED_WAIT)

    def _read_presence(self) -> None:
        """On the feed's thread: hand what the other processes say of who is here to the
        loop."""
        self._on_loop(self._presence_found, self.presence.read())

    def _presence_found(self, found: Elsewhere) -> None:
        """On the loop: tell each table whose sessions elsewhere changed."""
        before, self.presence.elsewhere = self.presence.elsewhere, found
        if found == before:
            return
        if found.get(ONLINE_NUMBER) != before.get(ONLINE_NUMBER):
            self._tell_lobbies()
        for number in sorted(set(before) | set(found)):
            table = self.tables.get(number)
            if table is not None:
                table.seen_elsewhere(found.get(number, {}))
            elif (offered := self.tables.get(table_endings.offered_at(number) or 0)) is not None:
                table_endings.heard_offering(offered, set(found.get(number, {})))
            elif number < 0 and (asked := self.tables.get(-number)) is not None:
                rematch.heard_asking(asked, set(found.get(number, {})))

    def keep_move(self, table: Table, node: Node) -> None:
        """A finishing move claims the game's filing before it is stored, so that no other
        process files it meanwhile."""
        self._claiming_filing(table, lambda: super(TableHall, self).keep_move(table, node))

    def keep_game(self, table: Table) -> None:
        """A game ended without a move (a flag fallen) claims its filing as a finishing move
        does."""
        self._claiming_filing(table, lambda: super(TableHall, self).keep_game(table))

    def _claiming_filing(self, table: Table, keep: Callable[[], None]) -> None:
        claimed = table.finished and self.filing.claim(table.number)
        try:
            keep()
        except TableRefusal:
            if claimed:
                self.filing.release(table.number)
            raise

    def _finished(self, table: Table) -> None:
        """File the game this process finished among the server's saved games, and rate it
        first if it is rated (here, since a game is filed once across the processes)."""
        if not self.filing.holds(table.number):
            self.log.error("table %d: its filing is claimed elsewhere", table.number)
            self.filing.note_unfiled(table.number)
            return
        self._rate(table)
        path = self.filing.file_own(table)
        if path is not None:
            table.filed_as = path
            self.filed[table.number] = path

    def _rate(self, table: Table, record: GameRecord | None = None) -> None:
        """Rate the game this process finished; or, given the ``record`` another process
        finished, say the players' ratings as they are now (that process rated it)."""
        keys = ["" if h is None or h.is_computer else h.identity for h in table.holders]
        self.seat_ratings.forget(keys, table.record.game.id)
        try:
            if record is None:
                changes = rate_finished(self.players, table.record, keys, table=table.number)
                table.rating_news = changes_text(changes)
            else:
                table.rating_news = ratings_now_text(self.players, record, keys)
        except Exception as error:  # the store's own errors, whichever store it is
            self.log.error("table %d: its game could not be rated: %s", table.number, error)

    def _ratings_read(self, key: str) -> None:
        """A rating just read shows beside its player's name: in the lobbies and at their
        tables."""
        self._tell_lobbies()
        for table in list(self.tables.values()):
            if table.watchers and any(h and h.identity == key for h in table.holders):
                table.ratings_read()

    def _moved_on(self, table: Table, stored: StoredTable, record: GameRecord) -> None:
        """A table finished elsewhere knows where its game was filed, if it is already, before
        its screens hear that it is over."""
        if stored.status == "finished" and table.filed_as is None:
            try:
                entry = self.store.archived(stored.number)
            except TableStoreError as error:
                self.log.error(
                    "table %d: its archive entry cannot be read: %s", table.number, error
                )
                entry = None
            if entry is not None and entry.filed_as:
                table.filed_as = self.filing.path(entry.filed_as)
            elif entry is not None and entry.filed_as is None:
                self.filing.note_unfiled(stored.number)
            self._rate(table, record)
        super()._moved_on(table, stored, record)

    def _filed_elsewhere(self, filed: list[tuple[int, Path]]) -> None:
        """On the loop: the games of these tables have a file now."""
        for number, path in filed:
            table = self.tables.get(number)
            if table is not None and table.filed_as is None:
                table.filed_as = path

    def _forget_if_done(self, table: Table) -> None:
        """A finished table nobody looks at any more leaves the list (its game is filed and
        archived); so does a table nobody sits at that has not begun (closed in the store)."""
        if table.watchers or self.tables.get(table.number) is not table:
            return
        nobody = all(holder is None or holder.is_computer for holder in table.holders)
        if table.finished:
            self._drop(table.number)
        elif nobody and not table.started:
            stored = self.stored[table.number]
            try:
                self.store.close_table(table.number, stored.version)
            except StaleTable as stale:  # someone sat down elsewhere
                self._bring_in([self._read_stored(stale.current)])
                return
            except TableStoreError as error:
                self.log.error("table %d could not be closed: %s", table.number, error)
            self._drop(table.number)
