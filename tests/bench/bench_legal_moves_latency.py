"""The slowest ``legal_moves`` calls of random games: a turn must never stall the screen.

Usage: ``python tests/bench/bench_legal_moves_latency.py [game ...] [--games N]
[--only name=value] [--save FILE]``

Plays ``N`` random games (300 by default) of each game and option set below from seeds 0 to
N-1 and times every ``legal_moves`` call on a position not seen before. Prints, per game and
option set, the calls made, the slowest call and the 99.9th percentile in milliseconds: of
wall-clock time; of the processor time of this thread (the same but for the time other
processes took the processor meanwhile); and of that less the garbage collector's pauses
(``cpu-gc``), which fall into any call now and then. ``--only name=value`` keeps the option
sets with that option; ``--save FILE`` appends the position text of the slowest few
positions of each set (by ``cpu-gc``) to ``FILE``, for test data. A figure, not a test:
nothing here is asserted.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from pathlib import Path

from core import find_game
from core.game import Game
from core.options import parse_options

#: The option sets timed for each game: every mode, player count and option that changes
#: what the move generator does.
OPTION_SETS: dict[str, tuple[dict[str, str], ...]] = {
    "martian-chess": (
        {"players": "2"},
        {"players": "4", "teams": "on"},
        {"players": "4", "teams": "off"},
    ),
    "mac": (
        {"mode": "standard"},
        {"mode": "standard", "tokens": "on"},
        {"mode": "dark"},
        {"mode": "light"},
    ),
    "macadam": ({"start": "dots"}, {"start": "free"}),
    "chase": (
        {"mode": "regular"},
        {"mode": "tiles"},
        {"mode": "gold"},
        {"mode": "regular", "pawns": "8"},
        {"mode": "tiles", "pawns": "8"},
        {"mode": "gold", "pawns": "8"},
    ),
}
#: Plies after which a random game is given up (a few games wander for ever).
MAX_PLIES = 1000
#: How many of the slowest positions of each option set ``--save`` keeps.
SAVED = 3


class GarbageClock:
    """The processor time Python's garbage collector has taken since ``reset``: a pause that
    may fall into any call, whatever that call does."""

    def __init__(self) -> None:
        self.taken = 0.0
        self._began = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.thread_time()
        else:
            self.taken += time.thread_time() - self._began

    def reset(self) -> None:
        self.taken = 0.0


def time_games(
    game: Game, options: dict[str, str], games: int
) -> tuple[list[float], list[float], list[float], list[tuple[float, str]]]:
    """Every ``legal_moves`` time over ``games`` random games, wall-clock, processor, and
    processor but for garbage collection (seconds), and the slowest positions as
    ``(processor seconds but for garbage collection, position text)``."""
    walls: list[float] = []
    cpus: list[float] = []
    nets: list[float] = []
    slowest: list[tuple[float, str]] = []
    garbage = GarbageClock()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(options, seed)
        for _ in range(MAX_PLIES):
            garbage.reset()
            wall, cpu = time.perf_counter(), time.thread_time()
            moves = game.legal_moves(state)
            cpu = time.thread_time() - cpu
            walls.append(time.perf_counter() - wall)
            cpus.append(cpu)
            net = cpu - garbage.taken
            nets.append(net)
            if len(slowest) < SAVED or net > slowest[0][0]:
                slowest.append((net, game.write_position(state)))
                slowest.sort()
                del slowest[:-SAVED]
            if not moves or game.outcome(state) is not None:
                break
            state = game.apply(state, moves[rng.randrange(len(moves))])
    gc.callbacks.remove(garbage._note)
    return walls, cpus, nets, slowest


def percentile(times: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``times`` lie (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: all four)")
    parser.add_argument("--games", dest="count", type=int, default=300, help="games per set")
    parser.add_argument("--only", action="append", default=[], help="name=value")
    parser.add_argument("--save", type=Path, help="append the slowest positions to this file")
    args = parser.parse_args()
    wanted = parse_options(" ".join(args.only))
    for name in args.games or list(OPTION_SETS):
        game = find_game(name)
        for options in OPTION_SETS[game.id]:
            if any(options.get(key) != value for key, value in wanted.items()):
                continue
            walls, cpus, nets, slowest = time_games(game, options, args.count)
            label = " ".join(f"{key}={value}" for key, value in options.items())
            print(
                f"{game.id:14} {label:22} {len(walls):>7,} calls  slowest"
                f" {max(walls) * 1000:5.1f} ms wall {max(cpus) * 1000:5.1f} cpu"
                f" {max(nets) * 1000:5.1f} cpu-gc  99.9%"
                f" {percentile(walls, 0.999) * 1000:5.1f} ms wall"
                f" {percentile(cpus, 0.999) * 1000:5.1f} cpu"
                f" {percentile(nets, 0.999) * 1000:5.1f} cpu-gc",
                flush=True,
            )
            if args.save:
                with args.save.open("a", encoding="utf-8") as out:
                    for took, text in reversed(slowest):
                        out.write(f"# {game.id} {label}: {took * 1000:.0f} ms cpu-gc\n{text}\n")


if __name__ == "__main__":
    main()
