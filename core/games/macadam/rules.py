"""Macadam's rules on states: the start, the legal moves, making a move and judging the result."""

from __future__ import annotations

import random
from collections.abc import Mapping

from core.games.macadam.board import DOTS, GOAL, HALF, PAWNS_PER_SEAT, PLACEABLE, mask, squares_of
from core.games.macadam.movegen import has_pawn_move, pawn_moves
from core.games.macadam.moves import PawnMove, Placement, placement
from core.games.macadam.state import (
    CROSSED_OVER,
    GOAL_REACHED,
    ONGOING,
    OPPONENT_STUCK,
    REPETITION,
    MacadamState,
    fingerprint,
    occurrences,
    position_record,
)

_new_state = tuple.__new__  # MacadamState without its Python-level __new__: every move makes one

#: Pawns a player needs across the lane, and the most the opponent may have across, to win.
CROSSING_TARGET = 6
CROSSING_ALLOWANCE = 2
#: The occurrence of a position that draws the game.
REPETITION_LIMIT = 3


def first_mover(choice: str, seed: int) -> int:
    """The seat that makes the first battle move: option ``first`` is "1", "2" or "random"."""
    if choice == "random":
        return random.Random(seed).randrange(2)
    return int(choice) - 1


def new_state(options: Mapping[str, str], seed: int) -> MacadamState:
    """The start: pawns on their dots, or an empty board for free placement (South first)."""
    first = first_mover(options["first"], seed)
    if options["start"] == "free":
        return MacadamState(0, 0, 0, first, b"", 0, ONGOING)
    return battle_state(mask(DOTS[0]), mask(DOTS[1]), first)


def battle_state(
    south: int, north: int, side: int, earlier: bytes = b"", seen: int = 0
) -> MacadamState:
    """The battle position with these pawns and ``side`` to move, reached after the positions
    recorded in ``earlier`` (whose filter is ``seen``)."""
    history = earlier + position_record(south, north)
    bit = fingerprint(south, north, side)
    repeats = occurrences(history) if seen & bit else 1
    result = judge(south, north, side, repeats)
    return _new_state(MacadamState, (south, north, side, None, history, seen | bit, result))


def judge(south: int, north: int, side: int, repeats: int) -> int:
    """How the battle stands with ``side`` to move, the other seat having just moved and the
    position having occurred ``repeats`` times.

    Only the player who just moved can have won, by reaching the goal or by crossing over;
    a draw by repetition comes next; then the player to move loses if it cannot move.
    """
    mover_pawns, other_pawns = (south, north) if side else (north, south)
    if mover_pawns & GOAL[side]:
        return GOAL_REACHED
    if (mover_pawns & HALF[side]).bit_count() >= CROSSING_TARGET and (
        other_pawns & HALF[1 - side]
    ).bit_count() <= CROSSING_ALLOWANCE:
        return CROSSED_OVER
    if repeats >= REPETITION_LIMIT:
        return REPETITION
    if not has_pawn_move(other_pawns, mover_pawns, side):
        return OPPONENT_STUCK
    return ONGOING


def legal_moves(state: MacadamState) -> list[PawnMove] | list[Placement]:
    if state.result:
        return []
    if state.battle_first is not None:
        return placement_moves(state)
    if state.side:
        return pawn_moves(state.north, state.south, 1)
    return pawn_moves(state.south, state.north, 0)


def placement_moves(state: MacadamState) -> list[Placement]:
    side = state.side
    free = PLACEABLE[side] & ~state.pawns(side)
    return [placement(square) for square in squares_of(free)]


def apply(state: MacadamState, move: PawnMove | Placement) -> MacadamState:
    """The position after a legal ``move``; ``state`` is left as it was."""
    first = state.battle_first
    if first is not None:
        assert isinstance(move, Placement)
        return _apply_placement(state, move.square, first)
    assert isinstance(move, PawnMove)
    change = 1 << move.start | 1 << move.end
    south, north, side = state.south, state.north, state.side
    if side:
        north ^= change
    else:
        south ^= change
    return battle_state(south, north, side ^ 1, state.history, state.seen)


def _apply_placement(state: MacadamState, square: int, first: int) -> MacadamState:
    """Place a pawn; South places first, and North's eighth pawn starts the battle."""
    south, north = state.south, state.north
    if state.side:
        north |= 1 << square
    else:
        south |= 1 << square
    if north.bit_count() == PAWNS_PER_SEAT:
        return battle_state(south, north, first)
    return MacadamState(south, north, state.side ^ 1, first, b"", 0, ONGOING)
