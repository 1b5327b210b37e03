"""How fast and how deep the computer searches Chase in Gold mode.

Usage: ``python tests/bench/bench_chase_gold_search.py [--games 10] [--seconds 0.1]
[--every 1]``

Random Gold-mode games (seeded, so the same positions every run) are played out; every
``--every`` plies the Normal search thinks for ``--seconds`` on the position. Prints the
positions searched, the nodes a second, the mean depth finished and how many moves the
search chose from. Gold mode's searched moves decide how wide each node is, so this is the
figure to compare when they change. Figures only, never asserted.
"""

from __future__ import annotations

import argparse
import random
import time

from core.ai.searcher import Searcher
from core.registry import find_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    game = find_game("chase")
    positions = nodes = depths = width = 0
    seconds = 0.0
    for seed in range(1, args.games + 1):
        rng = random.Random(seed)
        state = game.new({"mode": "gold"}, seed)
        ply = 0
        while game.outcome(state) is None and ply < 200:
            if ply % args.every == 0:
                searcher = Searcher(game, state, "normal", seed=seed)
                searcher.run(deadline=time.monotonic() + args.seconds)
                stats = searcher.stats
                positions += 1
                nodes += stats.work
                depths += stats.depth
                seconds += stats.seconds
                width += len(searcher.moves)
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))])
            ply += 1
    print(
        f"chase gold: {positions} positions, {nodes / seconds:.0f} nodes/s, "
        f"mean depth {depths / positions:.2f}, mean root moves {width / positions:.1f}"
    )


if __name__ == "__main__":
    main()
