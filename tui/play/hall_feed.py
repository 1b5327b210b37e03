"""Following the store's change feed on a thread of its own, for the hall.

The hall's tables are a cache of the server's store, which other processes change. Waiting
for their changes (``TableStore.wait_for_change``) blocks, so it is done here, off the event
loop that runs every session: the thread reads which tables changed and hands their numbers
to ``on_changes`` (still on the thread: the hall reads the tables there too, and hands them to
its loop), and every ``tick`` seconds calls ``on_tick`` (the hall renews its leases).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from saves.store.tables import TableStore, TableStoreError

#: How long one wait for a change lasts before the thread looks whether it should stop.
WAIT_SECONDS = 0.1
#: How long the thread rests after the store failed, before it tries again.
RETRY_SECONDS = 1.0


class FeedFollower:
    """A thread following ``store``'s changes from ``cursor`` until ``stop``."""

    def __init__(
        self,
        store: TableStore,
        cursor: int,
        on_changes: Callable[[list[int]], None],
        on_tick: Callable[[], None],
        tick: float,
        log: logging.Logger,
    ) -> None:
        self.store = store
        self.cursor = cursor
        self.on_changes = on_changes
        self.on_tick = on_tick
        self.tick = tick
        self.log = log
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._follow, name="table-feed", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join()

    def _follow(self) -> None:
        next_tick = time.monotonic() + self.tick
        failing = False
        while not self._stopping.is_set():
            try:
                if self.store.wait_for_change(self.cursor, WAIT_SECONDS):
                    self.cursor, numbers = self.store.changes_since(self.cursor)
                    if numbers and not self._stopping.is_set():
                        self.on_changes(numbers)
                if time.monotonic() >= next_tick:
                    next_tick = time.monotonic() + self.tick
                    self.on_tick()
                failing = False
            except TableStoreError as error:
                if self._stopping.is_set():
                    return
                if not failing:
                    self.log.error("the tables' store cannot be followed: %s", error)
                failing = True
                self._stopping.wait(RETRY_SECONDS)
            except Exception:
                self.log.exception("following the tables' store failed")
                self._stopping.wait(RETRY_SECONDS)
