"""Macadam knowledge for the search: progress towards the two ways of winning.

A side is doing well when its pawns stand far forward, many of them on the other side of the
lane (six there against two or fewer wins), and one of them close to the opponent's goal.
Random playouts wander for hundreds of plies without an ending, so playouts are kept short
and end in this evaluation. A pawn that can reach the goal wins at once, and so does the
sixth pawn across the lane against two or fewer: those moves are the tactical ones the
alpha-beta search still looks at past its depth, so even a one-move look sees the win it
leaves open to the opponent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from core.ai.plugin import GamePlugin
from core.games.macadam.board import GOAL, HALF, NORTH, SOUTH, WIDTH, squares_of
from core.games.macadam.moves import MacadamMove, PawnMove
from core.games.macadam.rules import CROSSING_ALLOWANCE, CROSSING_TARGET
from core.games.macadam.state import MacadamState

#: Weights of the progress measures, in "pawns across the lane".
ADVANCE_WEIGHT = 0.15  # per rank a pawn has advanced from its own back rank
CROSSED_WEIGHT = 1.0  # per pawn on the opponent's side
NEAREST_WEIGHT = 0.5  # per king-step the nearest pawn stands from the opponent's goal
#: A lead of this much progress is worth about 73%.
SCALE = 2.0

_GOAL_SQUARES = tuple(tuple(squares_of(goal)) for goal in GOAL)


def _distance(a: int, b: int) -> int:
    (rank_a, file_a), (rank_b, file_b) = divmod(a, WIDTH), divmod(b, WIDTH)
    return max(abs(rank_a - rank_b), abs(file_a - file_b))


def progress(pawns: int, seat: int) -> float:
    """How far ``seat``'s pawns (a bitboard) have come towards winning."""
    opponent = NORTH if seat == SOUTH else SOUTH
    targets = _GOAL_SQUARES[opponent]
    advance = 0
    nearest = 7
    for square in squares_of(pawns):
        rank = square // WIDTH
        advance += rank if seat == SOUTH else 7 - rank
        nearest = min(nearest, *(_distance(square, goal) for goal in targets))
    crossed = (pawns & HALF[opponent]).bit_count()
    return ADVANCE_WEIGHT * advance + CROSSED_WEIGHT * crossed - NEAREST_WEIGHT * nearest


class MacadamPlugin(GamePlugin[MacadamState, MacadamMove]):
    algorithm = "alphabeta"
    playout_depth = 8

    def order_moves(
        self, state: MacadamState, moves: Sequence[MacadamMove]
    ) -> Sequence[MacadamMove]:
        """The moves that carry a pawn furthest forward first (placements as they come)."""
        if state.placing:
            return moves
        if TYPE_CHECKING:  # in the battle every move is a pawn's (told the checker only)
            moves = cast(Sequence[PawnMove], moves)
        forward = 1 if state.side == SOUTH else -1
        return sorted(moves, key=lambda move: forward * (move.start // WIDTH - move.end // WIDTH))

    def tactical_moves(
        self, state: MacadamState, moves: Sequence[MacadamMove]
    ) -> Sequence[MacadamMove]:
        """The moves that win at once: those that end on the opponent's goal, and those that
        bring the sixth pawn across the lane while the opponent has two or fewer across."""
        if state.placing:
            return ()
        if TYPE_CHECKING:  # in the battle every move is a pawn's (told the checker only)
            moves = cast(Sequence[PawnMove], moves)
        side = state.side
        other = NORTH if side == SOUTH else SOUTH
        goal, across = GOAL[other], HALF[other]
        mine, theirs = (state.south, state.north) if side == SOUTH else (state.north, state.south)
        crossing = (mine & across).bit_count() + 1 >= CROSSING_TARGET and (
            theirs & HALF[side]
        ).bit_count() <= CROSSING_ALLOWANCE
        return [
            move
            for move in moves
            if goal >> move.end & 1
            or (crossing and across >> move.end & 1 and not across >> move.start & 1)
        ]

    def evaluate(self, state: MacadamState) -> Sequence[float]:
        lead = progress(state.south, SOUTH) - progress(state.north, NORTH)
        south = 1.0 / (1.0 + math.exp(-lead / SCALE))
        return (south, 1.0 - south)

    def progress(self, before: MacadamState, after: MacadamState) -> bool:
        """A pawn placed: in the battle every position may come back (nothing is captured)."""
        return before.placing


PLUGIN = MacadamPlugin
