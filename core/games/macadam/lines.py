"""The lines a pawn moves along: its slide rays and its jump lines, per seat.

Both move generators (``movegen``), and the quick test of whether a player can move at all
(``rules``), are built from these and from nothing else about the board; these are made by
asking the walkers (``walks``), which also explain a refused move, so the rules of where a
pawn may go are written once, there.
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from core.games.macadam.board import EIGHT_WAYS, NORTH, ORTHOGONAL, SOUTH, mask, step
from core.games.macadam.walks import walk_jump, walk_slide
from core.games.refusal import Refusal


def slide_ray(seat: int, square: int, file_step: int, rank_step: int) -> list[int]:
    """The squares a slide of ``seat`` from ``square`` could reach one way, nearest first,
    as far as ``walk_slide`` lets it go on an empty board (whether they are free is for the
    caller to check)."""
    squares = []
    target = step(square, file_step, rank_step)
    while target is not None and not isinstance(
        walk_slide(seat, 1 << square, 0, square, target), Refusal
    ):
        squares.append(target)
        target = step(target, file_step, rank_step)
    return squares


def slide_rays(seat: int, square: int) -> list[list[int]]:
    """The four slide rays of a pawn of ``seat`` on ``square``, in ``ORTHOGONAL`` order:
    empty off the seat's own half, where a pawn cannot slide."""
    return [slide_ray(seat, square, file_step, rank_step) for file_step, rank_step in ORTHOGONAL]


def first_slides(seat: int, square: int) -> int:
    """The squares a pawn of ``seat`` on ``square`` may slide to one square away on an empty
    board (the first square of each of its slide rays), as a bitboard."""
    return mask(ray[0] for ray in slide_rays(seat, square) if ray)


#: ``FIRST_SLIDES[seat][square]``: ``first_slides(seat, square)`` made once.
FIRST_SLIDES = tuple(
    tuple(first_slides(seat, square) for square in range(64)) for seat in (SOUTH, NORTH)
)
#: ``SLIDE_HOME[seat]``: the squares a pawn of ``seat`` may slide from (its own half).
SLIDE_HOME = tuple(
    mask(square for square in range(64) if FIRST_SLIDES[seat][square]) for seat in (SOUTH, NORTH)
)
#: ``SLIDE_ROOM[seat]``: the squares a slide of ``seat`` may reach from a square next to
#: them (its own half outside its own goal).
SLIDE_ROOM = tuple(reduce(or_, FIRST_SLIDES[seat]) for seat in (SOUTH, NORTH))


def jump_lines(seat: int) -> list[list[tuple[int, int]]]:
    """Per square, ``(square jumped over, landing square)`` of each way a pawn of ``seat``
    could jump from it, in ``EIGHT_WAYS`` order: those ``walk_jump`` allows with a pawn of
    the seat to jump over and nothing else on the board (on the board, and neither over nor
    onto its own goal; whether there is a pawn of the mover to jump over, and whether the
    landing square is free, is for the caller to check)."""
    lines = []
    for square in range(64):
        open_lines = []
        for file_step, rank_step in EIGHT_WAYS:
            over = step(square, file_step, rank_step)
            land = step(square, 2 * file_step, 2 * rank_step)
            if over is None or land is None:
                continue
            if walk_jump(seat, 1 << over, 0, 1 << square, square, land, False) is None:
                open_lines.append((over, land))
        lines.append(open_lines)
    return lines


#: ``JUMP_LINES[seat][square]``: ``jump_lines(seat)`` made once.
JUMP_LINES = (jump_lines(SOUTH), jump_lines(NORTH))
