"""Telling every listener of a shared thing (a table, the hall) the news, each failure kept to
the listener that failed.

The listeners are screens of other players' sessions: one that raises must neither stop the
news from reaching the others nor fail the player whose change it was. How a failing listener
is named in the log and cut off (over SSH: its session closed) is the business of whoever runs
the sessions, handed in as a ``Containment`` (``tui.ssh.containment.SESSIONS``); by default a
failing listener is only logged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


def type_name(listener: object) -> str:
    return f"a {type(listener).__name__}"


def keep(listener: object) -> None:
    """Leave a failing listener as it is (it is still logged and reported)."""


@dataclass(frozen=True)
class Containment:
    """``whose(listener)``: whose listener it is, in words for the log; ``cut_off(listener)``:
    what becomes of a listener that failed."""

    whose: Callable[[object], str] = type_name
    cut_off: Callable[[object], None] = keep

    def tell_each(
        self, listeners: Iterable[T], tell: Callable[[T], None], log: logging.Logger, what: str
    ) -> list[T]:
        """``tell(listener)`` for every listener; the listeners that raised, each logged (with
        ``what`` and the traceback) and cut off."""
        failed: list[T] = []
        for listener in list(listeners):
            try:
                tell(listener)
            except Exception:
                log.exception("%s failed in %s; that session is closed", what, self.whose(listener))
                failed.append(listener)
                self.cut_off(listener)
        return failed


#: A failing listener is logged and left as it is.
LOG_ONLY = Containment()
