"""The Macadam board: squares, the two halves, the goals and the starting dots.

Sets of squares are bitboards: bit ``n`` of an ``int`` stands for square ``n``
(``rank * 8 + file``, so a1 is bit 0 and h8 is bit 63).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from core.squares import square_name

WIDTH = 8
HEIGHT = 8
SOUTH = 0
NORTH = 1
SEAT_NAMES = ("South", "North")
PAWNS_PER_SEAT = 8

#: The centre lane runs after this rank index (between ranks 4 and 5).
LANE_AFTER_RANK = 3


def mask(squares: Iterable[int]) -> int:
    """The bitboard holding exactly ``squares``."""
    bits = 0
    for square in squares:
        bits |= 1 << square
    return bits


def squares_of(bits: int) -> Iterator[int]:
    """The squares of a bitboard, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def name(square: int) -> str:
    return square_name(square, WIDTH)


def step(square: int, file_step: int, rank_step: int) -> int | None:
    """The square ``file_step`` files and ``rank_step`` ranks away, or ``None`` off the board."""
    rank, file = divmod(square, WIDTH)
    file += file_step
    rank += rank_step
    if 0 <= file < WIDTH and 0 <= rank < HEIGHT:
        return rank * WIDTH + file
    return None


#: The squares each seat owns: South ranks 1-4, North ranks 5-8.
HALF = (mask(range(32)), mask(range(32, 64)))
#: Each seat's own goal: South defends d1 e1, North defends d8 e8.
GOAL = (mask((3, 4)), mask((59, 60)))
#: The starting dots (RULES.md): symmetric, and every pawn has room to move.
DOTS = (
    (8, 10, 13, 15, 17, 19, 20, 22),  # a2 c2 f2 h2 b3 d3 e3 g3
    (48, 50, 53, 55, 41, 43, 44, 46),  # a7 c7 f7 h7 b6 d6 e6 g6
)
#: Where each seat may place a pawn in free placement: its own half outside its own goal.
PLACEABLE = (HALF[SOUTH] & ~GOAL[SOUTH], HALF[NORTH] & ~GOAL[NORTH])

_FULL = (1 << 64) - 1
#: Every square but those of the a-file, and of the h-file: a bitboard shifted one file
#: over keeps only the squares that do not wrap round to the other edge.
NOT_FILE_A = ~mask(range(0, 64, 8)) & _FULL
NOT_FILE_H = ~mask(range(7, 64, 8)) & _FULL

ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
EIGHT_WAYS = ORTHOGONAL + DIAGONAL


def goal_names(seat: int) -> str:
    """``"d1 and e1"``: a seat's own goal in words."""
    first, second = squares_of(GOAL[seat])
    return f"{name(first)} and {name(second)}"
