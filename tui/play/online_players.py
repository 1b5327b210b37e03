"""Who is connected to the server now, across its processes, for the lobby's online line.

Each process says in the store, as presence at table number ``ONLINE_NUMBER`` (no table has
it), how many sessions each person has open there, by the name they are shown under (a name
is one person's: held by their key, or the name itself without keys). The presence of the
other processes is read as the tables' is (``tui.play.hall_presence``), so a process that
dies stops counting once its time runs out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from threading import Lock

#: The presence rows of the people connected: tables are numbered from 1.
ONLINE_NUMBER = 0


class OnlinePlayers:
    """The sessions open in this process, by the name of their person (changed on the loop,
    read from any thread)."""

    def __init__(self) -> None:
        self._here: Counter[str] = Counter()
        self._lock = Lock()

    def arrived(self, name: str) -> None:
        """One more session of ``name``."""
        with self._lock:
            self._here[name] += 1

    def left(self, name: str) -> None:
        """One session of ``name`` fewer."""
        with self._lock:
            self._here[name] -= 1
            if self._here[name] <= 0:
                del self._here[name]

    def sessions(self) -> dict[str, int]:
        """How many sessions each person has open here now."""
        with self._lock:
            return dict(self._here)

    def names(self, elsewhere: Mapping[str, int]) -> list[str]:
        """Everyone connected, here or in ``elsewhere`` (the other processes' sessions by
        name), in alphabetical order."""
        everyone = set(self.sessions()) | set(elsewhere)
        return sorted(everyone, key=lambda name: (name.casefold(), name))
