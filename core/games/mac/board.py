"""The 4 x 8 board: square geometry shared by move generation, notation and drawing."""

from __future__ import annotations

from core.squares import parse_square, square_name

WIDTH = 4
HEIGHT = 8
SIZE = WIDTH * HEIGHT
SQUARES = range(SIZE)

#: The four orthogonal directions as (file step, rank step).
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _ray(square: int, step: tuple[int, int]) -> tuple[int, ...]:
    rank, file = divmod(square, WIDTH)
    squares = []
    file, rank = file + step[0], rank + step[1]
    while 0 <= file < WIDTH and 0 <= rank < HEIGHT:
        squares.append(rank * WIDTH + file)
        file, rank = file + step[0], rank + step[1]
    return tuple(squares)


#: ``RAYS[square]``: for each direction that leaves the board not at once, the squares
#: outward from ``square`` in order (what a cannon looks along).
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in (_ray(square, step) for step in DIRECTIONS) if ray) for square in SQUARES
)

#: ``NEIGHBOURS[square]``: the orthogonally adjacent squares.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[square]) for square in SQUARES
)

#: The squares of each colour's starting half: Red ranks 1-4, Blue ranks 5-8.
HALVES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(range(SIZE // 2)),
    tuple(range(SIZE // 2, SIZE)),
)


def half_of(square: int) -> int:
    """0 for Red's half (ranks 1-4), 1 for Blue's half (ranks 5-8)."""
    return 0 if square < SIZE // 2 else 1


def name(square: int) -> str:
    return square_name(square, WIDTH)


def parse(text: str) -> int:
    """The square a name like ``c3`` stands for; ``NotationError`` otherwise."""
    return parse_square(text, WIDTH, HEIGHT)
