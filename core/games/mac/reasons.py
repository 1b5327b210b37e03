"""A whole turn as the rules read it: the move, or the first rule it breaks.

``walk_turn`` checks the turn (placing or moving, the token played first) and hands each
kind of move to its walker in ``walks``, the same walkers the move generator is made of;
``explain`` says in one sentence why a move that is not legal cannot be played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.games.mac.board import NEIGHBOURS, SIZE, name
from core.games.mac.moves import FLIP, PLACE, MacMove
from core.games.mac.pieces import (
    DOUBLE_STEP,
    FLIPPABLE,
    PEEK,
    PLUS_ONE,
    PUSH,
    TOKEN_LETTERS,
    TOKEN_NAMES,
    piece_label,
    printed,
)
from core.games.mac.state import DARK, MacState
from core.games.mac.tokens import token_effect, without
from core.games.mac.walks import (
    mover_refusal,
    placement_refusal,
    token_target_refusal,
    walk_cannon,
    walk_steps,
)
from core.games.refusal import Refusal


def explain(state: MacState, move: MacMove) -> str:
    """The reason ``move`` (not among the legal moves) cannot be played in ``state``."""
    walked = walk_turn(state, move)
    return walked.text if isinstance(walked, Refusal) else "that is not a legal move here"


def walk_turn(state: MacState, move: MacMove) -> MacMove | Refusal:
    """``move`` if the rules allow it in ``state``, else the first rule it breaks."""
    if state.result is not None:
        return Refusal("game-over", "the game is over")
    if state.to_place:
        if move.kind != PLACE:
            return Refusal(
                "placing", "the pieces are still being placed: place one of yours first (like 3@b2)"
            )
        seat = state.to_move
        counts = state.to_place[seat]
        return placement_refusal(seat, counts, state.board, move.item, move.path[0]) or move
    if move.kind == PLACE:
        return Refusal("battle", "pieces are placed only before the battle, and it has begun")
    seat = state.to_move
    colour = state.colour_of_seat[seat]
    board: Sequence[int] = state.board
    if move.token:
        refused = token_refusal(state, seat, colour, move)
        if refused:
            return refused
        after = list(board)
        token_effect(after, move.token, move.token_path)
        board = after
    if move.kind == FLIP:
        if state.mode != DARK:
            return Refusal("not-dark", "only Dark Chess has face-down pieces to flip")
        if not FLIPPABLE[board[move.path[0]]]:
            return Refusal(
                "nothing-to-flip", f"there is no face-down piece on {name(move.path[0])} to flip"
            )
        return move
    double = move.token == TOKEN_LETTERS[DOUBLE_STEP]
    return walk_piece_move(board, colour, state.portals, move.path, double) or move


#: For each token played on squares: a test of how many it names, and the rule in words.
_TOKEN_SHAPES: dict[int, tuple[Callable[[tuple[int, ...]], bool], str]] = {
    PLUS_ONE: (lambda squares: len(squares) == 1, "+1 names one square, like +1:b2;b2-b3"),
    PUSH: (
        lambda squares: len(squares) >= 2,
        "push names the piece and where it goes, like push:c5-c4",
    ),
    PEEK: (
        lambda squares: len(squares) == 2 and squares[0] <= squares[1],
        "peek names one or two squares, like peek:a1,b2",
    ),
}


def token_refusal(state: MacState, seat: int, colour: int, move: MacMove) -> Refusal | None:
    """Why ``seat`` (playing ``colour``) may not play the token of ``move`` on its squares:
    a token from the hand, on squares each token may be played on (``token_target_refusal``),
    a Push one step (``walk_steps``)."""
    token = TOKEN_LETTERS.index(move.token)
    if token not in state.hands[seat]:
        return Refusal("no-token", f"you hold no {TOKEN_NAMES[token]} token")
    if colour < 0:
        return Refusal("no-colour", "nobody has a colour yet: the first turn is a flip")
    board = state.board
    squares = move.token_path
    shape = _TOKEN_SHAPES.get(token)
    if shape and not (shape[0](squares) and all(0 <= square < SIZE for square in squares)):
        return Refusal("token-squares", shape[1])
    for square in squares[:1] if token == PUSH else squares:
        refused = token_target_refusal(token, board[square], colour, square)
        if refused:
            return refused
    if token == PUSH:
        code = board[squares[0]]
        return walk_steps(without(board, squares[0]), code, state.portals, squares, push=True)
    return None


def walk_piece_move(
    board: Sequence[int], colour: int, portals: tuple[int, ...], path: tuple[int, ...], double: bool
) -> Refusal | None:
    """Why ``colour`` may not move the piece on ``path[0]`` along ``path`` (two steps with
    Double Step): a cannon's jump if it goes straight to a square further than a step."""
    origin = path[0]
    code = board[origin]
    refused = mover_refusal(code, colour, origin)
    if refused:
        return refused
    if len(path) < 2:
        return Refusal("nowhere", "a move names the square the piece goes to")
    if not double and len(path) == 2 and path[1] not in NEIGHBOURS[origin]:
        if printed(code) != 0:
            return Refusal("not-a-step", f"{piece_label(code)} moves one square orthogonally")
        return walk_cannon(board, colour, origin, [], path[1])
    return walk_steps(without(board, origin), code, portals, path, double=double)
