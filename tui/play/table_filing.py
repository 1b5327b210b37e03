"""Filing finished games into the server's saved games, once across its processes.

The process whose move finishes a game claims its filing first (a lease in the store,
``filing_key``), then stores the finish, writes the game's file into ``games/`` and keeps the
file's name in the game's archive entry (``TableStore.record_filed``), so that every process
can say where the game went. A process that dies between the finish and the file leaves an
archive entry without a file: the server's processes look for those when they start, and
try again the ones they saw whose claim another process holds (it may have died too: its
claim then runs out), so that each such game is filed once. One whose process died after
writing the file and before keeping its name has its file kept, not written twice
(``filed_before``). Such a game is rated (``rate``)
before its file is written: the store rates a table's game once, so a process dying between
the two leaves the game to be filed, never rated twice.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from threading import Lock

from core.record import GameRecord
from saves import paths
from saves.autosave import file_finished_game
from saves.errors import SaveError
from saves.format import loads
from saves.header import GameLookup
from saves.names import generated_stem
from saves.paths import EXTENSION
from saves.store.sqlite_tables import SqliteTableStore
from saves.store.tables import ArchivedGame, TableStore, TableStoreError, filing_key
from saves.writer import DATE_FORMAT, TIME_FORMAT
from tui.play.filed_copies import FiledCopies, holds_table
from tui.play.table import Table
from tui.play.table_files import file_finished_table

#: How often a wait for a game's file looks at its archive entry, in seconds.
FILED_POLL = 0.01


class GameFiling:
    """Files the finished games of ``store``'s tables into ``data_dir``'s ``games/`` as
    process ``holder``, each claim held ``seconds`` at most; ``rate`` rates a game another
    process finished and left unfiled (given the table's number and its game)."""

    def __init__(
        self,
        store: TableStore,
        holder: str,
        seconds: float,
        data_dir: Path,
        lookup: GameLookup,
        log: logging.Logger,
        rate: Callable[[int, GameRecord], object] | None = None,
    ) -> None:
        self.store = store
        self.rate = rate
        self.holder = holder
        self.seconds = seconds
        self.data_dir = data_dir
        self.lookup = lookup
        self.log = log
        #: The games other machines' servers filed, copied here (``None`` on the SQLite store
        #: of the data folder, whose games every process of the server shares).
        self.copies = (
            None if isinstance(store, SqliteTableStore) else FiledCopies(store, data_dir, log)
        )
        #: Tables whose game was seen without a file while another process held its claim.
        self._pending: set[int] = set()
        self._pending_lock = Lock()

    @property
    def pending(self) -> frozenset[int]:
        """The tables whose game was seen without a file, to be tried again."""
        with self._pending_lock:
            return frozenset(self._pending)

    def path(self, filed_as: str) -> Path:
        return paths.games_dir(self.data_dir) / filed_as

    def claim(self, number: int) -> bool:
        """Claim the filing of table ``number``'s game; whether this process holds it."""
        try:
            return self.store.take_lease(filing_key(number), self.holder, self.seconds)
        except TableStoreError as error:
            self.log.error("table %d: its filing cannot be claimed: %s", number, error)
            return False

    def release(self, number: int) -> None:
        try:
            self.store.release_lease(filing_key(number), self.holder)
        except TableStoreError as error:
            self.log.error(
                "table %d: its filing's claim stays until it runs out: %s", number, error
            )

    def holds(self, number: int) -> bool:
        try:
            return self.store.lease_holder(filing_key(number)) == self.holder
        except TableStoreError:
            return False

    def file_own(self, table: Table) -> Path | None:
        """File the game this process just finished (its filing claimed); where it went."""
        try:
            path = file_finished_table(table, self.data_dir, self.lookup)
        except SaveError as error:
            self.log.error("finished table %d could not be filed: %s", table.number, error)
            self.release(table.number)
            return None
        self._recorded(table.number, path)
        self.log.info("table %d finished, filed as %s", table.number, path)
        return path

    def file_left(self, entry: ArchivedGame) -> Path | None:
        """File a game that finished without being filed, if nobody else is filing it (then
        it is tried again later, ``retry``); where it went."""
        number = entry.number
        if not self.claim(number):
            self.note_unfiled(number)
            return None
        try:
            current = self.store.archived(number)
        except TableStoreError as error:
            self.log.error("table %d: its archive entry cannot be read: %s", number, error)
            self.release(number)
            self.note_unfiled(number)
            return None
        if current is None or current.filed_as is not None:  # filed meanwhile
            self.release(number)
            self._done(number)
            return None
        try:
            record = loads(current.game_text, name=f"table {number}", games=self.lookup)
            self._rate_late(number, record)
            path = filed_before(self.data_dir, number, record) or file_finished_game(
                record, self.data_dir, games=self.lookup
            )
        except (SaveError, ValueError, OSError) as error:
            self.log.error("finished table %d could not be filed: %s", number, error)
            self.release(number)
            self._done(number)
            return None
        self._recorded(number, path)
        self._done(number)
        self.log.info("table %d had finished unfiled; filed as %s", number, path.name)
        return path

    def wait_filed(self, number: int, seconds: float) -> None:
        """Wait up to ``seconds`` (on a thread of its own, never the loop's) until table
        ``number``'s game has its file: the process that finished it files it at once."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                entry = self.store.archived(number)
            except TableStoreError:
                return
            if entry is None or entry.filed_as is not None or time.monotonic() >= deadline:
                return
            time.sleep(FILED_POLL)

    def file_unfiled(self) -> list[tuple[int, Path]]:
        """File every finished game the store has without a file (when the server starts);
        the tables filed and where their games went."""
        try:
            left = self.store.unfiled()
        except TableStoreError as error:
            self.log.error("the unfiled games cannot be read: %s", error)
            return []
        filed = ((entry.number, self.file_left(entry)) for entry in left)
        found = [(number, path) for number, path in filed if path is not None]
        if self.copies is not None:
            self.copies.copy_all()
        return found

    def note_unfiled(self, number: int) -> None:
        """Table ``number``'s game was seen without a file: try it again later."""
        with self._pending_lock:
            self._pending.add(number)

    def retry(self) -> list[tuple[int, Path]]:
        """Look again at the games seen without a file (on the feed's thread): file those
        whose claim ran out; the tables whose game has a file now, and where it went."""
        with self._pending_lock:
            pending = sorted(self._pending)
        if self.copies is not None:
            self.copies.copy_new()
        found = []
        for number in pending:
            entry = self.store.archived(number)
            if entry is None:
                self._done(number)
            elif entry.filed_as is not None:
                self._done(number)
                if entry.filed_as:
                    found.append((number, self.path(entry.filed_as)))
            else:
                path = self.file_left(entry)
                if path is not None:
                    found.append((number, path))
        return found

    def _rate_late(self, number: int, record: GameRecord) -> None:
        if self.rate is None:
            return
        try:
            self.rate(number, record)
        except Exception as error:  # the store's own errors, whichever store it is
            self.log.error("table %d: its game could not be rated: %s", number, error)

    def _recorded(self, number: int, path: Path) -> None:
        if self.copies is not None:
            self.copies.filed_here(number)
        try:
            self.store.record_filed(number, path.name)
        except TableStoreError as error:
            self.log.error("table %d: where its game was filed is not kept: %s", number, error)
        self.release(number)

    def _done(self, number: int) -> None:
        with self._pending_lock:
            self._pending.discard(number)


def filed_before(data_dir: Path, number: int, record: GameRecord) -> Path | None:
    """The file of table ``number``'s game if a process wrote it already (and died before
    keeping its name): under the name filing gives it (``file_finished_game``: when the game
    began, the game, the players), or that name with a number added."""
    when = f"{record.tags.get('Date', '')} {record.tags.get('Time', '')}"
    try:
        began = datetime.strptime(when, f"{DATE_FORMAT} {TIME_FORMAT}")
    except ValueError:
        return None
    stem = generated_stem(record.game.id, record.players, began)
    folder = paths.games_dir(data_dir)
    candidates = [folder / f"{stem}{EXTENSION}", *sorted(folder.glob(f"{stem}-*{EXTENSION}"))]
    return next((path for path in candidates if holds_table(path, number)), None)
