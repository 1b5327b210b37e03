"""Random-game speed of each game's rules: ``legal_moves`` + ``apply`` plies per second.

Usage: ``python tests/bench/bench_rules.py [game ...] [--seconds N] [--option name=value ...]``
Prints one line per game. A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import random
import time

from core import all_games, find_game
from core.options import parse_options


def plies_per_second(
    game_name: str, seconds: float, options: dict[str, str]
) -> tuple[float, float, int]:
    """Plies per wall-clock second, plies per CPU second of this process, games finished."""
    game = find_game(game_name)
    rng = random.Random(1)
    plies = games = 0
    seed = 0
    state = game.new(options, seed)
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(256):
            moves = game.legal_moves(state)
            if not moves or game.outcome(state) is not None:
                games += 1
                seed += 1
                state = game.new(options, seed)
                continue
            state = game.apply(state, rng.choice(moves))
            plies += 1
        if time.perf_counter() > deadline:
            break
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return plies / wall, plies / cpu, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args()
    options = parse_options(" ".join(args.option))
    names = args.games or [game.id for game in all_games()]
    for name in names:
        wall, cpu, games = plies_per_second(name, args.seconds, options)
        label = " ".join(f"{k}={v}" for k, v in options.items())
        print(
            f"{name:16} {label:20} {wall:>10,.0f} plies/s wall  {cpu:>10,.0f} plies/s cpu"
            f"  ({games} games finished)"
        )


if __name__ == "__main__":
    main()
