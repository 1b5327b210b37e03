"""Martian Chess knowledge for the search: the score margin decides, captures come first.

Points only come from captures and the game stops the moment a zone empties, so a position
is worth its scoring margins (team totals with teams): against the one other side with two,
against each of the three others in a four-player game without teams. The capture search at
the leaves of the alpha-beta search settles pending exchanges, including the "double whammy"
of a capturing piece that now belongs to the opponent; it finds the captures from tables of
their own (``core.ai.martian_chess_captures``), as it visits most of the positions searched.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from core.ai.martian_chess_captures import captures
from core.ai.plugin import GamePlugin
from core.game import Game
from core.games.martian_chess.board import layout_of
from core.games.martian_chess.moves import Move
from core.games.martian_chess.results import sides as scoring_sides
from core.games.martian_chess.state import CLOCK_OFF, DEADLOCK_TURNS, State

#: A lead of this many points is worth about 73% (the scale of the logistic curve).
POINT_SCALE = 3.0
#: How often a playout takes its best capture when it has one.
GREEDY_PLAYOUT = 0.8
#: The evaluations a plug-in keeps before it starts afresh.
VALUES_KEPT = 100_000
#: ``order_moves`` priority of the actions (calling the clock, passing): after every move.
ACTIONS_LAST = 100


def _chance(lead: float, scale: float) -> float:
    """How likely a lead of ``lead`` points is to hold (a logistic curve)."""
    return 1.0 / (1.0 + math.exp(-lead / scale))


def side_values(
    scores: Sequence[int], sides: Sequence[Sequence[int]], clock: int, draw_bias: float
) -> tuple[float, ...]:
    """The evaluation of a position with these scores, per seat: the share of the other
    scoring ``sides`` that each seat's side may expect to finish ahead of.

    With two sides that is the chance of winning. With four players and no teams one player
    faces three; weighing each of them, rather than only the best of them, keeps the search
    from counting the points of the others as nothing, and makes the other seats of the
    paranoid search reply as players do, each taking what it can.
    """
    scale = POINT_SCALE
    if clock >= 0:
        # A called clock makes the present margins likelier to be the final ones.
        scale *= max(0.25, (DEADLOCK_TURNS - clock) / DEADLOCK_TURNS)
    totals = [sum(scores[seat] for seat in side) for side in sides]
    if clock >= 0 and len(set(totals)) == 1:
        # Level with the clock running: each quiet turn brings the drawn deadlock nearer,
        # and a draw is worth ``draw_bias`` more than an even game (less while the game
        # still moves: see ``GamePlugin.draw_bias``).
        return (0.5 + draw_bias * clock / DEADLOCK_TURNS,) * len(scores)
    values = [0.0] * len(scores)
    for index, side in enumerate(sides):
        others = [total for other, total in enumerate(totals) if other != index]
        value = sum(_chance(totals[index] - total, scale) for total in others) / len(others)
        for seat in side:
            values[seat] = value
    return tuple(values)


class MartianChessPlugin(GamePlugin[State, Move]):
    algorithm = "alphabeta"
    playout_depth = 10
    #: A deadlock tie is a draw; the computer would rather capture before the clock runs out,
    #: until the game has gone ``patience`` plies without a capture: then a level game is
    #: going nowhere and the computer calls the clock (see ``GamePlugin.draw_bias``).
    contempt = 0.1
    #: With the clock off an empty zone is the only ending, and in a level standoff any
    #: crossing or capture loses material: after this many plies without a capture the
    #: computer leans towards captures, and in the end towards emptying a zone even when that
    #: loses (see ``GamePlugin.urge``).
    urge_after = 20
    urge_growth = 20

    def __init__(self, game: Game[State, Move]) -> None:
        super().__init__(game)
        #: Evaluations by (scores, teams, clock, draw bias), the only things they depend on:
        #: a search meets the same few scores again and again.
        self._values: dict[tuple[tuple[int, ...], bool, int, float], tuple[float, ...]] = {}

    # -- knowledge of the position ----------------------------------------------------------

    def evaluate(self, state: State) -> Sequence[float]:
        bias = self.draw_bias
        key = (state.scores, state.teams, state.clock, bias)
        values = self._values.get(key)
        if values is None:
            if len(self._values) >= VALUES_KEPT:
                self._values.clear()
            values = side_values(state.scores, scoring_sides(state), state.clock, bias)
            self._values[key] = values
        return values

    def progress(self, before: State, after: State) -> bool:
        """A capture: points only ever come from captures."""
        return before.scores != after.scores

    def urge(self, state: State) -> float:
        """Only with the clock off: with it on, calling the clock is how a computer ends a
        game going nowhere (see ``contempt``)."""
        return super().urge(state) if state.clock == CLOCK_OFF else 0.0

    def allies(self, state: State, seat: int) -> frozenset[int]:
        return next(frozenset(side) for side in scoring_sides(state) if seat in side)

    # -- moves ------------------------------------------------------------------------------

    def order_moves(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """The biggest captures first, made with the smallest piece; the clock and passing
        after every board move."""
        board, seat = state.board, state.to_move
        zone_of = layout_of(board).zone_of

        def priority(move: Move) -> int:
            src, dst = move
            if src < 0:
                return ACTIONS_LAST
            target = board[dst]
            captured = target if target and zone_of[dst] != seat else 0
            return board[src] - 10 * captured

        return sorted(moves, key=priority)

    def tactical_moves(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """Captures, best first, and the moves that empty the mover's zone (ending the game)."""
        board, seat = state.board, state.to_move
        layout = layout_of(board)
        zone_of = layout.zone_of
        last_piece = (state.occupied & layout.zone_masks[seat]).bit_count() == 1
        scored = []
        for move in moves:
            src, dst = move
            if src >= 0 and zone_of[dst] != seat and (board[dst] or last_piece):
                scored.append((board[dst], move))
        scored.sort(key=lambda pair: -pair[0])
        return [move for _, move in scored]

    def capture_search_moves(self, state: State) -> Sequence[Move]:
        """``tactical_moves`` of the legal moves, found from the captures alone unless the
        mover's zone is down to its last piece (whose every crossing ends the game)."""
        layout = layout_of(state.board)
        if (state.occupied & layout.zone_masks[state.to_move]).bit_count() == 1:
            return super().capture_search_moves(state)
        return captures(state)

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
