"""Alpha-beta over positions drawn to fill in what the seat cannot see.

Where little is hidden (the other player's power tokens, a few face-down pieces), searching a
few complete positions drawn consistently with the seat's view, each with alpha-beta, and
playing the move that does best on average over them is far stronger than a Monte Carlo tree
search given the same time ("perfect information Monte Carlo"). Every draw gets an equal share
of the time. The draws come from the determinization hook only, so the search never learns
more than the seat knows; a plug-in opts in with ``hidden_alphabeta``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from core.ai.alphabeta import AlphaBetaSearch
from core.ai.budget import Budget
from core.ai.plugin import Determinizer, GamePlugin
from core.game import Game, Move, State

#: How many complete positions are drawn and searched.
DRAWS = 4


class DeterminizedAlphaBeta:
    """Alpha-beta on ``draws`` determinizations of ``view``, their root values averaged."""

    def __init__(
        self,
        game: Game[Any, Any],
        plugin: GamePlugin[Any, Any],
        view: State,
        seat: int,
        moves: Sequence[Move],
        rng: random.Random,
        determinize: Determinizer[Any],
        draws: int = DRAWS,
    ) -> None:
        self.game = game
        self.plugin = plugin
        self.view = view
        self.seat = seat
        self.moves = list(moves)
        self.rng = rng
        self.determinize = determinize
        self.draws = draws
        self.engines: list[AlphaBetaSearch] = []

    def run(self, budget: Budget, margin: float = 0.0) -> None:
        """Search the draws one after the other, each in its share of the time left."""
        for index in range(len(self.engines), self.draws):
            if self.engines and budget.expired():
                return
            deadline = budget.deadline
            if deadline is not None:
                deadline = time.monotonic() + (deadline - time.monotonic()) / (self.draws - index)
            share = Budget(deadline=deadline, stop=budget.stop, depth=budget.depth)
            state = self.determinize(self.view, self.seat, self.rng)
            engine = AlphaBetaSearch(self.game, self.plugin, state, self.seat, self.moves, self.rng)
            self.engines.append(engine)
            engine.run(share, margin)

    # -- results ----------------------------------------------------------------------------

    def average_values(self) -> dict[Move, float]:
        """Each root move's value averaged over the draws that searched it."""
        totals: dict[Move, float] = {}
        counts: dict[Move, int] = {}
        for engine in list(self.engines):
            for move, (value, _) in list(engine.scores.items()):
                totals[move] = totals.get(move, 0.0) + value
                counts[move] = counts.get(move, 0) + 1
        most = max(counts.values(), default=0)
        legal = set(self.moves)
        return {
            move: totals[move] / count
            for move, count in counts.items()
            if count == most and move in legal
        }

    def best_so_far(self) -> Move:
        values = self.average_values()
        if values:
            return max(values, key=lambda move: values[move])
        if self.engines and self.engines[0].best in set(self.moves):
            return self.engines[0].best
        return self.moves[0]

    def value(self) -> float:
        """The best move's value averaged over the draws (its first draw's before any ends)."""
        best = self.best_so_far()
        values = self.average_values()
        if best in values:
            return values[best]
        return self.engines[0].value() if self.engines else 0.5

    def principal_line(self, first: Move, limit: int = 12) -> list[Move]:
        """``first`` and what follows it in the first draw: later moves may touch what the
        seat cannot see, so they are the line of one possible truth only."""
        return self.engines[0].principal_line(first, limit) if self.engines else [first]

    def choose(self, margin: float, rng: random.Random) -> Move:
        """The best move, or with ``margin`` a random one of those whose average is within
        ``margin`` of the best (an action that keeps the turn only when it is the best)."""
        best = self.best_so_far()
        values = self.average_values()
        if margin <= 0 or best not in values or values[best] > 1.0:
            return best
        keeps_turn = set().union(*(engine.keeps_turn for engine in self.engines))
        candidates = [
            move
            for move, value in values.items()
            if value >= values[best] - margin and (move == best or move not in keeps_turn)
        ]
        candidates.sort(key=self.moves.index)  # a fixed order, so the seed decides alone
        return candidates[rng.randrange(len(candidates))]

    @property
    def nodes(self) -> int:
        return sum(engine.nodes for engine in self.engines)

    @property
    def depth_done(self) -> int:
        return min((engine.depth_done for engine in self.engines), default=0)
