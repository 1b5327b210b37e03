"""How long the computer's analysis of a whole game takes, and how fast it searches.

Usage: ``python tests/bench/bench_analysis.py [game ...] [--moves 100] [--level normal]
[--seconds S]``

For each game a game of ``--moves`` random moves (fewer if it ends first; seeded, so the same
game every run) is analysed as ``pawnshop analyse`` does it, every position searched for the
level's time (``--seconds`` overrides it, for a quick run). Prints the seconds the whole
analysis took, the positions analysed, and the positions the searches looked at a second.
Figures only, never asserted.
"""

from __future__ import annotations

import argparse
import random
import time

from core import all_games, find_game
from core.analysis import analyse_game
from core.record import GameRecord


def random_game(game_id: str, moves: int, seed: int = 1) -> GameRecord:
    """A game of up to ``moves`` random moves; the longest of a few seeds if all end early."""
    best: GameRecord | None = None
    for attempt in range(20):
        game = find_game(game_id)
        record = GameRecord(game, seed=seed + attempt)
        rng = random.Random(seed + attempt)
        while record.outcome() is None and len(record.mainline()) < moves:
            legal = game.legal_moves(record.state)
            record.play(legal[rng.randrange(len(legal))], main=True)
        if best is None or len(record.mainline()) > len(best.mainline()):
            best = record
        if len(best.mainline()) >= moves:
            break
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=[game.id for game in all_games()])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seconds", type=float, default=None)
    args = parser.parse_args()
    print(f"{'game':<14} {'moves':>5} {'seconds':>8} {'s/move':>7} {'positions/s':>12} marks")
    for game_id in args.games:
        record = random_game(game_id, args.moves)
        start = time.perf_counter()
        work = 0
        marks = 0
        for progress in analyse_game(record, args.level, args.seconds):
            work += progress.move.best.work
            marks += progress.move.nag is not None
        seconds = time.perf_counter() - start
        moves = len(record.mainline())
        print(
            f"{game_id:<14} {moves:>5} {seconds:>8.1f} {seconds / max(1, moves):>7.2f} "
            f"{work / seconds:>12,.0f} {marks}",
            flush=True,
        )


if __name__ == "__main__":
    main()
