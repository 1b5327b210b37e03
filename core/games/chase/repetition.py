"""Counting how often a position has stood, without scanning a long history every turn.

The history since the last placement can grow long (in Tiles mode, once the stack is used
up, nothing resets it). Counting a key in it each turn would cost the whole length; instead
the counts of the newest histories are kept beside them, and a history extended from one of
those passes its counts on. A history extended from any other (an older position, or a
second move tried from the same one) is counted the plain way.
"""

from __future__ import annotations

from collections import Counter

#: Shorter histories are simply counted.
LONG_HISTORY = 256
#: How many of the newest histories keep their counts.
KEPT = 16

History = tuple[int, ...]
#: id(history) -> (history, its counts, or None until it is extended once more).
_newest: dict[int, tuple[History, Counter[int] | None]] = {}


def extend_history(history: History, key: int) -> tuple[History, int]:
    """``history`` with ``key`` added, and how many times ``key`` occurs in the result."""
    longer = (*history, key)
    if len(history) < LONG_HISTORY:
        return longer, history.count(key) + 1
    entry = _newest.pop(id(history), None)
    counts = None
    if entry is not None and entry[0] is history:
        # Counts are started only for a history that is extended again: a line of play.
        counts = entry[1] if entry[1] is not None else Counter(history)
        counts[key] += 1
        seen = counts[key]
    else:
        seen = history.count(key) + 1
    if len(_newest) >= KEPT:
        _newest.pop(next(iter(_newest)))
    _newest[id(longer)] = (longer, counts)
    return longer, seen
