"""How much work the computer's search does in Chase's Gold mode, whatever the machine's load.

Usage: ``python tests/bench/bench_chase_gold_search.py [--games 10] [--depth 2]``

Random Gold-mode games (seeded, so the same positions every run) are played out, and the
alpha-beta search looks at each of their positions to ``--depth`` plies. Prints the positions,
the moves searched at the root, the nodes, the processor seconds the searches took and the
nodes per processor second: Gold mode's searched moves and claims decide how wide each node
is and what it costs, so these are the figures to compare when they change. Processor time,
not the clock's, so that other work on the machine does not move them. Figures only, never
asserted.
"""

from __future__ import annotations

import argparse
import random
import time

from core.ai.alphabeta import AlphaBetaSearch
from core.ai.budget import Budget
from core.ai.chase import ChasePlugin
from core.registry import find_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--depth", type=int, default=2)
    args = parser.parse_args()
    game = find_game("chase")
    plugin = ChasePlugin(game)
    positions = nodes = width = 0
    seconds = 0.0
    for seed in range(1, args.games + 1):
        rng = random.Random(seed)
        state = game.new({"mode": "gold"}, seed)
        for _ in range(200):
            if game.outcome(state) is not None:
                break
            start = time.process_time()
            moves = plugin.searched_moves(state)
            search = AlphaBetaSearch(game, plugin, state, state.to_move, moves, random.Random(0))
            search.run(Budget(depth=args.depth))
            seconds += time.process_time() - start
            positions += 1
            nodes += search.nodes
            width += len(moves)
            legal = game.legal_moves(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    print(
        f"chase gold, depth {args.depth}: {positions} positions, "
        f"{width / positions:.1f} root moves, {nodes} nodes, {seconds:.1f} processor s, "
        f"{nodes / seconds:.0f} nodes/s"
    )


if __name__ == "__main__":
    main()
