"""The hall: every table of one server, shared by all its sessions.

It opens tables, keeps each one's file up to date after every change (``tui.play.table_files``),
files finished games into the server's saved games, runs the computer seats, and tells the
lobby screens when anything they list has changed. One hall per server process, made before
the server starts and restored from the data folder.

Every session's lobby lists every table, so a table the lobby cannot describe would fail every
lobby: such a table is set aside (its file moved to ``tables/set-aside/``), when the server
starts and again whenever a newcomer arrives (``check_tables``). And since the hall calls every
session's screens from whichever session changed a table, a screen that fails on the news is
dropped and its own session closed, never the caller's (the ``containment`` handed in:
``tui.ssh.containment.SESSIONS``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from core.game import Game
from core.record import GameRecord
from core.registry import all_games
from saves.errors import SaveError
from tui.play.computer import ComputerRunner
from tui.play.identity import PlayerIdentity
from tui.play.listeners import LOG_ONLY, Containment
from tui.play.seat_types import level_of
from tui.play.seeds import random_seed
from tui.play.storage import Storage, lookup_in
from tui.play.table import Change, SeatHolder, Table, TableRefusal
from tui.play.table_computers import TableComputers
from tui.play.table_files import TableWriter, file_finished_table, restore_tables

#: What the creator of a table chooses for each seat: themselves, nobody yet, or a computer
#: seat type (``computer:normal``).
ME = "me"
OPEN = "open"

#: Most tables that may wait for players or be in play at once.
MAX_TABLES = 200


class HallWatcher(Protocol):
    """A lobby screen: told (on the server's loop) whenever the list of tables changes."""

    def hall_changed(self) -> None: ...


class TableHall:
    def __init__(
        self,
        data_dir: Path,
        log: logging.Logger,
        *,
        games: Sequence[Game] | None = None,
        new_seed: Callable[[], int] | None = None,
        runner: ComputerRunner | None = None,
        check: Callable[[Table], str | None] = lambda table: None,
        containment: Containment = LOG_ONLY,
    ) -> None:
        """``check(table)``: why the lobby could not show ``table``, or ``None`` (the lobby's
        own check, ``tui.net.server_hall.lobby_problem``, is handed in by whoever runs the
        sessions); ``containment``: how a lobby or a screen that fails on the news is cut off."""
        self.data_dir = data_dir
        self.check = check
        self.containment = containment
        self.log = log
        self.games = list(games) if games is not None else list(all_games())
        self.lookup = lookup_in(self.games)
        self.new_seed = new_seed or random_seed
        self.runner = runner or ComputerRunner()
        self.tables: dict[int, Table] = {}
        self.filed: dict[int, Path] = {}
        self._computers: dict[int, TableComputers] = {}
        self._watchers: list[HallWatcher] = []
        #: What each table was when the lobby was last found able to show it.
        self._checked: dict[int, tuple[object, tuple[SeatHolder | None, ...]]] = {}
        self._next_number = 1
        self.writer = TableWriter(data_dir, log)

    @property
    def storage(self) -> Storage:
        """The server's saved games: where finished tables go, and what the lobby lists."""
        return Storage(self.data_dir, self.lookup)

    # -- starting and stopping ----------------------------------------------------------------

    def restore(self) -> int:
        """Read back the tables saved by an earlier run; how many came back (files that
        cannot be read, or that the lobby cannot show, are set aside)."""
        restored = restore_tables(self.data_dir, self.log, self.lookup, check=self.check)
        for table in restored:
            self._add(table)
            if table.finished:
                self._file(table)
        self.log.info("restored %d tables", len(restored))
        return len(restored)

    def start(self) -> None:
        """Start the searches of computer seats to move (on the running loop)."""
        for computers in self._computers.values():
            computers.update()

    def close(self) -> None:
        for computers in self._computers.values():
            computers.close()
        self._computers.clear()
        self.runner.shutdown()
        self.writer.close()

    def flush(self) -> None:
        """Wait until every table file asked for is written."""
        self.writer.flush()

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
        """Take ``table`` off the list and move its file aside; its screens are left as they
        are, but nothing done at it is saved any more."""
        table.on_change = None
        self.tables.pop(table.number, None)
        self._checked.pop(table.number, None)
        computers = self._computers.pop(table.number, None)
        if computers is not None:
            computers.close()
        if table.number not in self.filed:
            self.writer.set_aside(table.number, f"the lobby cannot show it: {reason}")

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
    ) -> Table:
        """A new table for ``game``; ``seats`` says for each seat ``ME``, ``OPEN`` or a computer
        seat type. Raises ``TableRefusal`` (or ``PawnshopError`` for bad options)."""
        if sum(1 for table in self.tables.values() if not table.finished) >= MAX_TABLES:
            raise TableRefusal(f"This server has {MAX_TABLES} tables already; join one of them.")
        record = GameRecord(game, options, seed=self.new_seed())
        if len(seats) != len(record.seat_names):
            seat_count = len(record.seat_names)
            raise TableRefusal(f"{game.name} with these options has {seat_count} seats.")
        if list(seats).count(ME) > 1:
            raise TableRefusal("You can take only one seat at a table.")
        holders: list[SeatHolder | None] = []
        for seat_name, choice in zip(record.seat_names, seats, strict=True):
            level = level_of(choice)
            if choice == ME:
                holders.append(SeatHolder.person(player))
            elif level is not None:
                holders.append(SeatHolder.computer(level, seat_name))
            else:
                holders.append(None)
        if all(holder is not None and holder.is_computer for holder in holders):
            raise TableRefusal("A table needs at least one seat for a person.")
        table = Table(self._next_number, record, holders)
        self._add(table)
        self.log.info("%s opened table %d: %s", player.name, table.number, game.name)
        self._table_changed(table, "seats")
        return table

    def _add(self, table: Table) -> None:
        table.on_change = self._table_changed
        table.log = self.log
        table.containment = self.containment
        self.tables[table.number] = table
        self._next_number = max(self._next_number, table.number + 1)
        if any(holder is not None and holder.is_computer for holder in table.holders):
            self._computers[table.number] = TableComputers(table, self.runner, self.log)

    # -- keeping up with the tables -----------------------------------------------------------

    def _table_changed(self, table: Table, change: Change) -> None:
        """Keep the table (its file, its computers) and tell every lobby. Called from the
        session that changed the table: nothing that fails here may reach that session."""
        try:
            self._keep(table, change)
        except Exception:
            self.log.exception("table %d could not be kept up to date", table.number)
        self._tell_lobbies()

    def _keep(self, table: Table, change: Change) -> None:
        if change != "watchers" and table.number not in self.filed:
            if table.finished:
                self._file(table)
            else:
                self._save(table)
        computers = self._computers.get(table.number)
        if computers is not None:
            computers.update()
        if change == "watchers" and not table.watchers:
            self._forget_if_done(table)

    def _tell_lobbies(self) -> None:
        """Tell every lobby that the list changed; a lobby that fails on it is dropped (and its
        session closed), the others are told all the same."""
        failed = self.containment.tell_each(
            self._watchers, lambda watcher: watcher.hall_changed(), self.log, "the lobby's news"
        )
        for watcher in failed:
            self.unwatch(watcher)

    def _save(self, table: Table) -> None:
        self.writer.save(table)

    def _file(self, table: Table) -> None:
        try:
            table.filed_as = file_finished_table(table, self.data_dir, self.lookup)
        except SaveError as error:
            self.log.error("finished table %d could not be filed: %s", table.number, error)
            return
        self.filed[table.number] = table.filed_as
        self.writer.remove(table.number)
        self.log.info("table %d finished, filed as %s", table.number, table.filed_as)
        self._forget_if_done(table)

    def _forget_if_done(self, table: Table) -> None:
        """A finished table nobody looks at any more leaves the list (its game is filed); so
        does a table nobody sits at that has not begun."""
        if table.watchers:
            return
        nobody = all(holder is None or holder.is_computer for holder in table.holders)
        if (table.finished and table.number in self.filed) or (nobody and not table.started):
            self.tables.pop(table.number, None)
            self._checked.pop(table.number, None)
            computers = self._computers.pop(table.number, None)
            if computers is not None:
                computers.close()
            if not table.finished:
                self.writer.remove(table.number)
