"""How long the computer's analysis of a whole game takes, how fast it searches, and how fast
review answers a key while an analysis runs.

Usage: ``python tests/bench/bench_analysis.py [game ...] [--moves 100] [--level normal]
[--seconds S] [--keys 60]``

For each game a game of ``--moves`` random moves (fewer if it ends first; seeded, so the same
game every run) is analysed as ``pawnshop analyse`` does it, every position searched for the
level's time (``--seconds`` overrides it, for a quick run). Prints the seconds the whole
analysis took, the positions analysed, and the positions the searches looked at a second.

Then, for the first game, the app reviews that game at 80x24 and times ``--keys`` presses of
``Right`` and ``Left`` (stepping through the main line), each from sending the key until the
screen has handled it and been drawn again (``bench_ui.timed_press``), first with no analysis,
then with ``A``'s analysis running at the level's own time (its process and the thread that
reads it busy beside the app). ``--keys 0`` leaves this out. Figures only, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_ui import Timing, report, timed_press
from textual.pilot import Pilot

from core import all_games, find_game
from core.analysis import analyse_game
from core.record import GameRecord
from saves.format import load, save
from tui.app import create_app
from tui.screens.board import BoardScreen
from tui.screens.resume import ResumeScreen
from tui.widgets.status_line import StatusLine


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


#: Seconds to wait for a screen or for the analysis to start: a bound, never a figure.
PATIENCE = 60.0


async def review_key_times(record: GameRecord, keys: int, level: str) -> dict[str, list[Timing]]:
    """Key-to-frame times of ``Right``/``Left`` in review, without and with an analysis."""
    times: dict[str, list[Timing]] = {"no analysis": [], "analysis running": []}
    with tempfile.TemporaryDirectory() as data_dir:
        path = save(record, Path(data_dir) / "reviewed.pawn")
        app = create_app(data_dir=data_dir, record=load(path), path=path, new_seed=lambda: 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ResumeScreen))
            await pilot.press("n")  # review it rather than play on
            await until(pilot, lambda: isinstance(app.screen, BoardScreen))
            screen = app.screen
            assert isinstance(screen, BoardScreen)
            screen.review.analysis.LEVEL = level
            await pilot.press("home")
            for name in times:
                if name == "analysis running":
                    await pilot.press("A")  # timed once its first move is judged
                    await until(pilot, lambda: " of " in status(screen))
                for index in range(keys):
                    # Walk forward half the way, back again, and so on.
                    forward = (index // max(1, keys // 4)) % 2 == 0
                    await timed_press(pilot, "right" if forward else "left", times[name])
                if name == "analysis running":
                    running = screen.review.analysis.running
                    print(f"(the analysis was {'still' if running else 'no longer'} running)")
                    await pilot.press("escape")
                    await until(pilot, lambda: not screen.review.analysis.running)
    return times


def status(screen: BoardScreen) -> str:
    return screen.query_one(StatusLine).message


async def until(pilot: Pilot[Any], condition: Callable[[], bool]) -> None:
    """Let the app run until ``condition()`` holds (a bound of ``PATIENCE`` seconds)."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit("the review screen did not get there in time")
        await pilot.pause(0.02)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=[game.id for game in all_games()])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--keys", type=int, default=60, help="review keys timed (0: none)")
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
    if args.keys:
        record = random_game(args.games[0], args.moves)
        print(f"\nreview of {args.games[0]}, {len(record.mainline())} moves: Right/Left to frame")
        report(asyncio.run(review_key_times(record, args.keys, args.level)))


if __name__ == "__main__":
    main()
