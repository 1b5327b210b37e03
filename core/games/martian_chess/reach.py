"""What a piece reaches from a square, looked up by which squares around it are taken.

A piece moves along rays and stops at the first taken square, which it may capture if the
square lies in another zone, or merge with if it lies in the piece's own zone (whether a
merge is allowed depends on the pieces and is for the caller to decide). So everything a
piece on a square can do depends only on which squares of its rays are taken. The rays are
gathered into groups, each with a table keyed by the taken squares of the group:

* a pawn's four one-square diagonals, and a drone's four two-square orthogonals, form one
  group each (16 and 256 entries at most);
* a queen's eight rays form four groups, one per line through its square (128 entries at
  most each), since one table for all of them would be far too large.

Each table entry is ``(moves, merges)``: the moves to empty squares and the captures, and
``(square, move)`` for each taken square of the piece's own zone where a ray stops. The
tables are filled in full, for each board when first needed, from what ``walks.walk_path``
says of every square of every ray, and are plain dicts, which Python indexes fastest.
"""

from __future__ import annotations

from core.bitboards import subsets
from core.games.martian_chess.board import (
    DIAGONAL,
    DRONE,
    EMPTY,
    FOUR_PLAYER,
    LAYOUTS,
    ORTHOGONAL,
    PAWN,
    QUEEN,
    TWO_PLAYER,
    Layout,
)
from core.games.martian_chess.moves import Move
from core.games.martian_chess.walks import MERGE, walk_path
from core.games.refusal import Refusal

#: A taken square of the piece's own zone where a ray stops, and the move onto it.
Merge = tuple[int, Move]
#: The moves and possible merges of a piece, by the taken squares of one group of rays.
ReachTable = dict[int, tuple[tuple[Move, ...], tuple[Merge, ...]]]
#: A group of rays: the bitboard of their squares and its table.
Group = tuple[int, ReachTable]

#: The directions of each piece, in groups, with how far it goes.
GROUPS = {
    PAWN: ((DIAGONAL,), 1),
    DRONE: ((ORTHOGONAL,), 2),
    QUEEN: (
        (((1, 0), (-1, 0)), ((0, 1), (0, -1)), ((1, 1), (-1, -1)), ((1, -1), (-1, 1))),
        8,
    ),
}


def _ray(layout: Layout, square: int, file_step: int, rank_step: int, reach: int) -> list[int]:
    """The squares of one ray from ``square``, nearest first."""
    rank, file = divmod(square, layout.width)
    squares = []
    for distance in range(1, reach + 1):
        f, r = file + distance * file_step, rank + distance * rank_step
        if not (0 <= f < layout.width and 0 <= r < layout.height):
            break
        squares.append(r * layout.width + f)
    return squares


def _ray_options(
    layout: Layout, piece: int, square: int, ray: list[int]
) -> list[tuple[list[int], tuple[Move, ...], tuple[Merge, ...]]]:
    """Each way a ray can stop: (the taken squares that make it stop so, its moves, its
    merge), by its nearest taken square (none, the first, the second ...), each as
    ``walk_path`` finds it."""
    options = []
    for nearest in (None, *range(len(ray))):
        board = [EMPTY] * layout.size
        board[square] = piece
        if nearest is None:
            taken = [0]
        else:
            board[ray[nearest]] = PAWN
            taken = [
                1 << ray[nearest] | beyond
                for beyond in subsets(sum(1 << t for t in ray[nearest + 1 :]))
            ]
        moves: list[Move] = []
        merges: list[Merge] = []
        for target in ray:
            lands = walk_path(layout, board, square, target)
            if lands == MERGE:
                merges.append((target, Move(square, target)))
            elif not isinstance(lands, Refusal):
                moves.append(Move(square, target))
        options.append((taken, tuple(moves), tuple(merges)))
    return options


def _group(layout: Layout, piece: int, square: int, rays: list[list[int]]) -> Group:
    """The group of these rays from ``square``: every way each of them can stop, combined."""
    combined: list[tuple[list[int], tuple[Move, ...], tuple[Merge, ...]]] = [([0], (), ())]
    for ray in rays:
        options = _ray_options(layout, piece, square, ray)
        combined = [
            (
                [key | more for key in keys for more in taken],
                moves + more_moves,
                merges + more_merges,
            )
            for keys, moves, merges in combined
            for taken, more_moves, more_merges in options
        ]
    table: ReachTable = {}
    for keys, moves, merges in combined:
        table.update(dict.fromkeys(keys, (moves, merges)))
    return sum(1 << target for ray in rays for target in ray), table


def _reach(layout: Layout) -> tuple[tuple[tuple[Group, ...], ...], ...]:
    """``reach[piece][square]``: the groups of that piece on that square (index 0, empty,
    has none)."""
    reach: list[tuple[tuple[Group, ...], ...]] = [()]
    for piece in (PAWN, DRONE, QUEEN):
        groups, distance = GROUPS[piece]
        per_square = []
        for square in range(layout.size):
            found = []
            for directions in groups:
                rays = [_ray(layout, square, df, dr, distance) for df, dr in directions]
                if any(rays):
                    found.append(_group(layout, piece, square, [ray for ray in rays if ray]))
            per_square.append(tuple(found))
        reach.append(tuple(per_square))
    return tuple(reach)


class _ReachByBoard(dict[int, tuple[tuple[tuple[Group, ...], ...], ...]]):
    """The groups of every piece on every square, by the number of squares of the board;
    each board's are made when first asked for (a session may never see the other board)."""

    def __missing__(self, size: int) -> tuple[tuple[tuple[Group, ...], ...], ...]:
        reach = self[size] = _reach(LAYOUTS[size])
        return reach


REACH = _ReachByBoard()


def _zone_parts(
    layout: Layout,
) -> tuple[tuple[tuple[int, int, tuple[tuple[int, ...], ...]], ...], ...]:
    """Per seat, its zone as parts of the bytes of a bitboard: ``(byte index, the zone's bits
    of that byte, the squares of each value of the byte)``."""
    parts = []
    for mask in layout.zone_masks:
        seat_parts = []
        for index in range(layout.size // 8):
            bits = mask >> 8 * index & 0xFF
            if bits:
                squares = tuple(
                    tuple(8 * index + bit for bit in range(8) if byte >> bit & 1)
                    for byte in range(256)
                )
                seat_parts.append((index, bits, squares))
        parts.append(tuple(seat_parts))
    return tuple(parts)


#: ``ZONE_PARTS[size][seat]``: where each zone lies in the bytes of a bitboard, so that the
#: pieces of a zone are found from ``occupied.to_bytes`` without looking at its empty squares.
ZONE_PARTS = {layout.size: _zone_parts(layout) for layout in (TWO_PLAYER, FOUR_PLAYER)}
