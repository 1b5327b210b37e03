"""The two boards: zones, canals, starting setups and the squares each piece can reach.

Everything here is computed once at import. A piece is a small int equal to its pip value
(pawn 1, drone 2, queen 3), so a capture scores ``board[dst]`` and a field promotion
makes ``board[src] + board[dst]`` (pawn + drone = queen, pawn + pawn = drone).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.games.martian_chess.moves import Move
from core.squares import parse_square, square_name

EMPTY, PAWN, DRONE, QUEEN = 0, 1, 2, 3
PIECE_NAMES = ("empty", "pawn", "drone", "queen")
PIECE_LETTERS = ".PDQ"

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
#: How each piece moves: its directions and how many squares at most.
MOVEMENT = {PAWN: (DIAGONAL, 1), DRONE: (ORTHOGONAL, 2), QUEEN: (ORTHOGONAL + DIAGONAL, 8)}

#: One ray: the squares a piece passes in one direction, nearest first, each with the move
#: that stops there. A piece stops at the first occupied square of a ray.
Ray = tuple[tuple[int, Move], ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """One board size.

    ``rays[piece][square]`` lists the rays of that piece from that square;
    ``zone_masks[seat]`` is a zone's squares as a bitboard (bit ``n`` for square ``n``).
    """

    players: int
    width: int
    height: int
    seat_names: tuple[str, ...]
    zone_of: tuple[int, ...]
    zone_squares: tuple[tuple[int, ...], ...]
    zone_masks: tuple[int, ...]
    rays: tuple[tuple[tuple[Ray, ...], ...], ...]
    setup: tuple[int, ...]
    file_walls: frozenset[int]
    rank_walls: frozenset[int]

    @property
    def size(self) -> int:
        return self.width * self.height

    def squares_between(self, piece: int, src: int, dst: int) -> list[int] | None:
        """The squares ``piece`` passes going from ``src`` to ``dst`` (``None``: it cannot)."""
        for ray in self.rays[piece][src]:
            squares = [square for square, _ in ray]
            if dst in squares:
                return squares[: squares.index(dst)]
        return None


def _rays(
    width: int, height: int, square: int, steps: tuple[tuple[int, int], ...], reach: int
) -> tuple[Ray, ...]:
    """The rays from ``square`` in each direction of ``steps``, at most ``reach`` squares long."""
    rank, file = divmod(square, width)
    rays: list[Ray] = []
    for df, dr in steps:
        ray: list[tuple[int, Move]] = []
        f, r = file + df, rank + dr
        while 0 <= f < width and 0 <= r < height and len(ray) < reach:
            target = r * width + f
            ray.append((target, Move(square, target)))
            f, r = f + df, r + dr
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


def _piece_rays(width: int, height: int) -> tuple[tuple[tuple[Ray, ...], ...], ...]:
    """``rays[piece][square]`` for every piece (index 0, empty, has none)."""
    rays: list[tuple[tuple[Ray, ...], ...]] = [()]
    for piece in (PAWN, DRONE, QUEEN):
        directions, distance = MOVEMENT[piece]
        rays.append(
            tuple(
                _rays(width, height, square, directions, distance)
                for square in range(width * height)
            )
        )
    return tuple(rays)


def _setup(width: int, height: int, placements: dict[str, str]) -> tuple[int, ...]:
    board = [EMPTY] * (width * height)
    for letter, names in placements.items():
        for name in names.split():
            board[parse_square(name, width, height)] = PIECE_LETTERS.index(letter)
    return tuple(board)


def _layout(
    players: int,
    width: int,
    seat_of_quarter: Callable[[bool, bool], int],
    seats: tuple[str, ...],
    setup: tuple[int, ...],
) -> Layout:
    """A board ``width`` x 8 whose zones are told by ``seat_of_quarter(east, north)``."""
    height = 8
    zone_of = tuple(
        seat_of_quarter(square % width >= 4, square // width >= 4)
        for square in range(width * height)
    )
    zone_squares = tuple(
        tuple(sq for sq in range(width * height) if zone_of[sq] == seat) for seat in range(players)
    )
    return Layout(
        players=players,
        width=width,
        height=height,
        seat_names=seats,
        zone_of=zone_of,
        zone_squares=zone_squares,
        zone_masks=tuple(sum(1 << square for square in squares) for squares in zone_squares),
        rays=_piece_rays(width, height),
        setup=setup,
        file_walls=frozenset({3}) if width == 8 else frozenset(),
        rank_walls=frozenset({3}),
    )


def _two_player() -> Layout:
    setup = _setup(
        4,
        8,
        {
            "Q": "d1 c1 d2 a8 b8 a7",
            "D": "b1 c2 d3 c8 b7 a6",
            "P": "b2 c3 b3 c7 b6 c6",
        },
    )
    return _layout(2, 4, lambda east, north: int(north), ("South", "North"), setup)


def _four_player() -> Layout:
    # The bottom-left quadrant and its three mirror images.
    corner = {"Q": "a1 a2 b1", "D": "a3 b2 c1", "P": "b3 c2 c3"}
    placements: dict[str, str] = {}
    for letter, names in corner.items():
        mirrored = []
        for name in names.split():
            rank, file = divmod(parse_square(name, 8, 8), 8)
            for f, r in ((file, rank), (file, 7 - rank), (7 - file, 7 - rank), (7 - file, rank)):
                mirrored.append(square_name(r * 8 + f, 8))
        placements[letter] = " ".join(mirrored)
    setup = _setup(8, 8, placements)
    # Turn order passes to the left: bottom-left, top-left, top-right, bottom-right.
    quarters = {(False, False): 0, (False, True): 1, (True, True): 2, (True, False): 3}
    seats = ("South-West", "North-West", "North-East", "South-East")
    return _layout(4, 8, lambda east, north: quarters[east, north], seats, setup)


TWO_PLAYER = _two_player()
FOUR_PLAYER = _four_player()
LAYOUTS = {TWO_PLAYER.size: TWO_PLAYER, FOUR_PLAYER.size: FOUR_PLAYER}


def layout_of(board: tuple[int, ...]) -> Layout:
    """The layout a board belongs to (told apart by its number of squares)."""
    return LAYOUTS[len(board)]


def team_of(seat: int) -> tuple[int, int]:
    """The two seats of ``seat``'s team in the four-player game (opposite corners)."""
    return (seat % 2, seat % 2 + 2)
