"""The moves the searches look at in MAC with power tokens: a representative set.

A token before every action multiplies a turn's moves (every +1 or push before every action,
every pair of peeked squares: hundreds, in Dark Chess thousands). The searches look at every
action without a token, and at the token moves that capture what no action without a token
could: a +1 that lets a piece beat a stronger one, a push that brings a piece into reach, a
Double Step that ends on a capture. Peek only informs, which a search over guessed positions
cannot value, so it is left out; so are tokens spent on a quiet move.

``kept_moves`` picks that set out of the legal moves; ``searched_moves`` builds the same set
straight from the rules' own move generators, without listing every legal move first. Who
may move, where a step may land and where a +1 goes are read from the tables the rules'
walkers make (``walks.MOVERS``, ``LANDS``, ``TOKEN_TARGETS``, ``portal_exits``), so no rule
is written here a second time. The one walk of its own, for a cannon beyond the pushed
piece in ``_captures_onto``, looks along the rays of the pushed piece's square rather than
asking ``walks.walk_cannon`` about each cannon: given a target, that walker follows every
ray of the cannon to its end and words a refusal when none reaches it, which makes the
captures after a push a quarter slower to find, for the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.mac.board import NEIGHBOURS, RAYS, SIZE, SQUARES
from core.games.mac.legal import legal_moves
from core.games.mac.movegen import STEP_TABLE, actions, portal_exits
from core.games.mac.moves import MOVE, MacMove, step, with_token
from core.games.mac.pieces import (
    BOOST,
    DOUBLE_STEP,
    EMPTY,
    FACE_UP_COLOUR,
    PEEK,
    PLUS_ONE,
    PORTAL,
    PUSH,
    STRENGTH_MASK,
    TOKEN_LETTERS,
)
from core.games.mac.state import MacState
from core.games.mac.tokens import double_steps, push_paths, token_effect
from core.games.mac.walks import LANDS, MOVERS, TOKEN_TARGETS

PLUS_LETTER, PUSH_LETTER, PEEK_LETTER = (TOKEN_LETTERS[t] for t in (PLUS_ONE, PUSH, PEEK))


def after_token(board: Sequence[int], move: MacMove) -> list[int]:
    """``board`` as ``move``'s token leaves it, before the move's action."""
    after = list(board)
    token_effect(after, move.token, move.token_path)
    return after


def _enemy_taken(board: Sequence[int], path: tuple[int, ...]) -> int:
    """The code of the enemy piece a move along ``path`` ends on, 0 when it takes nothing."""
    code, mover = board[path[-1]], FACE_UP_COLOUR[board[path[0]]]
    colour = FACE_UP_COLOUR[code]
    return code if colour >= 0 and colour != mover else 0


def _new_capture(
    board: Sequence[int], after: Sequence[int], move: MacMove, plain: set[MacMove]
) -> bool:
    """Whether ``move`` (its token played, leaving ``after``) captures what no action
    without a token could: not the same action taking the same piece. After a push, only
    the capture of the pushed piece counts (a push that opens a cannon's line is left out)."""
    if move.kind != MOVE:
        return False
    taken = _enemy_taken(after, move.path)
    if not taken:
        return False
    if move.token == PUSH_LETTER:
        return move.path[-1] == move.token_path[-1]
    alone = MacMove(move.kind, move.path)
    return alone not in plain or board[move.path[-1]] != taken


def kept_moves(state: MacState, moves: Sequence[MacMove]) -> Sequence[MacMove]:
    """The representative set out of ``moves``, the legal moves of ``state``."""
    if not state.tokens or state.to_place or not moves or not moves[-1].token:
        return moves  # token moves come last in the list: here there are none
    plain_list = [move for move in moves if not move.token]
    plain = set(plain_list)
    board = state.board
    kept = list(plain_list)
    for move in moves:
        if move.token and move.token != PEEK_LETTER:
            after = after_token(board, move) if move.token_path else board
            if _new_capture(board, after, move, plain):
                kept.append(move)
    return kept or list(moves)


def searched_moves(state: MacState) -> Sequence[MacMove]:
    """The same moves as ``kept_moves(state, legal_moves(state))``, built directly."""
    seat = state.to_move
    colour = state.colour_of_seat[seat]
    hand = state.hands[seat]
    if not state.tokens or state.to_place or state.result is not None or colour < 0 or not hand:
        return legal_moves(state)
    board, portals = state.board, state.portals
    plain_list = actions(board, colour, portals, state.mode)
    plain = set(plain_list)
    kept = list(plain_list)
    if PLUS_ONE in hand:
        kept += _boosted_captures(board, colour, portals, plain)
    if DOUBLE_STEP in hand:
        kept += [
            m for m in double_steps(board, colour, portals) if _new_capture(board, board, m, plain)
        ]
    if PUSH in hand:
        kept += _push_captures(board, colour, portals)
    return kept or legal_moves(state)


def _boosted_captures(
    board: Sequence[int], colour: int, portals: tuple[int, ...], plain: set[MacMove]
) -> list[MacMove]:
    """+1 on a piece, then a step (or a step through a portal) onto an enemy that only the
    stronger piece beats. A cannon's jump does not depend on strength: never new."""
    found: list[MacMove] = []
    boosted = TOKEN_TARGETS[PLUS_ONE][colour]
    exits = portal_exits(portals) if portals else {}
    for square in SQUARES:
        code = board[square]
        if not boosted[code]:
            continue
        weaker, stronger = LANDS[code], LANDS[code | BOOST]
        for target, action in STEP_TABLE[square]:
            there = board[target]
            if there == PORTAL:
                for exit_square, portal_move in exits[square * SIZE + target]:
                    beyond = board[exit_square]
                    if stronger[beyond] and not weaker[beyond]:
                        found.append(with_token(portal_move, PLUS_LETTER, (square,)))
            elif stronger[there] and not weaker[there]:
                found.append(with_token(action, PLUS_LETTER, (square,)))
    return found


def _push_captures(board: Sequence[int], colour: int, portals: tuple[int, ...]) -> list[MacMove]:
    """A push, then a capture of the pushed piece where it now stands: a step, a step through
    a portal or a cannon's jump onto it."""
    found: list[MacMove] = []
    controlled = MOVERS[colour]
    exits = portal_exits(portals) if portals else {}
    for path in push_paths(board, colour, portals):
        after = list(board)
        token_effect(after, PUSH_LETTER, path)
        dest = path[-1]
        pushed = after[dest]
        for action in _captures_onto(after, dest, pushed, controlled, portals, exits):
            found.append(with_token(action, PUSH_LETTER, path))
    return found


def _captures_onto(
    board: Sequence[int],
    dest: int,
    pushed: int,
    controlled: Sequence[bool],
    portals: tuple[int, ...],
    exits: dict[int, tuple[tuple[int, MacMove], ...]],
) -> list[MacMove]:
    """The actions of the ``controlled`` side that capture the piece ``pushed`` on ``dest``."""
    moves = []
    for origin in NEIGHBOURS[dest]:
        code = board[origin]
        if controlled[code] and LANDS[code][pushed]:
            moves.append(step(origin, dest))
    for portal in portals:
        for origin in NEIGHBOURS[portal]:
            code = board[origin]
            if controlled[code] and LANDS[code][pushed]:
                moves += [move for square, move in exits[origin * SIZE + portal] if square == dest]
    for ray in RAYS[dest]:  # a cannon beyond exactly one screen (see the module's docstring)
        screened = False
        for square in ray:
            code = board[square]
            if code == EMPTY:
                continue
            if screened:
                if controlled[code] and not code & STRENGTH_MASK:
                    moves.append(step(square, dest))
                break
            screened = True
    return moves
