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
    ``history`` holds a record (see ``position_record``) of every battle position so far,
    this one last, so that repetitions are counted exactly; it is empty during placement.
    ``seen`` is a Bloom filter of those positions (see ``fingerprint``): a position whose
    bit is not set has certainly not occurred before, which spares searching the history
    on nearly every move. ``result`` says how the game stands (``ONGOING``,
    ``GOAL_REACHED`` ...); it follows from the other fields and is stored so that asking is
    free.
    """

    south: int
    north: int
    side: int
    battle_first: int | None
    history: bytes
    seen: int
    result: int

    @property
    def placing(self) -> bool:
        return self.battle_first is not None

    def pawns(self, seat: int) -> int:
        return self.north if seat == NORTH else self.south

    def in_hand(self, seat: int) -> int:
        """Pawns ``seat`` still has to place (only meaningful during placement)."""
        return PAWNS_PER_SEAT - self.pawns(seat).bit_count()


# The history is kept as bytes rather than a tuple because it grows every move and is
# searched every move: appending copies and searching scans flat memory, both at C speed.
# Each record is both bitboards, 16 bytes; the side to move alternates from record to
# record, so it is not stored: the last record belongs to ``state.side``.
RECORD_SIZE = 16


def position_record(south: int, north: int) -> bytes:
    """The pawns of one position as a history record."""
    return (south | north << 64).to_bytes(RECORD_SIZE, "little")


#: Bits in the ``seen`` filter: few enough to copy cheaply, enough to rarely collide.
FILTER_BITS = 2048


def fingerprint(south: int, north: int, side: int) -> int:
    """The bit of a position in the ``seen`` filter (Fibonacci hashing of the pawns)."""
    return 1 << (((south ^ north << 1 ^ side) * 0x9E3779B97F4A7C15 >> 52) & (FILTER_BITS - 1))


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
