"""Moves without tokens: placements, steps, captures, portal moves, cannon jumps, flips.

``piece_moves`` is the hot loop of the game, written for speed with flat tables built once
by the rules' walkers (``walks``), which also explain a refused move.
"""

from __future__ import annotations

from operator import itemgetter

from core.games.mac.board import NEIGHBOURS, SIZE, SQUARES
from core.games.mac.moves import FLIPS, PLACE, STEPS, MacMove
from core.games.mac.pieces import EMPTY, FLIPPABLE, PORTAL, STRENGTH_MASK
from core.games.mac.state import DARK, ITEM_COUNT, MacState
from core.games.mac.walks import (
    JUMP_TABLE,
    LANDS,
    MOVERS,
    PLACEMENT_SQUARES,
    Board,
    other_portal,
    portal_exits,
    walk_cannon,
)

__all__ = ["JUMP_TABLE", "STEP_TABLE", "Board", "other_portal", "piece_moves", "portal_exits"]

#: ``PLACEMENTS[item * SIZE + square]``: the shared placement moves.
PLACEMENTS: tuple[MacMove, ...] = tuple(
    MacMove(PLACE, (square,), item) for item in range(ITEM_COUNT) for square in range(SIZE)
)
#: ``PLACEMENT_ROWS[item][square]``: the same moves by item, then square.
PLACEMENT_ROWS: tuple[tuple[MacMove, ...], ...] = tuple(
    PLACEMENTS[item * SIZE : (item + 1) * SIZE] for item in range(ITEM_COUNT)
)


#: ``STEP_TABLE[origin]``: each neighbour with the one-step move to it.
STEP_TABLE: tuple[tuple[tuple[int, MacMove], ...], ...] = tuple(
    tuple((target, STEPS[origin * SIZE + target]) for target in NEIGHBOURS[origin])
    for origin in SQUARES
)


def piece_moves(board: Board, colour: int, portals: tuple[int, ...]) -> list[MacMove]:
    """Every move of ``colour``'s face-up pieces without a token: steps onto empty squares
    or beaten enemies, steps through a portal, and a cannon's jumps (see ``walks``)."""
    moves: list[MacMove] = []
    append = moves.append
    movers = MOVERS[colour]
    for origin, code in enumerate(board):
        if not movers[code]:
            continue
        lands = LANDS[code]
        for target, move in STEP_TABLE[origin]:
            there = board[target]
            if lands[there]:
                append(move)
            elif there == PORTAL:
                for exit_square, portal_move in portal_exits(portals)[origin * SIZE + target]:
                    if lands[board[exit_square]]:
                        append(portal_move)
        if not code & STRENGTH_MASK:
            walk_cannon(board, colour, origin, moves)
    return moves


def flips(board: Board) -> list[MacMove]:
    return [FLIPS[square] for square in SQUARES if FLIPPABLE[board[square]]]


def actions(board: Board, colour: int, portals: tuple[int, ...], mode: str) -> list[MacMove]:
    """The moves of a turn without a token: piece moves, and flips in Dark Chess."""
    moves = piece_moves(board, colour, portals) if colour >= 0 else []
    if mode == DARK:
        moves.extend(flips(board))
    return moves


def can_act(
    board: Board, colour: int, portals: tuple[int, ...], mode: str, vacated: int = -1
) -> bool:
    """Whether ``actions`` is not empty; usually settled by the first free neighbour, and
    at once when one of ``colour``'s pieces stands next to the empty square ``vacated``."""
    if colour >= 0:
        controlled = MOVERS[colour]
        if vacated >= 0:
            for square in NEIGHBOURS[vacated]:
                if controlled[board[square]]:
                    return True
        for origin, code in enumerate(board):
            if controlled[code]:
                for target in NEIGHBOURS[origin]:
                    if board[target] == EMPTY:
                        return True
    return bool(actions(board, colour, portals, mode))


def placements(state: MacState) -> list[MacMove]:
    """Standard mode: each item still in hand on each empty square of the mover's half
    (``walks.placement_refusal``)."""
    seat = state.to_move
    board = state.board
    empty = [square for square in PLACEMENT_SQUARES[seat] if board[square] == EMPTY]
    if len(empty) == 1:
        square = empty[0]
        return [PLACEMENT_ROWS[item][square] for item, n in enumerate(state.to_place[seat]) if n]
    pick = itemgetter(*empty)
    moves: list[MacMove] = []
    for item, count in enumerate(state.to_place[seat]):
        if count:
            moves.extend(pick(PLACEMENT_ROWS[item]))
    return moves
