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


_SIZE = WIDTH * HEIGHT
_STEPS = tuple(PawnMove(start, end) for start in range(_SIZE) for end in range(_SIZE))
_PLACEMENTS = tuple(Placement(square) for square in range(_SIZE))


def step_move(start: int, end: int) -> PawnMove:
    """The shared ``PawnMove(start, end)`` value (moves without a chain are made once)."""
    return _STEPS[start * _SIZE + end]


def placement(square: int) -> Placement:
    """The shared ``Placement(square)`` value."""
    return _PLACEMENTS[square]


def path_code(squares: tuple[int, ...]) -> int:
    """A chain's squares (the start, then every square landed on) as one number: a byte a
    square, the start highest, under a leading 1 byte that keeps a start on a1 (square 0)."""
    return int.from_bytes(bytes((1, *squares)), "big")


class ChainMoves(dict[int, PawnMove]):
    """The moves of chains of three or more jumps, by ``path_code``, each made on first use.

    Making a ``PawnMove`` costs several times as much as looking one up, and a pawn's chains
    come back in position after position, so they are kept. The cache is emptied whenever
    it reaches ``CHAIN_CACHE_SIZE`` entries, so memory stays bounded however long a program
    runs (some 15 MB at most).
    """

    def __missing__(self, code: int) -> PawnMove:
        squares = code.to_bytes((code.bit_length() + 7) // 8, "big")
        move = _new_move(PawnMove, (squares[1], squares[-1], tuple(squares[2:-1])))
        if len(self) >= CHAIN_CACHE_SIZE:
            self.clear()
        self[code] = move
        return move


_new_move = tuple.__new__
#: Chain moves kept at most: a random game of a few hundred thousand moves meets fewer.
CHAIN_CACHE_SIZE = 1 << 16
#: Every chain move of three or more jumps handed out so far (see ``ChainMoves``).
CHAIN_MOVES = ChainMoves()
