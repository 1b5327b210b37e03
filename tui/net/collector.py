"""How a server process's garbage collector runs: freeze what the server starts with, and let
the youngest generation grow a little larger between collections.

Python's cyclic collector walks every tracked object of a generation each time it collects
it, and a full collection walks them all: the modules, classes, parsed CSS and hall a server
loads once and keeps for its whole life, again and again, while players move. Once the server
listens and its hall is up, ``settle_collector`` collects once and freezes what is left
(``gc.freeze``): full collections no longer walk it. It is called once, at start, never per
session: a frozen object is never collected, so anything a session makes stays collectable.
Reference counting still frees frozen objects that are not in cycles.

A pass of the collector holds every session of its process, and a full pass walks every
object of every session: with about 50 sessions at tables, over half a second. Each pass of
``LONG_PASS`` or more is said in the server's log (``LongPassLog``), so that a server's owner
can tell such a pause from a slow network.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable

#: Allocations (less deallocations) of tracked objects between two collections of the youngest
#: generation; Python's default is 700. A move redraws several screens, each making thousands
#: of short-lived objects: measured with ``tests/bench/bench_screen_updates.py`` (its
#: ``--young N`` tries another), 20,000 cost the least cpu per move of 700, 2,000, 7,000 and
#: 20,000, for about half a MiB more per session at a table (``docs/scaling.md``).
YOUNG_THRESHOLD = 20_000


#: Seconds: a pass of the collector at least this long is said in the server's log.
LONG_PASS = 0.1


class LongPassLog:
    """A callback of the collector (``gc.callbacks``) that says in ``log`` each of its passes
    that took ``longest`` seconds or more: how long, how much of it the collector worked (its
    thread's cpu time: the rest, the process waited for a core), which generation, how many
    objects it freed. It only reads two clocks and, for a long pass, writes one line."""

    def __init__(
        self,
        log: logging.Logger,
        longest: float = LONG_PASS,
        clock: Callable[[], float] = time.perf_counter,
        cpu_clock: Callable[[], float] = time.thread_time,
    ) -> None:
        self.log = log
        self.longest = longest
        self.clock = clock
        self.cpu_clock = cpu_clock
        self._began = 0.0
        self._began_cpu = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = self.clock()
            self._began_cpu = self.cpu_clock()
            return
        took = self.clock() - self._began
        if took >= self.longest:
            worked = self.cpu_clock() - self._began_cpu
            self.log.info(
                "the garbage collector held this process for %.0f ms, %.0f ms of it on the "
                "cpu (a pass of generation %d, %d objects freed)",
                took * 1000,
                worked * 1000,
                info["generation"],
                info["collected"],
            )


def settle_collector(
    young_threshold: int = YOUNG_THRESHOLD, log: logging.Logger | None = None
) -> None:
    """Collect, freeze every object alive now, and set the youngest generation's threshold;
    with ``log``, say there each long pass from now on (``LongPassLog``, the process's only
    one). Called once, when the server has started and before any session."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(young_threshold, middle, oldest)
    if log is not None:
        gc.callbacks[:] = [kept for kept in gc.callbacks if not isinstance(kept, LongPassLog)]
        gc.callbacks.append(LongPassLog(log))
