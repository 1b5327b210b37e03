"""Monte Carlo playouts per second for each game: the raw fuel of the tree search.

Usage: ``python tests/bench/playouts.py [game ...] [--seconds N] [--option name=value ...]``

Two figures per game: random playouts from the start position to the end of the game (the
generic fallback), and playouts as the search runs them with the game's plug-in (its policy,
cut short by its evaluation when it has one). A figure, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import time

from core import all_games, find_game
from core.ai.mcts import playout
from core.ai.plugin import GamePlugin, plugin_for
from core.game import Game
from core.options import format_options, parse_options


def playouts_per_second(
    game: Game, plugin: GamePlugin, options: dict[str, str], limit: int, seconds: float
) -> float:
    """Playouts per second from seeded starting positions, as the search runs them."""
    rng = random.Random(1)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        playout(game, plugin, game.new(options, count), rng, limit)
        count += 1
    return count / (time.perf_counter() - start)


def mean_random_game_length(game: Game, options: dict[str, str], games: int = 100) -> float:
    """Plies in a random game from the start, averaged (capped like a playout)."""
    rng = random.Random(2)
    total = 0
    cap = GamePlugin.max_playout_plies
    for seed in range(games):
        state = game.new(options, seed)
        plies = 0
        while plies < cap and game.outcome(state) is None:
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, moves[rng.randrange(len(moves))])
            plies += 1
        total += plies
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=3.0, help="per figure (default 3)")
    parser.add_argument("--option", action="append", default=[], help="name=value")
    args = parser.parse_args()
    options = parse_options(" ".join(args.option))
    names = args.games or [game.id for game in all_games()]
    for name in names:
        game = find_game(name)
        generic = GamePlugin(game)
        plugin = plugin_for(game)
        label = f"{game.id} {format_options(options)}".strip()
        rate = playouts_per_second(game, generic, options, generic.max_playout_plies, args.seconds)
        length = mean_random_game_length(game, options)
        print(
            f"{label:24} random, to the end:   {rate:8,.0f}/s  (a random game: {length:.0f} plies)"
        )
        if type(plugin) is not GamePlugin:
            limit = plugin.playout_depth if plugin.has_evaluation else plugin.max_playout_plies
            rate = playouts_per_second(game, plugin, options, limit, args.seconds)
            print(f"{'':24} with its plug-in:     {rate:8,.0f}/s  (at most {limit} plies)")


if __name__ == "__main__":
    main()
