"""Alpha-beta search with iterative deepening, a transposition table and a capture search.

Values are rewards for the searching seat (the root): the plug-in's evaluation in [0, 1],
a won game above 1 and a lost one below 0, sooner wins and later losses preferred. With more
than two seats the search is "paranoid": the searching seat's team maximises, everybody else
minimises. Positions must be fully known (the searcher uses Monte Carlo otherwise).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from core.ai.budget import Budget
from core.ai.plugin import GamePlugin, outcome_value
from core.game import Game, Move, State
from core.outcome import Outcome

#: Won and lost games score beyond any evaluation; each ply of delay costs this much.
WON, LOST, PLY_COST = 2.0, -1.0, 0.001
#: What an action that keeps the turn (calling a clock) costs its side: a hair, so that it is
#: only chosen when it gains something.
KEEP_TURN_COST = 1e-4
#: How often (in nodes) the deadline and stop flag are looked at: often enough for games whose
#: positions take milliseconds each to generate (a Chase side with many stacks).
CHECK_EVERY = 16
#: The transposition table is cleared when it grows past this many positions.
TABLE_LIMIT = 400_000
#: Iterative deepening never goes deeper than this.
MAX_DEPTH = 64

EXACT, LOWER, UPPER = 0, 1, 2


class OutOfTime(Exception):
    """Raised inside the recursion when the budget runs out; the last finished depth stands."""


class AlphaBetaSearch:
    """Iterative-deepening alpha-beta from ``state`` for ``seat`` (whose turn it is)."""

    def __init__(
        self,
        game: Game[Any, Any],
        plugin: GamePlugin[Any, Any],
        state: State,
        seat: int,
        moves: Sequence[Move],
        rng: random.Random,
    ) -> None:
        self.game = game
        self.plugin = plugin
        self.state = state
        self.seat = seat
        self.allies = plugin.allies(state, seat)
        shuffled = list(plugin.search_moves(state, moves))
        rng.shuffle(shuffled)  # ties between equal moves fall differently with each seed
        self.root_moves: list[Move] = list(plugin.order_moves(state, shuffled))
        #: Root moves after which the same seat moves again (never picked at random).
        self.keeps_turn = {
            move
            for move in self.root_moves
            if game.outcome(child := game.apply(state, move)) is None
            and game.to_move(child) == seat
        }
        self.best = self.root_moves[0]
        #: Value of each root move at the last finished depth, and whether it is exact
        #: (a move that failed low only has an upper bound).
        self.scores: dict[Move, tuple[float, bool]] = {}
        self.depth_done = 0
        self.nodes = 0
        self.table: dict[State, tuple[int, float, int, Move | None]] = {}
        self._budget = Budget()
        self._overrun_at: float | None = None

    # -- driving ----------------------------------------------------------------------------

    def run(self, budget: Budget, margin: float = 0.0) -> None:
        """Deepen one ply at a time until the budget or ``budget.depth`` stops it.

        ``margin`` widens the root window so that every move within ``margin`` of the best
        gets an exact value (for a noisy choice).
        """
        self._budget = budget
        # The first depth may run past the deadline (see ``_tick``), but not past twice the
        # time the search was given: a capture search that explodes must still end.
        self._overrun_at = None
        if budget.deadline is not None:
            self._overrun_at = 2 * budget.deadline - time.monotonic()
        limit = min(budget.depth or MAX_DEPTH, MAX_DEPTH)
        for depth in range(self.depth_done + 1, limit + 1):
            try:
                self._search_root(depth, margin)
            except OutOfTime:
                return
            self.depth_done = depth
            if self._decided() or budget.expired():
                return

    def _decided(self) -> bool:
        """True when deeper search cannot change the choice: a forced win or all moves lost."""
        values = [value for value, _ in self.scores.values()]
        return bool(values) and (max(values) > 1.0 or max(values) < 0.0)

    def _search_root(self, depth: int, margin: float) -> None:
        scores: dict[Move, tuple[float, bool]] = {}
        best_move, best_value = self.root_moves[0], -math.inf
        alpha = -math.inf
        for move in self.root_moves:
            value = self._child_value(self.state, move, self.seat, depth, alpha, math.inf, 0)
            scores[move] = (value, value > alpha)
            if value > best_value:
                best_move, best_value = move, value
                # The first move searched is the previous best, so a later move that beats it
                # at this depth is the better choice even if this depth never finishes.
                self.best = best_move
            alpha = max(alpha, best_value - margin)
        self.best = best_move
        self.scores = scores
        self.root_moves.sort(key=lambda m: -scores[m][0])

    def best_so_far(self) -> Move:
        return self.best

    def value(self) -> float:
        """The value of the best move at the last finished depth (of the best move so far
        before the first finishes: the plug-in's evaluation of where it leads)."""
        if self.best in self.scores:
            return self.scores[self.best][0]
        child = self.game.apply(self.state, self.best)
        outcome = self.game.outcome(child)
        return self._terminal(outcome, 1) if outcome is not None else self._evaluate(child)

    def principal_line(self, first: Move, limit: int = 12) -> list[Move]:
        """``first`` and the moves the search expects after it, as its table remembers
        them: at most ``limit`` moves, ending where the table knows no better move."""
        line = [first]
        state = self.game.apply(self.state, first)
        seen = {state}
        while len(line) < limit and self.game.outcome(state) is None:
            entry = self.table.get(state)
            if entry is None or entry[3] is None:
                break
            move = entry[3]
            state = self.game.apply(state, move)
            if state in seen:  # a repetition: the line would go round for ever
                break
            seen.add(state)
            line.append(move)
        return line

    def choose(self, margin: float, rng: random.Random) -> Move:
        """The best move, or with ``margin`` a random one of those whose exact value is within
        ``margin`` of the best. An action that keeps the turn (calling a clock) is played
        whenever it is the best and never otherwise: it decides how the game may end, and the
        move after it still gets the noise."""
        if margin <= 0 or not self.scores:
            return self.best
        best_value = self.scores[self.best][0]
        if best_value > 1.0 or self.best in self.keeps_turn:  # a forced win is never thrown away
            return self.best
        candidates = [
            move
            for move in self.root_moves
            if self.scores[move][1]
            and self.scores[move][0] >= best_value - margin
            and (move == self.best or move not in self.keeps_turn)
        ]
        return candidates[rng.randrange(len(candidates))] if candidates else self.best

    # -- the recursion ----------------------------------------------------------------------

    def _tick(self) -> None:
        """Count a node; stop once the budget is spent, but not before the first depth is
        done (a one-ply look is usually cheap and keeps a hurried move from being a blunder)
        unless it takes twice the time given; then the best root move valued so far stands."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY or not self._budget.expired():
            return
        if self.depth_done or (
            self._overrun_at is not None and time.monotonic() >= self._overrun_at
        ):
            raise OutOfTime

    def _terminal(self, outcome: Outcome, ply: int) -> float:
        value = outcome_value(outcome, self.seat)
        if value >= 1.0:
            return WON - ply * PLY_COST
        if value <= 0.0:
            return LOST + ply * PLY_COST
        return value + self.plugin.draw_bias

    def _evaluate(self, state: State) -> float:
        values = self.plugin.evaluate(state)
        return 0.5 if values is None else values[self.seat]

    def _value(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._tick()
        outcome = self.game.outcome(state)
        if outcome is not None:
            return self._terminal(outcome, ply)
        if depth <= 0:
            return self._quiesce(state, alpha, beta, ply, self.plugin.quiescence_depth)
        entry = self.table.get(state)
        hint = None
        if entry is not None:
            stored_depth, stored, flag, hint = entry
            if stored_depth >= depth and (
                flag == EXACT
                or (flag == LOWER and stored >= beta)
                or (flag == UPPER and stored <= alpha)
            ):
                return stored
        moves = self.plugin.searched_moves(state)
        if not moves:
            return self._evaluate(state)
        ordered = list(self.plugin.order_moves(state, moves))
        if hint is not None and hint in ordered:
            ordered.remove(hint)
            ordered.insert(0, hint)
        maximizing = self.game.to_move(state) in self.allies
        low, high = alpha, beta
        best_move = ordered[0]
        mover = self.game.to_move(state)
        if maximizing:
            best = -math.inf
            for move in ordered:
                value = self._child_value(state, move, mover, depth, alpha, beta, ply)
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
                    if alpha >= beta:
                        break
        else:
            best = math.inf
            for move in ordered:
                value = self._child_value(state, move, mover, depth, alpha, beta, ply)
                if value < best:
                    best, best_move = value, move
                    beta = min(beta, value)
                    if alpha >= beta:
                        break
        flag = LOWER if best >= high else UPPER if best <= low else EXACT
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[state] = (depth, best, flag, best_move)
        return best

    def _child_value(
        self, state: State, move: Move, mover: int, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """The value after ``move``. An action that keeps the turn (such as calling a clock)
        uses up no depth, so the search does not mistake it for a free tempo, and costs its
        side ``KEEP_TURN_COST``."""
        child = self.game.apply(state, move)
        if ply < MAX_DEPTH and self.game.to_move(child) == mover:
            cost = KEEP_TURN_COST if mover in self.allies else -KEEP_TURN_COST
            return self._value(child, depth, alpha + cost, beta + cost, ply + 1) - cost
        return self._value(child, depth - 1, alpha, beta, ply + 1)

    def _quiesce(self, state: State, alpha: float, beta: float, ply: int, left: int) -> float:
        """Follow tactical moves only, letting the side to move stand pat on the evaluation."""
        stand = self._evaluate(state)
        if left <= 0:
            return stand
        tactical = self.plugin.capture_search_moves(state)
        if not tactical:
            return stand
        maximizing = self.game.to_move(state) in self.allies
        best = stand
        if maximizing:
            if best >= beta:
                return best
            alpha = max(alpha, best)
        else:
            if best <= alpha:
                return best
            beta = min(beta, best)
        for move in tactical:
            self._tick()
            child = self.game.apply(state, move)
            outcome = self.game.outcome(child)
            if outcome is not None:
                value = self._terminal(outcome, ply + 1)
            else:
                value = self._quiesce(child, alpha, beta, ply + 1, left - 1)
            if maximizing:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best
