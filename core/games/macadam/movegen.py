"""Every legal slide and jump from a bitboard position.

A slide runs orthogonally over empty squares of the mover's own half and never enters the
mover's own goal, so the slides of a pawn depend only on which squares of its rank and file
(within that room) are taken: they are looked up by that occupancy in a table filled as
positions are met (at most 2**10 entries a square). A jump goes over an adjacent pawn of
the mover to the empty square beyond, in any of the eight directions, never landing on a
square already landed on this turn (the start included) nor on the mover's own goal; the
directions open from a square are looked up by which neighbours hold the mover's pawns (at
most 2**8 entries). Chains are followed depth first, every prefix being a move of its own.
"""

from __future__ import annotations

from core.games.macadam.board import EIGHT_WAYS, GOAL, HALF, NORTH, ORTHOGONAL, SOUTH, mask, step
from core.games.macadam.moves import PawnMove, step_move

#: A jump from a square: ``(landing square, its bit, the single jump as a move, the bit of
#: the square jumped over)``.
JumpStep = tuple[int, int, PawnMove, int]

#: Squares a seat may slide on or through: its own half minus its own goal.
SLIDE_ROOM = (HALF[SOUTH] & ~GOAL[SOUTH], HALF[NORTH] & ~GOAL[NORTH])
_FULL = (1 << 64) - 1
_NOT_FILE_A = ~mask(range(0, 64, 8)) & _FULL
_NOT_FILE_H = ~mask(range(7, 64, 8)) & _FULL
_new_pawn_move = tuple.__new__


def _ray(seat: int, square: int, file_step: int, rank_step: int) -> list[int]:
    """The squares a slide from ``square`` could reach one way, nearest first."""
    squares = []
    target = step(square, file_step, rank_step)
    while target is not None and SLIDE_ROOM[seat] >> target & 1:
        squares.append(target)
        target = step(target, file_step, rank_step)
    return squares


class SlideTable(dict[int, tuple[PawnMove, ...]]):
    """The slides from one square, keyed by the taken squares of its rank and file."""

    def __init__(self, seat: int, square: int) -> None:
        super().__init__()
        self.square = square
        self.rays = [_ray(seat, square, df, dr) for df, dr in ORTHOGONAL]
        self.cross = mask(target for ray in self.rays for target in ray)

    def __missing__(self, taken: int) -> tuple[PawnMove, ...]:
        moves = []
        for ray in self.rays:
            for target in ray:
                if taken >> target & 1:
                    break
                moves.append(step_move(self.square, target))
        found = self[taken] = tuple(moves)
        return found


class JumpTable(dict[int, tuple[JumpStep, ...]]):
    """The jumps a square offers, keyed by which of its neighbours hold the mover's pawns.

    Each value lists the landing squares beyond those neighbours (on the board and off the
    mover's own goal); whether a landing square is free is checked by the caller.
    """

    def __init__(self, seat: int, square: int) -> None:
        super().__init__()
        self.steps: list[tuple[int, JumpStep]] = []
        for file_step, rank_step in EIGHT_WAYS:
            over = step(square, file_step, rank_step)
            land = step(square, 2 * file_step, 2 * rank_step)
            if over is None or land is None or (GOAL[seat] >> over | GOAL[seat] >> land) & 1:
                continue
            self.steps.append((1 << over, (land, 1 << land, step_move(square, land), 1 << over)))
        self.neighbours = mask(over.bit_length() - 1 for over, _ in self.steps)

    def __missing__(self, friends: int) -> tuple[JumpStep, ...]:
        found = self[friends] = tuple(jump for over, jump in self.steps if friends & over)
        return found


SLIDES = tuple(tuple(SlideTable(seat, square) for square in range(64)) for seat in (0, 1))
JUMPS = tuple(tuple(JumpTable(seat, square) for square in range(64)) for seat in (0, 1))
_NEIGHBOURS = tuple(tuple(table.neighbours for table in tables) for tables in JUMPS)
#: Per seat, by a pawn's bit: its square, its slide cross, its slide table, its neighbours.
_BY_BIT = tuple(
    {
        1 << square: (
            square,
            SLIDES[seat][square].cross,
            SLIDES[seat][square],
            _NEIGHBOURS[seat][square],
        )
        for square in range(64)
    }
    for seat in (0, 1)
)


def pawn_moves(own: int, other: int, seat: int) -> list[PawnMove]:
    """Every slide and jump of ``seat``, whose pawns are ``own``, against ``other``."""
    occupied = own | other
    jumps, neighbours, by_bit = JUMPS[seat], _NEIGHBOURS[seat], _BY_BIT[seat]
    home = HALF[seat]
    moves: list[PawnMove] = []
    pawns = own
    while pawns:
        low = pawns & -pawns
        pawns ^= low
        start, cross, slides, near = by_bit[low]
        if home & low:
            moves += slides[occupied & cross]
        friends = own & near
        if friends:
            onward = jumps[start][friends]
            _add_jumps(moves, start, onward, occupied, (), own ^ low, jumps, neighbours)
    return moves


def pawn_moves_from(start: int, own: int, other: int, seat: int) -> list[PawnMove]:
    """The slides and jumps of the one pawn on ``start``."""
    low = 1 << start
    occupied = own | other
    jumps, neighbours = JUMPS[seat], _NEIGHBOURS[seat]
    _, cross, slides, near = _BY_BIT[seat][low]
    moves = list(slides[occupied & cross]) if HALF[seat] & low else []
    onward = jumps[start][own & near]
    _add_jumps(moves, start, onward, occupied, (), own ^ low, jumps, neighbours)
    return moves


def _add_jumps(
    moves: list[PawnMove],
    start: int,
    onward: tuple[JumpStep, ...],
    landed: int,
    via: tuple[int, ...],
    rest: int,
    jumps: tuple[JumpTable, ...],
    neighbours: tuple[int, ...],
) -> None:
    """Add the jumps by ``onward`` from the pawn's square (the last of ``via``, or ``start``)
    and every chain going on from them. ``rest`` holds the mover's other pawns, ``landed``
    every pawn and every square landed on so far."""
    for land, land_bit, single, over_bit in onward:
        if not landed & land_bit:
            moves.append(_new_pawn_move(PawnMove, (start, land, via)) if via else single)
            # From ``land`` the pawn just jumped over could only be jumped straight back,
            # onto a square already landed on: leave it out of the look-up.
            further = jumps[land][(rest ^ over_bit) & neighbours[land]]
            if further:
                deeper = (*via, land)
                _add_jumps(
                    moves, start, further, landed | land_bit, deeper, rest, jumps, neighbours
                )


def has_pawn_move(own: int, other: int, seat: int) -> bool:
    """Whether ``seat`` has any slide or jump, answered without listing them."""
    occupied = own | other
    room = SLIDE_ROOM[seat] & ~occupied
    home = own & HALF[seat]
    if (home << 8 | home >> 8) & room or (
        (home & _NOT_FILE_H) << 1 | (home & _NOT_FILE_A) >> 1
    ) & room:
        return True
    jumps, by_bit = JUMPS[seat], _BY_BIT[seat]
    pawns = own
    while pawns:
        low = pawns & -pawns
        pawns ^= low
        start, _, _, near = by_bit[low]
        for _, land_bit, _, _ in jumps[start][own & near]:
            if not occupied & land_bit:
                return True
    return False
