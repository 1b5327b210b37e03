"""Move notation: ``a2-a4`` for a slide or a jump, ``c5-e7-e5-g5`` for a chain of jumps (the
start, then every square landed on), ``@c3`` for placing a pawn."""

from __future__ import annotations

import re

from core.errors import IllegalMoveError, NotationError
from core.games.macadam.board import HEIGHT, WIDTH, name
from core.games.macadam.moves import PawnMove, Placement, placement
from core.games.macadam.reasons import path_reason, placement_reason
from core.games.macadam.rules import legal_moves
from core.games.macadam.state import MacadamState
from core.squares import parse_square

_SQUARE = re.compile(r"[a-z]\d+")
_PATH = re.compile(r"[a-z]\d+(?:[-x:,/>\s]*[a-z]\d+)*")
_PLACEMENT = re.compile(r"p?\s*@\s*([a-z]\d+)")
_HELP = "write a slide or jump as a2-a4, a chain of jumps as c5-e7-e5, a placement as @c3"


def format_move(move: PawnMove | Placement) -> str:
    if isinstance(move, Placement):
        return f"@{name(move.square)}"
    return "-".join(name(square) for square in move.path)


def parse_move(state: MacadamState, text: str) -> PawnMove | Placement:
    """The legal move ``text`` names; forgiving about case and the separators between squares."""
    cleaned = text.strip().lower()
    placed = _PLACEMENT.fullmatch(cleaned)
    if placed:
        return _legal_placement(state, _square(placed.group(1)))
    if not _PATH.fullmatch(cleaned):
        raise NotationError(f"'{text.strip()}' is not a Macadam move ({_HELP})")
    squares = tuple(_square(token) for token in _SQUARE.findall(cleaned))
    if len(squares) == 1:
        if state.placing:
            return _legal_placement(state, squares[0])
        raise NotationError(
            f"'{cleaned}' names one square; a move names the pawn's square and every square "
            "it lands on, like a2-a4"
        )
    move = PawnMove(squares[0], squares[-1], squares[1:-1])
    if move in legal_moves(state):
        return move
    raise IllegalMoveError(path_reason(state, squares))


def _square(token: str) -> int:
    return parse_square(token, WIDTH, HEIGHT)


def _legal_placement(state: MacadamState, square: int) -> Placement:
    move = placement(square)
    if move in legal_moves(state):
        return move
    raise IllegalMoveError(placement_reason(state, square))
