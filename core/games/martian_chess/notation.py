"""Move notation: ``b2-c3``, capture ``b2xc3``, field promotion ``d3-d2=Q``, ``clock``, ``pass``.

Parsing is forgiving (any case, ``b2c3``, ``b2-c3`` or ``b2xc3``, the ``=Q`` optional) and
always checks the rules: a well-formed move that is not legal is refused with the reason.
"""

from __future__ import annotations

import re

from core.errors import IllegalMoveError, NotationError
from core.games.martian_chess.board import (
    EMPTY,
    PIECE_LETTERS,
    PIECE_NAMES,
    QUEEN,
    layout_of,
)
from core.games.martian_chess.moves import CLOCK, PASS, Move
from core.games.martian_chess.rules import legal_moves
from core.games.martian_chess.state import State
from core.games.martian_chess.walks import walk_action, walk_move
from core.games.refusal import Refusal
from core.squares import parse_square, square_name

MOVE_PATTERN = re.compile(r"([a-z]\d+)\s*[-x:]?\s*([a-z]\d+)\s*(?:=?\s*([qd]))?")
ACTION_WORDS = {"clock": CLOCK, "pass": PASS}
EXAMPLES = "b2-c3, b2xc3, d3-d2=Q, clock or pass"


def format_move(state: State, move: Move) -> str:
    if move == CLOCK:
        return "clock"
    if move == PASS:
        return "pass"
    layout = layout_of(state.board)
    src, dst = move
    target = state.board[dst]
    text = f"{square_name(src, layout.width)}-{square_name(dst, layout.width)}"
    if target == EMPTY:
        return text
    if layout.zone_of[dst] != state.to_move:
        return text.replace("-", "x")
    merged = state.board[src] + target
    return f"{text}={PIECE_LETTERS[merged]}" if merged <= QUEEN else text


def parse_move(state: State, text: str) -> Move:
    word = text.strip().lower()
    if word in ACTION_WORDS:
        move = ACTION_WORDS[word]
        walked = walk_action(state, move, pieces_can_move(state))
        if isinstance(walked, Refusal):
            raise IllegalMoveError(f"{word}: {walked.text}")
        return walked
    match = MOVE_PATTERN.fullmatch(word)
    if match is None:
        raise NotationError(f"'{text.strip()}' is not a Martian Chess move (try {EXAMPLES})")
    layout = layout_of(state.board)
    src = parse_square(match[1], layout.width, layout.height)
    dst = parse_square(match[2], layout.width, layout.height)
    move = Move(src, dst)
    shown = f"{match[1]}-{match[2]}"
    if move not in legal_moves(state):
        raise IllegalMoveError(refusal(state, move))
    promotion = match[3]
    if promotion:
        made = format_move(state, move).partition("=")[2].lower()
        if not made:
            raise IllegalMoveError(f"{shown}={promotion.upper()}: only a merge makes a new piece")
        if made != promotion:
            name = PIECE_NAMES[PIECE_LETTERS.index(made.upper())]
            raise IllegalMoveError(f"{shown}={promotion.upper()}: these pieces merge into a {name}")
    return move


def refusal(state: State, move: Move) -> str:
    """Why ``move`` (assumed not legal in ``state``) is refused: ``"b2-b4: a pawn ..."``."""
    if move in ACTION_WORDS.values():
        walked = walk_action(state, move, pieces_can_move(state))
        reason = walked.text if isinstance(walked, Refusal) else "that is not a legal move here"
        return f"{format_move(state, move)}: {reason}"
    layout = layout_of(state.board)
    if not isinstance(move, Move) or not all(0 <= square < layout.size for square in move):
        return f"{move!r} is not a move on this board"
    shown = "-".join(square_name(square, layout.width) for square in move)
    return f"{shown}: {why_illegal(state, move.src, move.dst)}"


def pieces_can_move(state: State) -> bool:
    """Whether one of the mover's pieces has a legal move (else the mover may pass)."""
    return any(not move.is_action for move in legal_moves(state))


def why_illegal(state: State, src: int, dst: int) -> str:
    """The reason, in words, why moving from ``src`` to ``dst`` is not legal in ``state``."""
    walked = walk_move(state, src, dst)
    return walked.text if isinstance(walked, Refusal) else "that is not a legal move here"
