"""When a search must stop: a deadline, a playout budget or a flag raised from outside."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol


class StopFlag(Protocol):
    """Anything with ``is_set()``: ``threading.Event``, ``multiprocessing.Event`` or a shared
    flag. Setting it asks a running search to stop and play its best move so far."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Budget:
    """The limits of one search. ``deadline`` is a ``time.monotonic()`` instant."""

    deadline: float | None = None
    stop: StopFlag | None = None
    playouts: int | None = None
    depth: int | None = None

    def expired(self) -> bool:
        """True once the deadline has passed or the stop flag is set."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            return True
        return self.stop is not None and self.stop.is_set()
