"""Flushing written files to disk on a thread of its own, so that a move shows at once.

The board screen autosaves after every move. Writing the file and renaming it into place
takes a millisecond or two and stays where it is, before the screen is drawn again: once it
is done the new file is complete for anyone who reads it and survives the app being killed.
Flushing it to disk (``fsync``, 10-20 ms on an ordinary disk) only guards against the
machine itself going down, so it is left to ``BackgroundSync``: the screen writes inside
``saves.atomic.deferred_syncs`` and hands the paths written to ``sync_later``.

The thread flushes the paths in the order they came, each once however often it was written
meanwhile (the newest content is what gets flushed). ``flush`` waits until everything handed
over is on disk: the app calls it when it quits and when it is suspended.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from saves.atomic import sync_file


class BackgroundSync:
    """Paths to flush to disk, and the thread that flushes them (started when there is work,
    gone when there is none)."""

    def __init__(self, sync: Callable[[Path], None] = sync_file) -> None:
        self._sync = sync
        self._condition = threading.Condition()
        #: Paths waiting, in the order they came (a dict: each path once).
        self._pending: dict[Path, None] = {}
        #: True while the thread is running (it ends when nothing is left to flush).
        self._running = False

    def sync_later(self, paths: Iterable[Path]) -> None:
        with self._condition:
            for path in paths:
                self._pending[path] = None
            if self._pending and not self._running:
                self._running = True
                threading.Thread(target=self._work, name="disk-sync", daemon=True).start()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every path handed over is flushed; false if ``timeout`` ran out first."""
        with self._condition:
            return self._condition.wait_for(lambda: not self._running, timeout)

    def _work(self) -> None:
        while True:
            with self._condition:
                if not self._pending:
                    self._running = False
                    self._condition.notify_all()
                    return
                path = next(iter(self._pending))
                del self._pending[path]
            # A flush that fails leaves the file as the system has it; the next ones go on.
            with contextlib.suppress(Exception):
                self._sync(path)
