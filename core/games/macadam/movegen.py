"""Every legal slide and jump of a seat: from C where it was built, else from Python.

``pawn_moves(own, other, seat)`` lists the moves of ``seat``, whose pawns are ``own``,
against the pawns ``other``: the pawns in square order (a1, b1 ... h8), and for each its
slides ray by ray (``ORTHOGONAL`` order, nearest square first), then its jumps depth first
(``EIGHT_WAYS`` order), every jump a move of its own before the chains that go on from it.

There are two generators that give exactly that list. ``python_movegen.python_pawn_moves``
is the reference, written for CPython's speed. ``_movegen.c`` walks the same slide rays and
jump lines (``lines``), handed to it at import; a ply of a random game (listing the moves
and making one) costs some 29,000 machine instructions with it against 60,000 with the
Python one. It is built when the package is installed, wherever a C compiler is found (the
build is optional). ``ACCELERATED`` says which one ``pawn_moves`` is.
"""

from __future__ import annotations

from collections.abc import Callable

from core.games.macadam.board import NORTH, SOUTH, squares_of
from core.games.macadam.lines import JUMP_LINES, slide_rays
from core.games.macadam.moves import PawnMove, step_move

__all__ = ["ACCELERATED", "has_jump", "pawn_moves", "pawn_moves_from"]

Generator = Callable[[int, int, int], list[PawnMove]]


def _c_generator() -> Generator | None:
    """The C module's ``pawn_moves``, handed the tables it walks, or ``None`` where the
    package was installed without it."""
    try:
        from core.games.macadam import _movegen
    except ImportError:
        return None
    seats = (SOUTH, NORTH)
    rays = [[slide_rays(seat, square) for square in range(64)] for seat in seats]
    steps = tuple(step_move(start, end) for start in range(64) for end in range(64))
    _movegen.configure(PawnMove, steps, rays, JUMP_LINES)
    return _movegen.pawn_moves


def _python_generator() -> Generator:
    from core.games.macadam.python_movegen import python_pawn_moves

    return python_pawn_moves


_c_pawn_moves = _c_generator()
#: Whether ``pawn_moves`` is the C generator's.
ACCELERATED = _c_pawn_moves is not None
pawn_moves: Generator = _c_pawn_moves or _python_generator()


def pawn_moves_from(start: int, own: int, other: int, seat: int) -> list[PawnMove]:
    """The slides and jumps of the one pawn on ``start``."""
    return [move for move in pawn_moves(own, other, seat) if move.start == start]


def has_jump(own: int, occupied: int, seat: int) -> bool:
    """Whether ``seat``, whose pawns are ``own``, has any jump, answered without listing them:
    a pawn of its own beside one of its pawns with a free square beyond."""
    lines = JUMP_LINES[seat]
    for square in squares_of(own):
        for over, land in lines[square]:
            if own >> over & 1 and not occupied >> land & 1:
                return True
    return False
