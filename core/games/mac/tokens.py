"""Power tokens: what each one allows before the turn's action, and its effect.

Each token's effect gives a new board; the actions on that board are the actions the token
may be followed by. Double Step is itself the move: two steps of one piece.

Where a token may be played is ``walks.token_target_refusal``'s to say, and where a Double
Step or a Push may go ``walks.walk_steps``'s: the paths below are those ``walk_steps``
allows on a board holding only the portals, and on a real board each is kept if its
squares hold what ``walk_steps`` lets a step end on (the ``LANDS`` and ``PUSH_LANDS``
tables, made by ``landing_refusal``); a step's path depends on nothing else on the board.
The paths that enter no portal are asked about once, on a board without portals (on a real
board, one of them that runs onto a portal is dropped, as nothing may land on a portal);
those that enter one are asked about for each pair of portals.
"""

from __future__ import annotations

from functools import lru_cache

from core.games.mac.board import NEIGHBOURS, SIZE, SQUARES
from core.games.mac.movegen import Board, actions, portal_exits
from core.games.mac.moves import MOVE, MacMove, with_token
from core.games.mac.pieces import (
    BLUE,
    BOOST,
    DOUBLE_STEP,
    EMPTY,
    PEEK,
    PLUS_ONE,
    PORTAL,
    PUSH,
    RED,
    TOKEN_LETTERS,
    piece,
)
from core.games.mac.state import MacState
from core.games.mac.walks import LANDS, MOVERS, PUSH_LANDS, TOKEN_TARGETS, walk_steps

#: A piece to ask ``walk_steps`` about, and one it captures: the paths do not depend on them.
_WALKER, _VICTIM = piece(5, RED), piece(3, BLUE)

#: One step of a path: the squares after its start (the target, or the portal and the exit
#: square) and the square it ends on.
Step = tuple[tuple[int, ...], int]
#: A first step of a Double Step: ``(where it ends, the Double Step that captures there or
#: ``None``, the second steps after it: each ``(where it ends, the Double Step)``)``.
DoubleStep = tuple[int, MacMove | None, tuple[tuple[int, MacMove], ...]]
#: ``[origin]``: a Push of a piece on ``origin``, as ``(where it ends, the path)``.
PushTable = tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]


def _portal_board(portals: tuple[int, ...]) -> list[int]:
    board = [EMPTY] * SIZE
    for portal in portals:
        board[portal] = PORTAL
    return board


def _walks(
    board: list[int], portals: tuple[int, ...], path: tuple[int, ...], *, double: bool = False
) -> bool:
    """Whether ``walk_steps`` lets a piece go along ``path`` on ``board``, which holds only
    the ``portals``: a Push, or a Double Step."""
    return walk_steps(board, _WALKER, portals, path, double=double, push=not double) is None


def _captures(board: list[int], portals: tuple[int, ...], path: tuple[int, ...]) -> bool:
    """Whether ``walk_steps`` lets a Double Step along ``path`` end on a piece it beats."""
    board[path[-1]] = _VICTIM
    walked = _walks(board, portals, path, double=True)
    board[path[-1]] = EMPTY
    return walked


def _steps(origin: int, portals: tuple[int, ...], into_portals: bool = False) -> list[Step]:
    """Every step from ``origin`` a piece might take: to a neighbour (what stands there
    unasked), or into a neighbouring portal and out of the other one (``portal_exits``);
    given ``into_portals``, only the latter."""
    steps: list[Step] = []
    for target in NEIGHBOURS[origin]:
        if target in portals:
            exits = portal_exits(portals)[origin * SIZE + target]
            steps += [((target, land), land) for land, _ in exits]
        elif not into_portals:
            steps.append(((target,), target))
    return steps


def _double_step_table(portals: tuple[int, ...]) -> tuple[tuple[DoubleStep, ...], ...]:
    """``[origin]``: the Double Steps from ``origin`` that ``walk_steps`` allows: with no
    portals, all of them; with ``portals``, those that enter one of them (none from a
    portal, where no piece stands). A one-step Double Step is listed as a capture."""
    letter = TOKEN_LETTERS[DOUBLE_STEP]
    board = _portal_board(portals)
    table = []
    for origin in SQUARES:
        firsts: list[DoubleStep] = []
        for first, middle in _steps(origin, portals) if origin not in portals else ():
            entered = len(first) == 2 or not portals
            path = (origin, *first)
            capture = None
            if entered and _captures(board, portals, path):
                capture = MacMove(MOVE, path, token=letter)
            seconds = tuple(
                (end, MacMove(MOVE, (*path, *second), token=letter))
                for second, end in _steps(middle, portals, not entered)
                if _walks(board, portals, (*path, *second), double=True)
            )
            if capture or seconds:
                firsts.append((middle, capture, seconds))
        table.append(tuple(firsts))
    return tuple(table)


def _push_table(portals: tuple[int, ...]) -> PushTable:
    """``[origin]``: each Push of a piece on ``origin`` that ``walk_steps`` allows: with no
    portals, all of them; with ``portals``, those into one of them."""
    board = _portal_board(portals)
    return tuple(
        tuple(
            (end, (origin, *tail))
            for tail, end in _steps(origin, portals, bool(portals))
            if _walks(board, portals, (origin, *tail))
        )
        for origin in SQUARES
    )


#: The Double Steps and Pushes that enter no portal.
PORTAL_FREE_DOUBLE_STEPS = _double_step_table(())
PORTAL_FREE_PUSHES = _push_table(())


@lru_cache(maxsize=256)
def portal_double_steps(portals: tuple[int, ...]) -> tuple[tuple[DoubleStep, ...], ...]:
    """``[origin]``: the Double Steps that enter one of the portals ``portals``."""
    return _double_step_table(portals)


@lru_cache(maxsize=256)
def portal_pushes(portals: tuple[int, ...]) -> PushTable:
    """``[origin]``: the Pushes into one of the portals ``portals``."""
    return _push_table(portals)


def without(board: Board, square: int) -> list[int]:
    lifted = list(board)
    lifted[square] = EMPTY
    return lifted


def double_steps(board: Board, colour: int, portals: tuple[int, ...]) -> list[MacMove]:
    """Double Step: two steps of one piece; a capture ends the turn, and the piece may not
    end where it started (that would be a pass)."""
    moves: list[MacMove] = []
    append = moves.append
    movers = MOVERS[colour]
    tables = (
        (PORTAL_FREE_DOUBLE_STEPS, portal_double_steps(portals))
        if portals
        else (PORTAL_FREE_DOUBLE_STEPS,)
    )
    for origin, code in enumerate(board):
        if not movers[code]:
            continue
        lands = LANDS[code]
        for table in tables:
            for middle, capture, seconds in table[origin]:
                there = board[middle]
                if there == EMPTY:
                    for end, move in seconds:
                        if lands[board[end]]:
                            append(move)
                elif capture and lands[there]:
                    append(capture)
    return moves


def push_paths(board: Board, colour: int, portals: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Push: an enemy face-up piece one step onto an empty square, or into a portal and out
    onto an empty square of the pusher's choice; never a capture."""
    pushed = TOKEN_TARGETS[PUSH][colour]
    tables = (PORTAL_FREE_PUSHES, portal_pushes(portals)) if portals else (PORTAL_FREE_PUSHES,)
    return [
        path
        for origin, code in enumerate(board)
        if pushed[code]
        for table in tables
        for end, path in table[origin]
        if PUSH_LANDS[board[end]]
    ]


def peek_choices(board: Board, colour: int) -> list[tuple[int, int]]:
    """Peek: one or two face-down squares (one square is written twice)."""
    peeked = TOKEN_TARGETS[PEEK][colour]
    hidden = [square for square in SQUARES if peeked[board[square]]]
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
        boosted = TOKEN_TARGETS[PLUS_ONE][colour]
        for square in SQUARES:
            if boosted[board[square]]:
                followed_by(PLUS_ONE, (square,))
    if DOUBLE_STEP in held:
        moves.extend(double_steps(board, colour, portals))
    if PUSH in held:
        for path in push_paths(board, colour, portals):
            followed_by(PUSH, path)
    if PEEK in held:
        for pair in peek_choices(board, colour):
            followed_by(PEEK, pair)
    return moves
