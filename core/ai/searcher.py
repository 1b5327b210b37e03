"""The computer player: picks a search for the level and the game, runs it, answers a move."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.ai.alphabeta import WON, AlphaBetaSearch
from core.ai.budget import Budget, StopFlag
from core.ai.determinized import DeterminizedAlphaBeta
from core.ai.levels import Level, find_level
from core.ai.mcts import MonteCarloSearch, Node
from core.ai.plugin import GamePlugin, plugin_for
from core.ai.stagnation import urged_move
from core.game import Game, Move, State

#: A position with at most this many legal moves has all of them looked through for a win at
#: once, also those its plug-in keeps from the searches (50 ms at most in Chase here).
WIN_SCAN_LIMIT = 2_000


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What a search did: ``work`` counts playouts (Monte Carlo) or nodes (alpha-beta)."""

    algorithm: str
    work: int
    depth: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a finished search thinks of its position, for the seat to move.

    ``value`` is in the search's reward units (``core.ai.plugin``): an evaluation in [0, 1],
    above 1 for a win the search has found by force, below 0 for a forced loss. ``line``
    is the best move and the moves the search expects after it.
    """

    value: float
    line: tuple[Move, ...]


class Searcher:
    """A search for the seat to move in ``state``, seeing only what that seat may see.

    The searcher works on ``game.view(state, seat)``. When that view hides something and a
    determinization hook exists (see ``core.ai``), it searches several positions consistent
    with the view; without a hook it searches the view itself.

    ``run`` searches until its limits and returns the move to play; ``best_so_far`` may be
    called at any moment, also from another thread while ``run`` is busy.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        state: State,
        level: Level | str = "normal",
        seed: int = 0,
        plugin: GamePlugin[Any, Any] | None = None,
        quiet_plies: int = 0,
        reveal: bool = False,
    ) -> None:
        """``quiet_plies``: how many plies the game has gone without progress before
        ``state`` (``core.ai.stagnation``); a long stretch makes a draw welcome. It is set on
        the plug-in, ``plugin`` included when one is given. ``reveal`` searches ``state``
        itself, hidden parts and all (the analysis of a finished game), not the seat's view."""
        self.game = game
        self.level = find_level(level)
        self.plugin = plugin or plugin_for(game)
        self.plugin.quiet_plies = quiet_plies
        self.rng = random.Random(seed)
        self.seat = game.to_move(state)
        view = state if reveal else game.view(state, self.seat)
        legal = game.legal_moves(view)
        #: The moves to choose from: those the plug-in has the searches look at.
        self.moves: list[Move] = list(self.plugin.search_moves(view, legal))
        #: The legal moves the searches leave out, looked through for a win at once when
        #: there are not too many of them (``WIN_SCAN_LIMIT``).
        self._left_out: Sequence[Move] = ()
        if len(self.moves) < len(legal) <= WIN_SCAN_LIMIT:
            kept = set(self.moves)
            self._left_out = [move for move in legal if move not in kept]
        if not self.moves:
            raise ValueError("the game is over: there is no move to choose")
        self._view = view
        self._hidden = view != state
        determinize = self.plugin.determinizer() if self._hidden else None
        self.algorithm = self._algorithm(self._hidden, determinize is not None)
        self._seconds = 0.0
        #: The move that wins at once, when ``run`` found one without searching.
        self._winning: Move | None = None
        self._engine: AlphaBetaSearch | DeterminizedAlphaBeta | MonteCarloSearch
        if self.algorithm == "alphabeta" and determinize is not None:
            self._engine = DeterminizedAlphaBeta(
                game, self.plugin, view, self.seat, self.moves, self.rng, determinize
            )
        elif self.algorithm == "alphabeta":
            self._engine = AlphaBetaSearch(game, self.plugin, view, self.seat, self.moves, self.rng)
        else:
            self._engine = MonteCarloSearch(
                game, self.plugin, view, self.seat, self.moves, self.rng, determinize
            )

    def _algorithm(self, hidden: bool, can_determinize: bool) -> str:
        """The level's algorithm, unless the game cannot serve it: alpha-beta needs an
        evaluation, and with something hidden a plug-in that allows it on determinizations."""
        wanted = self.level.algorithm
        if wanted == "auto":
            wanted = self.plugin.algorithm
        if wanted == "alphabeta" and not self.plugin.has_evaluation:
            return "mcts"
        if wanted == "alphabeta" and hidden:
            allowed = self.plugin.hidden_alphabeta and can_determinize
            return "alphabeta" if allowed else "mcts"
        return wanted

    def run(
        self,
        deadline: float | None = None,
        stop: StopFlag | None = None,
        playouts: int | None = None,
        forced: bool = False,
    ) -> Move:
        """Search and return the move to play.

        Limits: the level's thinking time (cut short by ``deadline``, a ``time.monotonic()``
        instant), the level's playout and depth caps (``playouts`` overrides the first), and
        ``stop``, which ends the search at once with the best move so far. Without a time
        limit the result depends only on the seed. A position with one move is not searched
        unless ``forced`` asks for it (for its ``judgement``).
        """
        start = time.monotonic()
        if self.level.seconds is not None:
            own = start + self.level.seconds
            deadline = own if deadline is None else min(deadline, own)
        budget = Budget(
            deadline=deadline,
            stop=stop,
            playouts=playouts if playouts is not None else self.level.playouts,
            depth=self.level.depth,
        )
        winning = None if self._hidden else self._winning_move()
        if winning is not None:
            self._seconds += time.monotonic() - start
            self._winning = winning
            return winning
        # Moves within the urge of the best need exact values too (see ``urged_move``).
        urge = self.plugin.urge(self._view) if isinstance(self._engine, AlphaBetaSearch) else 0.0
        if len(self.moves) > 1 or forced:
            if isinstance(self._engine, AlphaBetaSearch | DeterminizedAlphaBeta):
                self._engine.run(budget, max(self.level.noise, urge))
            else:
                if budget.deadline is None and budget.playouts is None and stop is None:
                    raise ValueError("a Monte Carlo search needs a time or playout limit")
                self._engine.run(budget)
        self._seconds += time.monotonic() - start
        chosen = self._engine.choose(self.level.noise, self.rng)
        if urge > 0 and isinstance(self._engine, AlphaBetaSearch):
            exact = {move: value for move, (value, known) in self._engine.scores.items() if known}
            chosen = urged_move(self.game, self.plugin, self._view, exact, chosen)
        return chosen

    def _winning_move(self) -> Move | None:
        """A move that wins the game at once, if there is one: played without searching. The
        moves the searches leave out count too (a Chase merge of three stacks onto a far tile
        can leave the opponent nothing to do)."""
        for move in itertools.chain(self.moves, self._left_out):
            outcome = self.game.outcome(self.game.apply(self._view, move))
            if outcome is not None and self.seat in outcome.winners:
                return move
        return None

    def best_so_far(self) -> Move:
        """The move the search would play if stopped now."""
        return self._engine.best_so_far()

    def judgement(self, line_limit: int = 12) -> Judgement:
        """The value of the position and the best line, after ``run``: the line starts with
        the best move found (not the move a noisy level would play)."""
        if self._winning is not None:
            return Judgement(WON, (self._winning,))
        best = self._engine.best_so_far()
        line = self._engine.principal_line(best, line_limit)
        return Judgement(self._engine.value(), tuple(line))

    @property
    def stats(self) -> SearchStats:
        engine = self._engine
        if isinstance(engine, AlphaBetaSearch | DeterminizedAlphaBeta):
            return SearchStats(self.algorithm, engine.nodes, engine.depth_done, self._seconds)
        depth = max((_tree_depth(tree.root) for tree in engine.trees), default=0)
        return SearchStats(self.algorithm, engine.iterations, depth, self._seconds)


def _tree_depth(node: Node) -> int:
    """Length of the most visited line below ``node``."""
    depth = 0
    while node.children:
        node = max(node.children, key=lambda child: child.visits)
        depth += 1
    return depth


def choose_move(
    game: Game[Any, Any],
    state: State,
    level: Level | str = "normal",
    seed: int = 0,
    deadline: float | None = None,
    stop: StopFlag | None = None,
    quiet_plies: int = 0,
) -> Move:
    """The computer's move for the seat to move in ``state`` (see ``Searcher.run``)."""
    searcher = Searcher(game, state, level, seed, quiet_plies=quiet_plies)
    return searcher.run(deadline=deadline, stop=stop)
