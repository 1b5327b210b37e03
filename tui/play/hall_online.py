"""Who is connected to the server: each process counts its own sessions by name
(``tui.play.online_players``), says them in the store's presence under ``ONLINE_NUMBER`` and
reads the others' there, so the lobby's "online" line covers every process. A player who
arrives is also remembered among the store's players (name, key, when last seen).

Store writes run on a thread of the loop's, so that no login waits for the store; one write at
a time, each of what is true when it begins, so that the last one written is the newest.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from saves.store.tables import TableStore
from tui.play.hall_presence import HallPresence
from tui.play.identity import PlayerIdentity
from tui.play.online_players import ONLINE_NUMBER, OnlinePlayers


class HallOnline:
    """The hall's part that knows who is online (see the module's docstring)."""

    def __init__(
        self,
        store: TableStore,
        presence: HallPresence,
        loop: Callable[[], asyncio.AbstractEventLoop | None],
        log: logging.Logger,
    ) -> None:
        self.store = store
        self.presence = presence
        self.loop = loop
        self.log = log
        self.online = OnlinePlayers()
        self._writing = threading.Lock()

    def arrived(self, player: PlayerIdentity) -> None:
        """A session of ``player`` began: count it, remember them in the store's players and
        say who is connected here."""
        self.online.arrived(player.name)
        self._in_background(lambda: self._remember(player))
        self._in_background(self._say_online)

    def departed(self, player: PlayerIdentity) -> None:
        """A session of ``player`` ended: they count as connected one session fewer."""
        self.online.left(player.name)
        self._in_background(self._say_online)

    def names(self) -> list[str]:
        """Everyone connected to the server now, in any of its processes, by name."""
        return self.online.names(self.presence.elsewhere.get(ONLINE_NUMBER, {}))

    def _in_background(self, work: Callable[[], None]) -> None:
        loop = self.loop()
        if loop is None or loop.is_closed():
            work()
        else:
            loop.run_in_executor(None, work)

    def _say_online(self) -> None:
        with self._writing:
            self.presence.show_sessions(ONLINE_NUMBER, self.online.sessions())

    def _remember(self, player: PlayerIdentity) -> None:
        try:
            self.store.add_player(player.key, player.name, player.key_fingerprint)
        except Exception as error:  # on a thread whose failure nobody else would hear of
            self.log.error("player %s could not be remembered: %s", player.name, error)
