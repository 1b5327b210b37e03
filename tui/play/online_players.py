"""Who is connected to the server now, across its processes, for the lobby's online line.

Each process says in the store, as presence at table number ``ONLINE_NUMBER`` (no table has
it), how many sessions each person has open there, by the name they are shown under (a name
is one person's: held by their key, or the name itself without keys). The presence of the
other processes is read as the tables' is (``tui.play.hall_presence``), so a process that
dies stops counting once its time runs out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from threading import Lock

from tui.plain_text import cells, clip

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


def online_line(names: Iterable[str], width: int) -> str:
    """``online (3): alice, bob, carol`` cut to ``width`` terminal cells; the names that do
    not fit are counted (``+2``) instead."""
    everyone = list(names)
    if not everyone:
        return clip("online: nobody", width)
    head = f"online ({len(everyone)}): "
    for shown in range(len(everyone), -1, -1):
        rest = len(everyone) - shown
        line = head + ", ".join(everyone[:shown]) + (f" +{rest}" if rest else "")
        if cells(line) <= width:
            return line
    return clip(head + f"+{len(everyone)}", width)
