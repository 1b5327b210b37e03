"""Monte Carlo tree search (UCT) over the generic game interface.

Each node keeps the rewards collected by its ``mover`` (the seat that moved into it), so any
number of seats works: every seat picks what is best for itself, and team-mates share rewards
through the outcome. Playouts follow the plug-in's policy and, when the plug-in can evaluate
positions, stop after ``playout_depth`` plies and score the position instead.

With hidden information the search keeps several trees, each over one determinization of
what the searching seat can see, and adds their root statistics together.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.ai.budget import Budget
from core.ai.plugin import DRAW, Determinizer, GamePlugin, outcome_value
from core.game import Game, Move, State
from core.outcome import Outcome

#: What a playout ends with: an outcome, per-seat evaluations, or ``None`` (a draw).
PlayoutResult = Outcome | Sequence[float] | None

#: The root's children worth considering for a noisy choice have at least this share of the
#: most visited child's visits (fewer visits make their averages too unreliable).
NOISE_MIN_VISIT_SHARE = 0.2


def result_value(result: PlayoutResult, seat: int) -> float:
    """What a playout result is worth to ``seat``."""
    if result is None:
        return DRAW
    if isinstance(result, Outcome):
        return outcome_value(result, seat)
    return result[seat]


def playout(
    game: Game[Any, Any], plugin: GamePlugin[Any, Any], state: State, rng: random.Random, limit: int
) -> PlayoutResult:
    """Play ``limit`` plies at most with the plug-in's policy from ``state``; the outcome if the
    game ends, else the plug-in's evaluation of where it stopped (``None`` if it has none)."""
    legal_moves, apply, outcome_of = game.legal_moves, game.apply, game.outcome
    choose = plugin.playout_move
    for _ in range(limit):
        moves = legal_moves(state)
        if not moves:
            return None
        state = apply(state, choose(state, moves, rng))
        outcome = outcome_of(state)
        if outcome is not None:
            return outcome
    return plugin.evaluate(state)


class Node:
    """One position in a tree; ``total`` sums the rewards of ``mover`` over ``visits``."""

    __slots__ = (
        "children",
        "move",
        "mover",
        "outcome",
        "state",
        "to_move",
        "total",
        "untried",
        "visits",
    )

    def __init__(
        self,
        state: State,
        move: Move | None,
        mover: int,
        game: Game[Any, Any],
        plugin: GamePlugin[Any, Any],
    ) -> None:
        self.state = state
        self.move = move
        self.mover = mover
        self.children: list[Node] = []
        self.visits = 0
        self.total = 0.0
        self.outcome = game.outcome(state)
        self.to_move = -1
        self.untried: list[Move] = []
        if self.outcome is None:
            self.to_move = game.to_move(state)
            # Expanded from the end of the list: the most promising move first.
            searched = plugin.searched_moves(state)
            self.untried = list(reversed(plugin.order_moves(state, searched)))


@dataclass(frozen=True, slots=True)
class MoveStats:
    """What the search learned about one root move."""

    move: Move
    visits: int
    value: float  # mean reward for the searching seat


class Tree:
    """One UCT tree grown from one (possibly determinized) root position."""

    def __init__(
        self,
        game: Game[Any, Any],
        plugin: GamePlugin[Any, Any],
        root: State,
        seat: int,
        rng: random.Random,
    ) -> None:
        self.game = game
        self.plugin = plugin
        self.rng = rng
        self.root = Node(root, None, seat, game, plugin)
        self.exploration = plugin.exploration
        self.playout_limit = (
            plugin.playout_depth if plugin.has_evaluation else plugin.max_playout_plies
        )

    def iterate(self) -> None:
        """One round: select, expand, play out, back up."""
        node = self.root
        path = [node]
        while not node.untried and node.children:
            node = self._select(node)
            path.append(node)
        if node.untried:
            move = node.untried.pop()
            child = Node(
                self.game.apply(node.state, move), move, node.to_move, self.game, self.plugin
            )
            node.children.append(child)
            node = child
            path.append(node)
        result: PlayoutResult = node.outcome
        if result is None:
            result = playout(self.game, self.plugin, node.state, self.rng, self.playout_limit)
        for visited in path:
            visited.visits += 1
            visited.total += result_value(result, visited.mover)

    def _select(self, node: Node) -> Node:
        log_visits = math.log(node.visits)
        c = self.exploration
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            score = child.total / child.visits + c * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def turn_keeping_moves(self) -> set[Move]:
        """Root moves after which the searching seat moves again (such as calling a clock)."""
        root = self.root
        return {
            child.move
            for child in list(root.children)
            if child.outcome is None and child.to_move == root.to_move
        }

    def root_stats(self) -> list[MoveStats]:
        return [
            MoveStats(child.move, child.visits, child.total / child.visits)
            for child in list(self.root.children)
            if child.visits
        ]


class MonteCarloSearch:
    """UCT over one tree, or over several determinized trees when the seat lacks information.

    ``determinize`` is ``None`` for a fully known position; otherwise up to
    ``determinizations`` trees are grown in turn, each from ``determinize(view, seat, rng)``.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        plugin: GamePlugin[Any, Any],
        view: State,
        seat: int,
        moves: Sequence[Move],
        rng: random.Random,
        determinize: Determinizer[Any] | None = None,
        determinizations: int = 8,
    ) -> None:
        self.game = game
        self.plugin = plugin
        self.view = view
        self.seat = seat
        self.moves = list(moves)
        self.rng = rng
        self.determinize = determinize
        self.tree_count = determinizations if determinize is not None else 1
        self.trees: list[Tree] = []
        self.iterations = 0

    def _tree(self, index: int) -> Tree:
        if index == len(self.trees):
            root = self.view
            if self.determinize is not None:
                root = self.determinize(self.view, self.seat, self.rng)
            self.trees.append(Tree(self.game, self.plugin, root, self.seat, self.rng))
        return self.trees[index]

    def run(self, budget: Budget) -> None:
        """Iterate until the budget says stop (checked before every iteration)."""
        while not budget.expired():
            if budget.playouts is not None and self.iterations >= budget.playouts:
                return
            self._tree(self.iterations % self.tree_count).iterate()
            self.iterations += 1

    def move_stats(self) -> list[MoveStats]:
        """Root statistics of every tree added together, most visited first."""
        visits: dict[Move, int] = {}
        totals: dict[Move, float] = {}
        for tree in list(self.trees):
            for stats in tree.root_stats():
                visits[stats.move] = visits.get(stats.move, 0) + stats.visits
                totals[stats.move] = totals.get(stats.move, 0.0) + stats.value * stats.visits
        merged = [MoveStats(move, count, totals[move] / count) for move, count in visits.items()]
        merged.sort(key=lambda stats: (-stats.visits, -stats.value))
        return merged

    def best_so_far(self) -> Move:
        """The most visited root move that is legal for the seat (the first move if none yet)."""
        legal = set(self.moves)
        for stats in self.move_stats():
            if stats.move in legal:
                return stats.move
        return self.moves[0]

    def value(self) -> float:
        """The mean reward of the best move so far for the searching seat (an even 0.5
        before any playout)."""
        best = self.best_so_far()
        return next((s.value for s in self.move_stats() if s.move == best), 0.5)

    def principal_line(self, first: Move, limit: int = 12) -> list[Move]:
        """``first`` and the most visited moves after it in the first tree that tried it."""
        for tree in self.trees:
            node = next((c for c in tree.root.children if c.move == first), None)
            if node is None:
                continue
            line = [first]
            while node.children and len(line) < limit:
                node = max(node.children, key=lambda child: child.visits)
                line.append(node.move)
            return line
        return [first]

    def choose(self, noise: float, rng: random.Random) -> Move:
        """The best move, or with ``noise`` a random one of those nearly as good (an action
        that keeps the turn only when it is the best)."""
        best = self.best_so_far()
        if noise <= 0:
            return best
        legal = set(self.moves)
        for tree in self.trees:
            legal -= tree.turn_keeping_moves()
        legal.add(best)
        stats = [s for s in self.move_stats() if s.move in legal]
        if not stats:
            return best
        top = stats[0]
        candidates = [
            s.move
            for s in stats
            if s.visits >= NOISE_MIN_VISIT_SHARE * top.visits and s.value >= top.value - noise
        ]
        return candidates[rng.randrange(len(candidates))]
