"""The Macadam position as one immutable value."""

from __future__ import annotations

from typing import NamedTuple

from core.games.macadam.board import NORTH, PAWNS_PER_SEAT

# How the game stands, kept in the state so that ``outcome`` costs nothing. Every ending
# but the draw is a win for the player who made the last move.
ONGOING = 0
GOAL_REACHED = 1
CROSSED_OVER = 2
OPPONENT_STUCK = 3
REPETITION = 4


class MacadamState(NamedTuple):
    """One position.

    ``south`` and ``north`` are bitboards of each seat's pawns. ``side`` is the seat to
    move (or to place). ``battle_first`` is, during free placement, the seat that makes
    the first move once every pawn is placed, and ``None`` once the battle has begun.
    ``past`` and ``recent`` hold a record (see ``RECORD_SIZE``) of every battle position so
    far, this one last, so that repetitions are counted exactly: ``history`` gives them as
    one run of bytes. Both are empty during placement. ``seen`` is a filter of those
    positions (see ``FILTER_BITS``) that can tell, without searching the history, that a
    position has not occurred twice before, which spares the search on nearly every move.
    ``result`` says how the game stands (``ONGOING``, ``GOAL_REACHED`` ...); it follows from
    the other fields and is stored so that asking is free.
    """

    south: int
    north: int
    side: int
    battle_first: int | None
    past: tuple[bytes, ...]
    recent: bytes
    seen: int
    result: int

    @property
    def history(self) -> bytes:
        """Every battle position's record, oldest first."""
        return b"".join(self.past) + self.recent

    @property
    def placing(self) -> bool:
        return self.battle_first is not None

    def pawns(self, seat: int) -> int:
        return self.north if seat == NORTH else self.south

    def in_hand(self, seat: int) -> int:
        """Pawns ``seat`` still has to place (only meaningful during placement)."""
        return PAWNS_PER_SEAT - self.pawns(seat).bit_count()


# The history is kept as bytes rather than a tuple of positions because it grows every move
# and is searched whenever the filter cannot rule a repetition out: appending copies and
# searching scans flat memory, both at C speed. It is cut into chunks of ``CHUNK_SIZE``
# bytes so that a move copies only the chunk it adds to: ``past`` holds the full chunks,
# ``recent`` the rest (always shorter than a chunk, so equal histories are cut alike). Each
# record is both bitboards, 16 bytes (``south | north << 64``, little-endian); the side to
# move alternates from record to record, so it is not stored: the last record belongs to
# ``state.side``.
RECORD_SIZE = 16
CHUNK_SIZE = 16 * RECORD_SIZE


#: Bits in the low half of the ``seen`` filter, and in its high half: few enough to copy
#: cheaply, enough that random games (some 600 moves long) search their history on about
#: one move in a hundred. Primes, so that every square's bit of a record lands on a
#: different bit of each half.
#:
#: A position has one bit in each half of the filter: its record, as a number, modulo
#: ``FILTER_BITS`` in the low half and modulo ``TWICE_BITS`` in the high half. The low half
#: has the bits of every position so far; the high half gets a position's bit when it is
#: met again while its low bit is set. A draw needs a third occurrence, so only when the
#: high bit is set too must the history be searched. Each half is a Bloom filter: a bit
#: clear there is certain, a bit set only likely. The two halves take different moduli so
#: that positions sharing a low bit do not also share a high bit: with one modulus for both,
#: any three positions meeting on a bit would send the third to a search, some three times
#: as often in a long game. (The side to move is left out, which only makes the filter a
#: little less sharp.)
FILTER_BITS = 2039
TWICE_BITS = 2029


def record_pawns(history: bytes, index: int) -> tuple[int, int]:
    """``(south, north)`` of the ``index``-th record of a history."""
    value = int.from_bytes(history[index * RECORD_SIZE : (index + 1) * RECORD_SIZE], "little")
    return value & ((1 << 64) - 1), value >> 64


def occurrences(history: bytes) -> int:
    """How many times the last position of ``history`` has occurred, this time included.

    A match counts only at a record boundary and an even number of records back, where
    the same side was to move.
    """
    last = len(history) - RECORD_SIZE
    record = history[last:]
    count = 0
    found = history.find(record)
    while found >= 0:
        if (last - found) % (2 * RECORD_SIZE) == 0:
            count += 1
        found = history.find(record, found + 1)
    return count
