"""The Chase board: an 8x8 chessboard with a1 dark, directions, rays and square colours.

Squares are indices ``rank * 8 + file`` (see ``core.squares``). Directions are numbered
clockwise from north, so a quarter turn of a tile adds 2 to every direction; an exit set is
a bitmask with bit ``d`` for direction ``d``.
"""

from __future__ import annotations

from core.squares import square_name

SIZE = 8
SQUARES = SIZE * SIZE
SOUTH, NORTH = 0, 1
SEAT_NAMES = ("South", "North")
SEAT_LETTERS = "SN"

#: Direction names, clockwise from north; index = direction number = exit bit.
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: (file step, rank step) of each direction.
DIRECTION_STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ALL_EXITS = 0xFF


def colour_of(square: int) -> int:
    """The seat whose colour the square has: a1 is dark (North); South plays the light squares."""
    rank, file = divmod(square, SIZE)
    return NORTH if (rank + file) % 2 == 0 else SOUTH


def name(square: int) -> str:
    return square_name(square, SIZE)


def _ray(square: int, direction: int) -> tuple[int, ...]:
    rank, file = divmod(square, SIZE)
    step_file, step_rank = DIRECTION_STEPS[direction]
    squares = []
    file, rank = file + step_file, rank + step_rank
    while 0 <= file < SIZE and 0 <= rank < SIZE:
        squares.append(rank * SIZE + file)
        file, rank = file + step_file, rank + step_rank
    return tuple(squares)


#: RAYS[square][direction]: the squares met going from ``square`` in ``direction``, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(square, direction) for direction in range(8)) for square in range(SQUARES)
)
#: RAYS_BEYOND[square][direction]: the squares of that ray but the nearest, as a mask (where a
#: jump may land).
RAYS_BEYOND: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << step for step in ray[1:]) for ray in rays) for rays in RAYS
)
#: NEIGHBOUR[square][direction]: the adjacent square in that direction, or -1 off the board.
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] if ray else -1 for ray in rays) for rays in RAYS
)
#: RAYS_PAST[square][direction]: the squares of that ray but the nearest (where a jump may land).
RAYS_PAST: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray[1:] for ray in rays) for rays in RAYS
)
#: EXIT_BITS[mask]: the directions present in an exit mask, in clockwise order.
EXIT_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(direction for direction in range(8) if mask >> direction & 1) for mask in range(256)
)
COLOUR: tuple[int, ...] = tuple(colour_of(square) for square in range(SQUARES))


def _step_lines(square: int, mask: int) -> tuple[tuple[int, int], ...]:
    return tuple(
        (direction, NEIGHBOUR[square][direction])
        for direction in EXIT_BITS[mask]
        if NEIGHBOUR[square][direction] >= 0
    )


#: STEP_LINES[square][mask]: ``(direction, adjacent square)`` for every exit of ``mask`` that
#: stays on the board, clockwise from north (a step table, so that searches need not test
#: every direction of every square they pass).
STEP_LINES: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(_step_lines(square, mask) for mask in range(256)) for square in range(SQUARES)
)
#: STEPS[square][mask]: the adjacent squares of ``STEP_LINES[square][mask]``, in that order.
STEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(step for _, step in lines) for lines in by_mask) for by_mask in STEP_LINES
)
#: STEP_MASKS[square][mask]: the same squares as a mask.
STEP_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << step for step in steps) for steps in by_mask) for by_mask in STEPS
)
#: BIT[square]: ``1 << square``, ready-made (a shift makes a new big int; a look-up does not).
BIT: tuple[int, ...] = tuple(1 << square for square in range(SQUARES))
#: SINGLE[square]: ``(square,)``, ready-made: ``path + SINGLE[square]`` makes one tuple where
#: ``(*path, square)`` makes a list and then a tuple.
SINGLE: tuple[tuple[int], ...] = tuple((square,) for square in range(SQUARES))


def direction_between(start: int, end: int) -> tuple[int, int] | None:
    """``(direction, distance)`` when ``end`` lies on a straight line from ``start``."""
    for direction, ray in enumerate(RAYS[start]):
        if end in ray:
            return direction, ray.index(end) + 1
    return None


def rotate(mask: int, quarter_turns: int) -> int:
    """An exit mask turned clockwise by ``quarter_turns`` quarter turns."""
    shift = (2 * quarter_turns) % 8
    return ((mask << shift) | (mask >> (8 - shift))) & ALL_EXITS


def orientations(mask: int) -> tuple[int, ...]:
    """The distinct exit masks a tile shows in its four orientations, in turning order."""
    seen: list[int] = []
    for turns in range(4):
        turned = rotate(mask, turns)
        if turned not in seen:
            seen.append(turned)
    return tuple(seen)


#: TURNS[mask]: the other exit masks a tile showing ``mask`` can be pivoted to.
TURNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(turned for turned in orientations(mask) if turned != mask) for mask in range(256)
)


def exits_text(mask: int, separator: str = ",") -> str:
    """``"N,E,S"``: the direction names of an exit mask, clockwise from north."""
    return separator.join(DIRECTIONS[direction] for direction in EXIT_BITS[mask])


def start_squares(seat: int, pawns: int) -> tuple[int, ...]:
    """Where a seat's pawns start: its own colour squares of its back rank, centre first, then
    of the rank in front of it (the back rank has only four squares of each colour)."""
    back, front = (0, 1) if seat == SOUTH else (7, 6)
    files = (3, 5, 1, 7, 4, 2, 6, 0)
    squares = []
    for index in range(pawns):
        rank = back if index < 4 else front
        squares.append(rank * SIZE + files[index])
    return tuple(sorted(squares))
