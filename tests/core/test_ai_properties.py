"""Properties of the searches over random positions of the real games.

The alpha-beta search (pruning, move ordering, transposition table, iterative deepening) must
give the same value as a plain minimax written here with no tricks at all.
"""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core import find_game
from core.ai import Budget, GamePlugin, Level, Searcher, plugin_for
from core.ai.alphabeta import KEEP_TURN_COST, LOST, PLY_COST, WON, AlphaBetaSearch
from core.ai.plugin import outcome_value
from core.game import Game, State

GAMES = {
    "martian-chess 2p": (find_game("martian-chess"), {}),
    "martian-chess 4p teams": (find_game("martian-chess"), {"players": "4"}),
    "martian-chess 4p ffa": (find_game("martian-chess"), {"players": "4", "teams": "off"}),
    "macadam": (find_game("macadam"), {}),
    "mac": (find_game("mac"), {}),
}


def random_position(game: Game, options: dict[str, str], seed: int, plies: int) -> State:
    rng = random.Random(seed)
    state = game.new(options, seed)
    for _ in range(plies):
        moves = game.legal_moves(state)
        after = game.apply(state, moves[rng.randrange(len(moves))])
        if not game.legal_moves(after):
            break
        state = after
    return state


def minimax(game: Game, plugin: GamePlugin, state: State, seat: int, depth: int, ply: int) -> float:
    """The paranoid minimax value for ``seat``, by the same conventions as the search."""
    outcome = game.outcome(state)
    if outcome is not None:
        value = outcome_value(outcome, seat)
        if value >= 1.0:
            return WON - ply * PLY_COST
        if value <= 0.0:
            return LOST + ply * PLY_COST
        return value - plugin.contempt  # a draw, worth a little less to the searching side
    if depth == 0:
        return plugin.evaluate(state)[seat]
    mover = game.to_move(state)
    allies = plugin.allies(state, seat)
    values = []
    for move in game.legal_moves(state):
        child = game.apply(state, move)
        if game.to_move(child) == mover:
            cost = KEEP_TURN_COST if mover in allies else -KEEP_TURN_COST
            values.append(minimax(game, plugin, child, seat, depth, ply + 1) - cost)
        else:
            values.append(minimax(game, plugin, child, seat, depth - 1, ply + 1))
    if not values:
        return plugin.evaluate(state)[seat]
    return max(values) if mover in allies else min(values)


def without_capture_search(plugin: GamePlugin) -> GamePlugin:
    """The same plug-in with its capture search turned off (plain minimax has none)."""
    plain = type("Plain" + type(plugin).__name__, (type(plugin),), {"quiescence_depth": 0})
    return plain(plugin.game)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 40),
    depth=st.integers(1, 2),
)
def test_alphabeta_agrees_with_plain_minimax(name: str, seed: int, plies: int, depth: int) -> None:
    game, options = GAMES[name]
    state = random_position(game, options, seed, plies)
    plugin = without_capture_search(plugin_for(game))
    seat = game.to_move(state)
    moves = game.legal_moves(state)
    search = AlphaBetaSearch(game, plugin, state, seat, moves, random.Random(seed))
    search.run(Budget(depth=depth))
    best = max(value for value, _ in search.scores.values())
    expected = max(
        minimax(game, plugin, game.apply(state, move), seat, depth - 1, 1)
        if game.to_move(game.apply(state, move)) != seat
        else minimax(game, plugin, game.apply(state, move), seat, depth, 1) - KEEP_TURN_COST
        for move in moves
    )
    assert math.isclose(best, expected, abs_tol=0.01)
    assert search.scores[search.best][0] == best


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_searches_play_legal_moves_and_count_their_playouts(
    name: str, seed: int, plies: int
) -> None:
    game, options = GAMES[name]
    state = random_position(game, options, seed, plies)
    legal = set(game.legal_moves(state))
    mcts = Searcher(game, state, Level("m", "M", seconds=None, algorithm="mcts", playouts=50), seed)
    assert mcts.run() in legal
    if mcts.stats.work:  # zero when one move was forced or won at once
        assert mcts.stats.work == 50
        assert sum(s.visits for s in mcts._engine.move_stats()) == 50
    easy = Searcher(
        game, state, Level("e", "E", seconds=None, algorithm="alphabeta", depth=1, noise=0.2), seed
    )
    assert easy.run() in legal
