"""Martian Chess knowledge for the search: the score margin decides, captures come first.

Points only come from captures and the game stops the moment a zone empties, so a position
is worth its scoring margin (team totals with teams); the capture search at the leaves of
the alpha-beta search settles pending exchanges, including the "double whammy" of a capturing
piece that now belongs to the opponent.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from core.ai.plugin import GamePlugin
from core.games.martian_chess.board import layout_of
from core.games.martian_chess.moves import Move
from core.games.martian_chess.results import sides as scoring_sides
from core.games.martian_chess.state import DEADLOCK_TURNS, State

#: A lead of this many points is worth about 73% (the scale of the logistic curve).
POINT_SCALE = 3.0
#: How often a playout takes its best capture when it has one.
GREEDY_PLAYOUT = 0.8


class MartianChessPlugin(GamePlugin):
    algorithm = "alphabeta"
    playout_depth = 10
    #: A deadlock tie is a draw; the computer would rather capture before the clock runs out.
    contempt = 0.1

    # -- knowledge of the position ----------------------------------------------------------

    def evaluate(self, state: State) -> Sequence[float]:
        sides = scoring_sides(state)
        scale = POINT_SCALE
        if state.clock >= 0:
            # A called clock makes the present margin likelier to be the final one.
            scale *= max(0.25, (DEADLOCK_TURNS - state.clock) / DEADLOCK_TURNS)
        totals = [sum(state.scores[seat] for seat in side) for side in sides]
        if state.clock >= 0 and len(set(totals)) == 1:
            # Level with the clock running: each quiet turn brings the drawn deadlock nearer,
            # and a draw is worth less than an even game (``contempt``).
            level = 0.5 - self.contempt * state.clock / DEADLOCK_TURNS
            return [level] * len(state.scores)
        values = [0.0] * len(state.scores)
        for index, side in enumerate(sides):
            best_other = max(total for other, total in enumerate(totals) if other != index)
            value = 1.0 / (1.0 + math.exp((best_other - totals[index]) / scale))
            for seat in side:
                values[seat] = value
        return values

    def allies(self, state: State, seat: int) -> frozenset[int]:
        return next(frozenset(side) for side in scoring_sides(state) if seat in side)

    # -- moves ------------------------------------------------------------------------------

    def _capture_value(self, state: State, move: Move) -> int:
        """Pips ``move`` captures (0 for quiet moves, merges and actions)."""
        if move.src < 0:
            return 0
        target = state.board[move.dst]
        if not target or layout_of(state.board).zone_of[move.dst] == state.to_move:
            return 0
        return target

    def order_moves(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        def priority(move: Move) -> tuple[int, int]:
            if move.src < 0:
                return (1, 0)  # the clock and passing after every board move
            mover = state.board[move.src]
            return (0, -10 * self._capture_value(state, move) + mover)

        return sorted(moves, key=priority)

    def tactical_moves(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """Captures, best first, and the moves that empty the mover's zone (ending the game)."""
        seat = state.to_move
        board = state.board
        layout = layout_of(board)
        last_piece = sum(1 for square in layout.zone_squares[seat] if board[square]) == 1
        scored = []
        for move in moves:
            value = self._capture_value(state, move)
            if value or (last_piece and move.src >= 0 and layout.zone_of[move.dst] != seat):
                scored.append((value, move))
        scored.sort(key=lambda pair: -pair[0])
        return [move for _, move in scored]

    def playout_move(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        if rng.random() < GREEDY_PLAYOUT:
            board = state.board
            zone_of = layout_of(board).zone_of
            seat = state.to_move
            best, best_value = None, 0
            for move in moves:
                dst = move.dst
                if dst >= 0 and board[dst] > best_value and zone_of[dst] != seat:
                    best, best_value = move, board[dst]
            if best is not None:
                return best
        return moves[rng.randrange(len(moves))]


PLUGIN = MartianChessPlugin
