"""Macadam's two move generators side by side: random-game plies per second with each, and
move-list calls per second on the positions of random games.

Usage: ``python tests/bench/bench_macadam_movegen.py [--seconds N]``
The C generator is the one the game uses wherever it was built (see
``core/games/macadam/movegen.py``); the Python one is the fallback and the reference.
A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from bench_rules import plies_per_second

from core.games.macadam import GAME, movegen, rules
from core.games.macadam.moves import PawnMove
from core.games.macadam.python_movegen import python_pawn_moves

Generator = Callable[[int, int, int], list[PawnMove]]


@contextmanager
def generating_with(generator: Generator) -> Iterator[None]:
    """The game's rules list their moves with ``generator`` for a while."""
    before = rules.pawn_moves
    rules.pawn_moves = generator
    try:
        yield
    finally:
        rules.pawn_moves = before


def positions(count: int) -> list[tuple[int, int, int]]:
    """``(own, other, seat)`` of the positions met in seeded random games."""
    rng = random.Random(2)
    found: list[tuple[int, int, int]] = []
    seed = 0
    state = GAME.new({}, seed)
    while len(found) < count:
        moves = GAME.legal_moves(state)
        if not moves or GAME.outcome(state) is not None:
            seed += 1
            state = GAME.new({}, seed)
            continue
        own, other = (state.north, state.south) if state.side else (state.south, state.north)
        found.append((own, other, state.side))
        state = GAME.apply(state, rng.choice(moves))
    return found


def calls_per_second(
    generator: Generator, boards: list[tuple[int, int, int]], seconds: float
) -> float:
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for own, other, seat in boards:
            generator(own, other, seat)
        calls += len(boards)
    return calls / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    generators: list[tuple[str, Generator]] = [("python", python_pawn_moves)]
    if movegen.ACCELERATED:
        generators.insert(0, ("c", movegen.pawn_moves))
    else:
        print("the C generator is not built here: only the Python one is measured")
    boards = positions(5000)
    for name, generator in generators:
        with generating_with(generator):
            _, plies, games = plies_per_second("macadam", args.seconds, {})
        calls = calls_per_second(generator, boards, args.seconds)
        print(
            f"macadam {name:6} generator {plies:>10,.0f} plies/s cpu  ({games} games finished)"
            f"  {calls:>10,.0f} move lists/s"
        )


if __name__ == "__main__":
    main()
