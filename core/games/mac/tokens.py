"""Power tokens: what each one allows before the turn's action, and its effect.

Each token's effect gives a new board; the actions on that board are the actions the token
may be followed by. Double Step is itself the move: two steps of one piece.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from core.games.mac.board import NEIGHBOURS, SQUARES
from core.games.mac.movegen import Board, actions, other_portal
from core.games.mac.moves import MOVE, MacMove, with_token
from core.games.mac.pieces import (
    BOOST,
    CAPTURES,
    CONTROLLED_BY,
    DOUBLE_STEP,
    EMPTY,
    ENEMY_OF,
    FLIPPABLE,
    PEEK,
    PLUS_ONE,
    PORTAL,
    PUSH,
    TOKEN_LETTERS,
)
from core.games.mac.state import MacState

_NOTHING_CAPTURED = (False,) * 256


def steps_from(
    board: Board, origin: int, row: Sequence[bool], portals: tuple[int, ...]
) -> Iterator[tuple[tuple[int, ...], int, bool]]:
    """One orthogonal step from ``origin`` of a piece no longer on ``board``.

    ``row`` says what the piece may capture. Yields the squares after ``origin`` (the
    target, or the portal and the exit square), where the piece ends, and whether it
    captures there.
    """
    for target in NEIGHBOURS[origin]:
        there = board[target]
        if there == EMPTY or row[there]:
            yield (target,), target, there != EMPTY
        elif there == PORTAL:
            for exit_square in NEIGHBOURS[other_portal(portals, target)]:
                beyond = board[exit_square]
                if exit_square != origin and (beyond == EMPTY or row[beyond]):
                    yield (target, exit_square), exit_square, beyond != EMPTY


def without(board: Board, square: int) -> list[int]:
    lifted = list(board)
    lifted[square] = EMPTY
    return lifted


def double_steps(board: Board, colour: int, portals: tuple[int, ...]) -> list[MacMove]:
    """Double Step: two steps of one piece; a capture ends the turn, and the piece may not
    end where it started (that would be a pass)."""
    moves: list[MacMove] = []
    letter = TOKEN_LETTERS[DOUBLE_STEP]
    controlled = CONTROLLED_BY[colour]
    for origin in SQUARES:
        code = board[origin]
        if not controlled[code]:
            continue
        row = CAPTURES[code]
        lifted = without(board, origin)
        for first, middle, captured in steps_from(lifted, origin, row, portals):
            if captured:
                moves.append(MacMove(MOVE, (origin, *first), token=letter))
                continue
            for second, end, _ in steps_from(lifted, middle, row, portals):
                if end != origin:
                    moves.append(MacMove(MOVE, (origin, *first, *second), token=letter))
    return moves


def push_paths(board: Board, colour: int, portals: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Push: an enemy face-up piece one step onto an empty square, or into a portal and out
    onto an empty square of the pusher's choice; never a capture."""
    enemy = ENEMY_OF[colour]
    paths = []
    for origin in SQUARES:
        if enemy[board[origin]]:
            lifted = without(board, origin)
            for tail, _, _ in steps_from(lifted, origin, _NOTHING_CAPTURED, portals):
                paths.append((origin, *tail))
    return paths


def peek_choices(board: Board) -> list[tuple[int, int]]:
    """Peek: one or two face-down squares (one square is written twice)."""
    hidden = [square for square in SQUARES if FLIPPABLE[board[square]]]
    return [(a, b) for i, a in enumerate(hidden) for b in hidden[i:]]


def token_effect(board: list[int], token: str, token_path: tuple[int, ...]) -> None:
    """Change ``board`` in place as the token does before the turn's action."""
    if token == TOKEN_LETTERS[PLUS_ONE]:
        board[token_path[0]] |= BOOST
    elif token == TOKEN_LETTERS[PUSH]:
        board[token_path[-1]] = board[token_path[0]]
        board[token_path[0]] = EMPTY


def token_moves(state: MacState, seat: int, colour: int) -> list[MacMove]:
    """Every move that begins with a token from ``seat``'s hand."""
    board = state.board
    portals = state.portals
    mode = state.mode
    held = set(state.hands[seat])
    moves: list[MacMove] = []

    def followed_by(token: int, token_path: tuple[int, ...]) -> None:
        letter = TOKEN_LETTERS[token]
        after = list(board)
        token_effect(after, letter, token_path)
        for action in actions(after, colour, portals, mode):
            moves.append(with_token(action, letter, token_path))

    if PLUS_ONE in held:
        controlled = CONTROLLED_BY[colour]
        for square in SQUARES:
            code = board[square]
            if controlled[code] and not code & BOOST:
                followed_by(PLUS_ONE, (square,))
    if DOUBLE_STEP in held:
        moves.extend(double_steps(board, colour, portals))
    if PUSH in held:
        for path in push_paths(board, colour, portals):
            followed_by(PUSH, path)
    if PEEK in held:
        for pair in peek_choices(board):
            followed_by(PEEK, pair)
    return moves
