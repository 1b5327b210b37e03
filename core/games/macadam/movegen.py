"""Every legal slide and jump from a bitboard position.

A slide runs orthogonally over empty squares of the mover's own half and never enters the
mover's own goal, so the slides of a pawn depend only on which squares of its rank and file
(within that room) are taken: they are looked up by that occupancy. A jump goes over an
adjacent pawn of the mover to the empty square beyond, in any of the eight directions, never
landing on a square already landed on this turn (the start included) nor on the mover's own
goal; the jumps open from a square are looked up by which neighbours hold the mover's pawns.
Chains are followed depth first, every prefix being a move of its own.

The tables are filled in full at import (some 44,000 slide entries and 9,000 jump
entries) and are plain dicts, which Python indexes fastest. Everything a pawn needs is
reached without arithmetic on its square: the pawns of a seat are walked a rank at a time,
each rank's byte of the bitboard naming a ready tuple of its pawns with their tables, and
each jump carries the table of the square it lands on, so a chain goes on from there with
one look-up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from core.games.macadam.board import EIGHT_WAYS, GOAL, HALF, NORTH, ORTHOGONAL, SOUTH, mask, step
from core.games.macadam.moves import PawnMove, step_move

#: Squares a seat may slide on or through: its own half minus its own goal.
SLIDE_ROOM = (HALF[SOUTH] & ~GOAL[SOUTH], HALF[NORTH] & ~GOAL[NORTH])
_FULL = (1 << 64) - 1
_NOT_FILE_A = ~mask(range(0, 64, 8)) & _FULL
_NOT_FILE_H = ~mask(range(7, 64, 8)) & _FULL
_new_pawn_move = tuple.__new__
T = TypeVar("T")

#: The slides from a square, keyed by which squares of its slide cross are taken.
SlideTable = dict[int, tuple[PawnMove, ...]]
#: A jump from a square: ``(landing square, its bit, the single jump as a move, the jump
#: table of the landing square, the neighbours to look at there)``. The last leaves out the
#: pawn just jumped over: from the landing square it could only be jumped straight back,
#: onto a square already landed on.
JumpStep = tuple[int, int, PawnMove, "JumpTable", int]
#: The jumps from a square, keyed by which of its neighbours hold the mover's pawns: those
#: landing on the board and off the mover's own goal (whether the landing square is free is
#: for the caller to check).
JumpTable = dict[int, tuple[JumpStep, ...]]


def _subsets(bits: int) -> Iterator[int]:
    """Every subset of the bitboard ``bits``, the empty one first."""
    subset = 0
    while True:
        yield subset
        subset = (subset - bits) & bits
        if not subset:
            return


def _ray(seat: int, square: int, file_step: int, rank_step: int) -> list[int]:
    """The squares a slide from ``square`` could reach one way, nearest first."""
    squares = []
    target = step(square, file_step, rank_step)
    while target is not None and SLIDE_ROOM[seat] >> target & 1:
        squares.append(target)
        target = step(target, file_step, rank_step)
    return squares


def _table(parts: list[list[tuple[list[int], tuple[T, ...]]]]) -> dict[int, tuple[T, ...]]:
    """A look-up table built from independent parts of its key.

    Each part lists its alternatives as (the keys that choose it, its values); the parts'
    keys are disjoint bitboards. The table maps every union of one key from each part to
    the values of the chosen alternatives, one after the other.
    """
    combined: list[tuple[list[int], tuple[T, ...]]] = [([0], ())]
    for part in parts:
        combined = [
            ([key | more for key in keys for more in extra], found + values)
            for keys, found in combined
            for extra, values in part
        ]
    table: dict[int, tuple[T, ...]] = {}
    for keys, values in combined:
        table.update(dict.fromkeys(keys, values))
    return table


def _slides(seat: int, square: int) -> tuple[int, SlideTable]:
    """The slide cross of a pawn of ``seat`` on ``square`` and its slide table."""
    rays = [_ray(seat, square, file_step, rank_step) for file_step, rank_step in ORTHOGONAL]
    parts = []
    for ray in rays:
        slides = tuple(step_move(square, target) for target in ray)
        # The slides of a ray end before its nearest taken square, whatever lies beyond.
        part = [([0], slides)]
        for nearest, target in enumerate(ray):
            beyond = mask(ray[nearest + 1 :])
            part.append(([1 << target | taken for taken in _subsets(beyond)], slides[:nearest]))
        parts.append(part)
    return mask(target for ray in rays for target in ray), _table(parts)


def _jump_tables(seat: int) -> tuple[tuple[JumpTable, ...], tuple[int, ...]]:
    """Per square, the jump table of ``seat`` and the neighbours that can be jumped over."""
    lines = []  # per square: (square jumped over, landing square) of each open direction
    for square in range(64):
        open_lines = []
        for file_step, rank_step in EIGHT_WAYS:
            over = step(square, file_step, rank_step)
            land = step(square, 2 * file_step, 2 * rank_step)
            if over is None or land is None or (GOAL[seat] >> over | GOAL[seat] >> land) & 1:
                continue
            open_lines.append((over, land))
        lines.append(open_lines)
    neighbours = tuple(mask(over for over, _ in open_lines) for open_lines in lines)
    tables: tuple[JumpTable, ...] = tuple({} for _ in range(64))
    for square, open_lines in enumerate(lines):
        table = tables[square]
        table[0] = ()
        for over, land in open_lines:
            onward_near = neighbours[land] & ~(1 << over)
            jump = (land, 1 << land, step_move(square, land), tables[land], onward_near)
            # Every key so far, with and without this neighbour among the mover's pawns.
            table |= {friends | 1 << over: (*found, jump) for friends, found in table.items()}
    return tables, neighbours


#: A pawn of a seat on a square: ``(square, its bit, its slide cross (0 off the seat's own
#: half, where a pawn cannot slide), its slide table, its neighbours, its jump table)``.
PawnSquare = tuple[int, int, int, SlideTable, int, JumpTable]


def _pawn_squares(seat: int) -> tuple[PawnSquare, ...]:
    jumps, neighbours = _jump_tables(seat)
    pawn_squares = []
    for square in range(64):
        cross, slides = _slides(seat, square) if HALF[seat] >> square & 1 else (0, {})
        pawn_squares.append((square, 1 << square, cross, slides, neighbours[square], jumps[square]))
    return tuple(pawn_squares)


PAWN_SQUARES = (_pawn_squares(SOUTH), _pawn_squares(NORTH))

#: ``RANKS[seat][rank][byte]``: the pawns of ``seat`` on ``rank`` whose files are the set
#: bits of ``byte``, a-file first.
RANKS = tuple(
    tuple(
        tuple(
            tuple(PAWN_SQUARES[seat][rank * 8 + file] for file in range(8) if byte >> file & 1)
            for byte in range(256)
        )
        for rank in range(8)
    )
    for seat in (SOUTH, NORTH)
)


def pawn_moves(own: int, other: int, seat: int) -> list[PawnMove]:
    """Every slide and jump of ``seat``, whose pawns are ``own``, against ``other``."""
    occupied = own | other
    moves: list[PawnMove] = []
    append = moves.append
    for rank, byte in zip(RANKS[seat], own.to_bytes(8, "little"), strict=False):
        if not byte:
            continue
        for start, bit, cross, slides, near, jumps in rank[byte]:
            if cross:
                moves += slides[occupied & cross]
            friends = own & near
            if not friends:
                continue
            for land, land_bit, single, onward, onward_near in jumps[friends]:
                if not occupied & land_bit:
                    append(single)
                    # The pawn's own start is two squares from ``land``, not a neighbour,
                    # so ``own`` serves here for the other pawns.
                    further = onward[own & onward_near]
                    if further:
                        landed = occupied | land_bit
                        _add_chains(append, start, (land,), landed, own ^ bit, further)
    return moves


def _add_chains(
    append: Callable[[PawnMove], None],
    start: int,
    via: tuple[int, ...],
    landed: int,
    rest: int,
    onward: tuple[JumpStep, ...],
) -> None:
    """Add the jumps by ``onward`` from the last square of ``via``, each a move landing on
    ``via`` on the way, and every chain going on from them. ``rest`` holds the mover's
    other pawns, ``landed`` every pawn and every square landed on so far."""
    for land, land_bit, _, table, near in onward:
        if not landed & land_bit:
            append(_new_pawn_move(PawnMove, (start, land, via)))
            further = table[rest & near]
            if further:
                _add_chains(append, start, (*via, land), landed | land_bit, rest, further)


def pawn_moves_from(start: int, own: int, other: int, seat: int) -> list[PawnMove]:
    """The slides and jumps of the one pawn on ``start``."""
    return [move for move in pawn_moves(own, other, seat) if move.start == start]


def has_pawn_move(own: int, other: int, seat: int) -> bool:
    """Whether ``seat`` has any slide or jump, answered without listing them."""
    occupied = own | other
    room = SLIDE_ROOM[seat] & ~occupied
    home = own & HALF[seat]
    if (home << 8 | home >> 8) & room or (
        (home & _NOT_FILE_H) << 1 | (home & _NOT_FILE_A) >> 1
    ) & room:
        return True
    for rank, byte in zip(RANKS[seat], own.to_bytes(8, "little"), strict=False):
        for _, _, _, _, near, jumps in rank[byte]:
            for _, land_bit, _, _, _ in jumps[own & near]:
                if not occupied & land_bit:
                    return True
    return False
