"""The library screen's index, kept up to date with the files without holding up the screen.

The screen reads from an index opened at once on its own thread (``Storage.library_reader``:
no integrity check, no rebuild). Syncing with the files (reading the new and changed ones,
forgetting the gone ones; for 100,000 games, a second or so even when nothing changed) runs
in a worker thread on an index of its own, which also checks the database and makes it anew
from the files if it is damaged; the screen is told when a sync ends and lists the games
again. A sync runs when the screen opens, after each change it makes to the files, and
whenever the games folder changes behind its back (its modification time, looked at every
``WATCH_SECONDS``). Syncs never overlap: one asked for while another runs follows it.

The sync's thread is a daemon thread of its own rather than a Textual worker, whose thread an
app waits for when it ends: quitting during the first sync of a large library (half a minute
for 100,000 files) leaves at once, and the index keeps every batch written so far (each is a
transaction), so the next sync goes on from there.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from saves.errors import SaveError
from saves.paths import games_dir
from saves.store import LibraryIndex
from tui.host import host

if TYPE_CHECKING:
    from textual.screen import Screen

#: Seconds between two looks at the games folder's modification time.
WATCH_SECONDS = 2.0

#: What a sync hands back: the sentences about the index itself, and the problem that
#: stopped it (the games folder unreadable), if any.
Synced = Callable[[list[str], str | None], None]


class LibrarySync:
    """The reader, the syncs and the watch of the folder for one library screen."""

    def __init__(self, screen: Screen[Any], synced: Synced) -> None:
        self.screen = screen
        self.synced = synced
        self.reader: LibraryIndex = host(screen).storage.library_reader()
        #: True while a sync runs; ``again`` when another was asked for meanwhile.
        self.running = False
        self.again = False
        #: What to do once the next sync (begun after they were asked for) has ended.
        self._then: list[Callable[[], None]] = []
        self._folder_stamp = self._stamp()
        #: How many syncs have ended.
        self.count = 0
        #: True once the screen has gone.
        self.closed = False
        self._ended_event = asyncio.Event()

    def notices(self) -> list[str]:
        """The reader's sentences about the index (a damaged database set aside), once."""
        said = list(self.reader.notices)
        self.reader.notices.clear()
        return said

    def start(self, then: Callable[[], None] | None = None) -> None:
        """Sync in a worker thread; ``then`` runs on the screen's thread once it has ended."""
        if then is not None:
            self._then.append(then)
        if self.running:
            self.again = True
            return
        self.running = True
        self._ended_event.clear()
        self._folder_stamp = self._stamp()
        app = host(self.screen)
        storage = app.storage

        def sync() -> None:
            notices: list[str] = []
            problem = None
            try:
                index = storage.library_index()
                try:
                    index.sync()
                    notices = list(index.notices)
                finally:
                    index.close()
            except SaveError as error:
                problem = str(error)
            except (OSError, sqlite3.Error) as error:
                problem = f"The library's index could not be brought up to date ({error})."
            with suppress(RuntimeError):  # the app has ended meanwhile
                app.call_from_thread(self._ended, notices, problem)

        threading.Thread(target=sync, name="library-sync", daemon=True).start()

    async def wait(self, seconds: float) -> None:
        """Wait until the sync last started ends, for at most ``seconds``."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._ended_event.wait(), seconds)

    def _ended(self, notices: list[str], problem: str | None) -> None:
        self.running = False
        self.count += 1
        self._ended_event.set()
        if self.closed:
            return
        if notices:  # the database was set aside and made anew: read the new one
            self.reader.close()
            self.reader = host(self.screen).storage.library_reader()
        if self.again:
            self.again = False
            self.synced(notices, problem)
            self.start()
            return
        waiting, self._then = self._then, []
        self.synced(notices, problem)
        for then in waiting:
            then()

    def watch(self) -> None:
        """Sync whenever the games folder changes (see the module's docstring)."""
        self.screen.set_interval(WATCH_SECONDS, self._look)

    def _look(self) -> None:
        """Sync if the folder changed, or if the reader found the database damaged while
        reading (it set it aside and reads a new, empty one that only a sync fills)."""
        if not self.running and (self._stamp() != self._folder_stamp or self.reader.notices):
            self.start()

    def _stamp(self) -> tuple[int, int] | None:
        try:
            found = os.stat(games_dir(host(self.screen).storage.data_dir))
        except OSError:
            return None
        return (found.st_mtime_ns, found.st_ino)

    def close(self) -> None:
        self.closed = True
        self.reader.close()
