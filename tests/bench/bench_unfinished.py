"""How long the unfinished games take to read: at start (``find_resumable``: the game played
last is read in full, the others counted) and for the library's list (``list_unfinished``:
every one read in full, on a thread of its own, to know whose turn it is).

The autosave folder is filled with games of each kind, ``--plies`` random moves long (Chase's
replay is by far the slowest). Usage: ``python tests/bench/bench_unfinished.py [--games 10]
[--plies 139] [--runs 3]``. A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from core import GameRecord, find_game
from saves.autosave import write_autosave
from saves.unfinished import find_resumable, list_unfinished

GAMES = ("martian-chess", "mac", "macadam", "chase")


def random_game(game_id: str, plies: int, seed: int) -> GameRecord:
    game = find_game(game_id)
    record = GameRecord(game, {}, seed, ["Alice", "Bob"])
    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(game.legal_moves(record.state))
        if not moves or game.outcome(record.state) is not None:
            break
        move = rng.choice(moves)
        record.play(move, main=True)
        if game.outcome(record.state) is not None:  # an unfinished game: take the last back
            record.undo(main=True)
            break
    return record


def timed(action: object, runs: int) -> float:
    """The median time of ``action()`` in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="unfinished games of each kind")
    parser.add_argument("--plies", type=int, default=139)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for game_id in GAMES:
        with tempfile.TemporaryDirectory() as folder:
            data = Path(folder)
            for seed in range(args.games):
                write_autosave(random_game(game_id, args.plies, seed), data)
            start = timed(lambda data=data: find_resumable(data), args.runs)
            listing = timed(lambda data=data: list_unfinished(data), args.runs)
            print(
                f"{game_id:14} {args.games} games: start {start:7.1f} ms, "
                f"library list {listing:7.1f} ms"
            )


if __name__ == "__main__":
    main()
