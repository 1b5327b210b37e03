"""Move notation: ``b2-c3``, capture ``b2xc3``, field promotion ``d3-d2=Q``, ``clock``, ``pass``.

Parsing is forgiving (any case, ``b2c3``, ``b2-c3`` or ``b2xc3``, the ``=Q`` optional) and
always checks the rules: a well-formed move that is not legal is refused with the reason.
"""

from __future__ import annotations

import re

from core.errors import IllegalMoveError, NotationError
from core.games.martian_chess.board import (
    DRONE,
    EMPTY,
    PIECE_LETTERS,
    PIECE_NAMES,
    QUEEN,
    layout_of,
)
from core.games.martian_chess.moves import CLOCK, PASS, Move
from core.games.martian_chess.rules import legal_moves
from core.games.martian_chess.state import CLOCK_OFF, State
from core.squares import parse_square, square_name

MOVE_PATTERN = re.compile(r"([a-z]\d+)\s*[-x:]?\s*([a-z]\d+)\s*(?:=?\s*([qd]))?")
ACTION_WORDS = {"clock": CLOCK, "pass": PASS}
EXAMPLES = "b2-c3, b2xc3, d3-d2=Q, clock or pass"

PIECE_RULES = (
    "",
    "a pawn moves one square diagonally",
    "a drone moves one or two squares along a rank or file",
    "a queen moves any distance along a rank, file or diagonal",
)


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
        if move not in legal_moves(state):
            raise IllegalMoveError(refusal(state, move))
        return move
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
        return f"{format_move(state, move)}: {_why_action_illegal(state, move)}"
    layout = layout_of(state.board)
    if not isinstance(move, Move) or not all(0 <= square < layout.size for square in move):
        return f"{move!r} is not a move on this board"
    shown = "-".join(square_name(square, layout.width) for square in move)
    return f"{shown}: {why_illegal(state, move.src, move.dst)}"


def _why_action_illegal(state: State, move: Move) -> str:
    if state.is_over:
        return "the game is over"
    if move == PASS:
        return "you may pass only when none of your pieces can move"
    if state.clock == CLOCK_OFF:
        return "the clock is switched off in this game"
    return "the clock has already been called in this game"


def why_illegal(state: State, src: int, dst: int) -> str:
    """The reason, in words, why moving from ``src`` to ``dst`` is not legal in ``state``."""
    layout = layout_of(state.board)
    board = state.board
    seat = state.to_move

    def name(square: int) -> str:
        return square_name(square, layout.width)

    piece, target = board[src], board[dst]
    if state.is_over:
        return "the game is over"
    if piece == EMPTY:
        return f"there is no piece on {name(src)}"
    if layout.zone_of[src] != seat:
        return f"the piece on {name(src)} is not in your zone"
    if src == dst:
        return "a piece must move to another square"
    path = layout.squares_between(piece, src, dst)
    if path is None:
        return PIECE_RULES[piece]
    blockers = [sq for sq in path if board[sq] != EMPTY]
    if blockers:
        return f"the {PIECE_NAMES[board[blockers[0]]]} on {name(blockers[0])} is in the way"
    if target != EMPTY and layout.zone_of[dst] == seat:
        if QUEEN in (piece, target) or piece == target == DRONE:
            return (
                f"{name(dst)} holds your own {PIECE_NAMES[target]}, "
                f"and a {PIECE_NAMES[piece]} cannot merge with it"
            )
        if piece + target == QUEEN:
            return "a drone and a pawn merge into a queen only while your zone has no queen"
        return "two pawns merge into a drone only while your zone has no drone"
    crossing = state.crossing
    if crossing is not None and (crossing.dst, crossing.src) == (src, dst):
        return f"that would reject {layout.seat_names[state.last_mover]}'s last move"
    return "that is not a legal move here"
