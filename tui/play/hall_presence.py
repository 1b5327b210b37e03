"""Who is present at the tables across the server's processes, for the hall.

A person counts as present at a table while a session of theirs shows it. The sessions of
one process are the watchers of its tables; what each process says of its own is kept in
the store (``TableStore.show_presence``), renewed as its leases are, so that the sessions of
a process that dies stop counting once its time runs out, and cleared when it stops. Every
process reads what the others say (``read``) whenever the change feed brings news and at
every renewal (a process that died sends no news), and hands it to its tables
(``Table.seen_elsewhere``), whose screens and lobbies then redraw.
"""

from __future__ import annotations

import logging
from collections import Counter
from threading import Lock

from saves.store.tables import TableStore, TableStoreError
from tui.play.table import Table

#: Each table's sessions in the other processes: table number, person's identity, sessions.
Elsewhere = dict[int, dict[str, int]]


class HallPresence:
    """What hall ``holder`` says in ``store`` of the sessions showing its tables (kept for
    ``seconds`` unless renewed), and what the server's other processes say of theirs."""

    def __init__(self, store: TableStore, holder: str, seconds: float, log: logging.Logger) -> None:
        self.store = store
        self.holder = holder
        self.seconds = seconds
        self.log = log
        #: What the other processes said when last read (kept on the loop).
        self.elsewhere: Elsewhere = {}
        #: The tables whose sessions this hall has said are there (on the loop; read by the
        #: feed's thread to know whether there is anything to renew).
        self._shown: set[int] = set()
        self._shown_lock = Lock()

    def show(self, table: Table) -> None:
        """Say in the store who shows ``table`` here now (after its watchers changed)."""
        sessions = Counter(watcher.player.key for watcher in table.watchers)
        self._say(table.number, dict(sessions))

    def show_sessions(self, number: int, sessions: dict[str, int]) -> None:
        """Say in the store how many sessions each person has here at ``number`` (any
        thread)."""
        self._say(number, sessions)

    def forget(self, number: int) -> None:
        """Say that no session here shows table ``number`` any more (it left the list)."""
        self._say(number, {})

    def _say(self, number: int, sessions: dict[str, int]) -> None:
        with self._shown_lock:
            if not sessions and number not in self._shown:
                return
        try:
            self.store.show_presence(self.holder, number, sessions, self.seconds)
        except TableStoreError as error:
            self.log.error("who is at table %d could not be kept: %s", number, error)
            return
        with self._shown_lock:
            if sessions:
                self._shown.add(number)
            else:
                self._shown.discard(number)

    def renew(self) -> None:
        """Keep what this hall said for ``seconds`` more (on the feed's thread)."""
        with self._shown_lock:
            if not self._shown:
                return
        self.store.renew_presence(self.holder, self.seconds)

    def read(self) -> Elsewhere:
        """What the other processes say now (on any thread): ``TableStoreError`` if the
        store cannot say."""
        found: Elsewhere = {}
        for presence in self.store.presence():
            if presence.holder != self.holder:
                sessions = found.setdefault(presence.number, {})
                sessions[presence.identity] = sessions.get(presence.identity, 0) + (
                    presence.sessions
                )
        return found

    def clear(self) -> None:
        """This hall stops: none of its sessions shows a table any more."""
        with self._shown_lock:
            self._shown.clear()
        try:
            self.store.clear_presence(self.holder)
        except TableStoreError as error:
            self.log.error("who was at the tables here stays until it runs out: %s", error)
