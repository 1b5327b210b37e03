"""How a server process's garbage collector runs: freeze what the server starts with, and let
the youngest generation grow a little larger between collections.

Python's cyclic collector walks every tracked object of a generation each time it collects
it, and a full collection walks them all: the modules, classes, parsed CSS and hall a server
loads once and keeps for its whole life, again and again, while players move. Once the server
listens and its hall is up, ``settle_collector`` collects once and freezes what is left
(``gc.freeze``): full collections no longer walk it. It is called once, at start, never per
session: a frozen object is never collected, so anything a session makes stays collectable.
Reference counting still frees frozen objects that are not in cycles.
"""

from __future__ import annotations

import gc

#: Allocations (less deallocations) of tracked objects between two collections of the youngest
#: generation; Python's default is 700. A move redraws several screens, each making thousands
#: of short-lived objects: measured with ``tests/bench/bench_screen_updates.py`` (its
#: ``--young N`` tries another), 20,000 cost the least cpu per move of 700, 2,000, 7,000 and
#: 20,000, for about half a MiB more per session at a table (``docs/scaling.md``).
YOUNG_THRESHOLD = 20_000


def settle_collector(young_threshold: int = YOUNG_THRESHOLD) -> None:
    """Collect, freeze every object alive now, and set the youngest generation's threshold.
    Called once, when the server has started and before any session."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(young_threshold, middle, oldest)
