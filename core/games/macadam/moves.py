"""Macadam's moves: a pawn going somewhere (slide or jumps), or a pawn placed from the hand."""

from __future__ import annotations

from typing import NamedTuple

from core.games.macadam.board import HEIGHT, WIDTH


class PawnMove(NamedTuple):
    """A slide or a jump, single or chained, of the pawn on ``start``.

    ``via`` lists the squares a chain of jumps lands on before ``end`` (empty for a slide
    and a single jump). A slide and a single jump between the same two squares are the
    same value: they can never both be legal, since one needs the square between empty
    and the other needs a pawn there.
    """

    start: int
    end: int
    via: tuple[int, ...] = ()

    @property
    def path(self) -> tuple[int, ...]:
        """The start square, then every square landed on."""
        return (self.start, *self.via, self.end)


class Placement(NamedTuple):
    """A pawn from the hand put on ``square`` (free placement)."""

    square: int


#: Any move of Macadam.
MacadamMove = PawnMove | Placement

_SIZE = WIDTH * HEIGHT
_STEPS = tuple(PawnMove(start, end) for start in range(_SIZE) for end in range(_SIZE))
_PLACEMENTS = tuple(Placement(square) for square in range(_SIZE))


def step_move(start: int, end: int) -> PawnMove:
    """The shared ``PawnMove(start, end)`` value (moves without a chain are made once)."""
    return _STEPS[start * _SIZE + end]


def placement(square: int) -> Placement:
    """The shared ``Placement(square)`` value."""
    return _PLACEMENTS[square]
