"""Keeping the positions since the last placement, and counting how often one has stood.

The history since the last placement can grow long (in Tiles mode, once the stack is used
up, nothing resets it). A state keeps it in chunks (``past``: full chunks of ``CHUNK``
keys; ``recent``: the last 1 to ``CHUNK`` keys), so that a move copies only the chunk it
adds to rather than the whole history. Counting a key in it each turn would cost the whole
length too; instead the counts of the newest histories are kept beside them, and a history
extended from one of those passes its counts on. A history extended from any other (an older
position, or a second move tried from the same one) is counted the plain way.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

#: Shorter histories are simply counted.
LONG_HISTORY = 256
#: How many of the newest histories keep their counts.
KEPT = 16
#: Keys per chunk of a chunked history.
CHUNK = 64

History = tuple[int, ...]
Chunks = tuple[History, ...]
#: id(history's last part) -> (that part, the history's counts, or None until it is extended
#: once more).
_newest: dict[int, tuple[History, Counter[int] | None]] = {}


def extend_history(history: History, key: int) -> tuple[History, int]:
    """``history`` with ``key`` added, and how many times ``key`` occurs in the result."""
    longer = (*history, key)
    seen = _count_after((history,), longer, len(history), key)
    return longer, seen


def extend_chunked(past: Chunks, recent: History, key: int) -> tuple[Chunks, History, int]:
    """The chunked history ``past`` + ``recent`` with ``key`` added, as ``(past, recent)``,
    and how many times ``key`` occurs in the result."""
    if len(recent) < CHUNK:
        longer_past, longer = past, (*recent, key)
    else:
        longer_past, longer = (*past, recent), (key,)
    if not past:
        # One chunk, shorter than ``LONG_HISTORY``: simply counted.
        return longer_past, longer, recent.count(key) + 1
    length = CHUNK * len(past) + len(recent)
    seen = _count_after((*past, recent), longer, length, key)
    return longer_past, longer, seen


def chunked(history: History) -> tuple[Chunks, History]:
    """A plain history (one key or more) as ``(past, recent)``, cut as ``extend_chunked``
    cuts it."""
    full = (len(history) - 1) // CHUNK * CHUNK
    past = tuple(history[start : start + CHUNK] for start in range(0, full, CHUNK))
    return past, history[full:]


def _count_after(parts: Chunks, longer: History, length: int, key: int) -> int:
    """How many times ``key`` occurs in the history made of ``parts`` (``length`` keys in
    all; its last part stands for it) once ``key`` is added (``longer``: the new last part)."""
    entry = _newest.pop(id(parts[-1]), None) if length >= LONG_HISTORY else None
    counts = None
    if entry is not None and entry[0] is parts[-1]:
        # Counts are started only for a history that is extended again: a line of play.
        counts = entry[1] if entry[1] is not None else Counter(chain.from_iterable(parts))
        counts[key] += 1
        seen = counts[key]
    else:
        seen = sum(part.count(key) for part in parts) + 1
    if length >= LONG_HISTORY:
        if len(_newest) >= KEPT:
            _newest.pop(next(iter(_newest)))
        _newest[id(longer)] = (longer, counts)
    return seen
