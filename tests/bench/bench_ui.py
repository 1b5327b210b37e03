"""How fast the board screen answers a key: from a key press to the screen updated.

Plays random games of a game by keys (arrows to each square of a move, Enter on it) in the
app at 80x24 until ``--moves`` moves are made, timing every key press from sending the key
event until every widget has handled what followed from it and the screen has been laid out
and drawn again. (The pilot's own ``press`` sleeps at least 40 ms to let the app settle, so
the key is sent and waited for here without those sleeps, through the pilot's internals.)

Usage: ``python tests/bench/bench_ui.py [--moves 200] [--game martian-chess] [--option k=v]``
Prints the median and 95th percentile in milliseconds, of the clock and of the processor time
(the whole process, and the app's own thread alone: on a busy machine the clock mostly measures
the other work; the whole process includes work handed to other threads, such as a file sync).
``--calls`` counts the function calls each key costs instead: slower, but a figure that other
work on the machine does not change, to compare two versions of the code by.
A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from typing import Any, NamedTuple

from textual.events import Key
from textual.pilot import Pilot

from core import GameRecord, find_game
from core.options import parse_options
from tui.app import create_app
from tui.screens.board import BoardScreen
from tui.widgets.board import BoardWidget

#: Rounds of waiting for every widget's queue: a message handled in one round may post more.
SETTLE_ROUNDS = 3


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until every widget has handled its messages, then lay out and draw the screen
    now rather than at the next tick of its refresh timer."""
    for _ in range(SETTLE_ROUNDS):
        await pilot._wait_for_screen()
    pilot.app.screen._on_timer_update()


class Timing(NamedTuple):
    """One measurement: clock seconds, and processor seconds of the whole process (every
    thread) and of the app's own thread, which other work on a busy machine inflates less;
    with ``--calls``, the Python and C function calls made (which it does not change at all)."""

    clock: float
    processor: float
    app_thread: float
    calls: int = 0


class Stopwatch:
    #: Count function calls too (``--calls``): this slows everything down, so times measured
    #: with it are not comparable with times measured without.
    count_calls = False

    def __init__(self) -> None:
        self.calls = 0
        if self.count_calls:
            sys.setprofile(self._count)
        self.start = (time.perf_counter(), time.process_time(), time.thread_time())

    def _count(self, frame: Any, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            self.calls += 1

    def stop(self) -> Timing:
        clock, processor, thread = self.start
        timing = Timing(
            time.perf_counter() - clock,
            time.process_time() - processor,
            time.thread_time() - thread,
            self.calls,
        )
        sys.setprofile(None)
        return timing


async def timed_press(pilot: Pilot[Any], key: str, times: list[Timing]) -> None:
    app = pilot.app
    event = Key(key, "\r" if key == "enter" else None)
    event.set_sender(app)
    watch = Stopwatch()
    app._driver.send_message(event)  # type: ignore[union-attr]
    await settle(pilot)
    times.append(watch.stop())


async def timed_idle(pilot: Pilot[Any], times: list[Timing]) -> None:
    """The cost of the measurement itself: settling a screen where nothing happened."""
    watch = Stopwatch()
    await settle(pilot)
    times.append(watch.stop())


def keys_to(screen: BoardScreen, square: int) -> list[str]:
    geometry = screen.query_one(BoardWidget).geometry
    assert geometry is not None
    column, row = geometry.display_cell(screen.cursor)
    to_column, to_row = geometry.display_cell(square)
    keys = ["right" if to_column > column else "left"] * abs(to_column - column)
    return keys + ["down" if to_row > row else "up"] * abs(to_row - row)


async def run(game_name: str, options: dict[str, str], moves: int) -> dict[str, list[Timing]]:
    game = find_game(game_name)
    rng = random.Random(1)
    record = GameRecord(game, options, seed=1)
    times: dict[str, list[Timing]] = {
        "every key": [],
        "Enter that plays a move": [],
        "no key (measuring alone)": [],
    }
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app(data_dir=data_dir, record=record, new_seed=lambda: 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            played = 0
            while played < moves:
                screen = app.screen
                if not isinstance(screen, BoardScreen):  # the game ended: start another
                    app.open_board(GameRecord(game, options, seed=played))
                    await pilot.pause()
                    continue
                state = screen.record.state
                choices = [m for m in game.legal_moves(state) if game.move_path(state, m)]
                if not choices:
                    app.open_board(GameRecord(game, options, seed=played))
                    await pilot.pause()
                    continue
                await timed_idle(pilot, times["no key (measuring alone)"])
                move = rng.choice(choices)
                path = game.move_path(state, move)
                before = len(screen.record.line())
                for square in path:
                    for key in keys_to(screen, square):
                        await timed_press(pilot, key, times["every key"])
                    await timed_press(pilot, "enter", times["every key"])
                if isinstance(app.screen, BoardScreen) and app.screen is not screen:
                    continue
                if len(screen.record.line()) > before:
                    times["Enter that plays a move"].append(times["every key"][-1])
                    played += 1
                else:  # several moves share the path: pick the one wanted in the chooser
                    await pilot.press("escape")
                    screen.play(move)
                    played += 1
    return times


def figures(values: list[float]) -> str:
    """Median and 95th percentile in milliseconds."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1000:6.1f} ms  p95 {p95 * 1000:6.1f} ms"


def report(times: dict[str, list[Timing]]) -> None:
    for name, values in times.items():
        if not values:
            continue
        print(f"{name} ({len(values)} times)")
        if Stopwatch.count_calls:
            calls = sorted(value.calls for value in values)
            p95 = calls[min(len(calls) - 1, int(0.95 * len(calls)))]
            print(f"    {'function calls':22} median {statistics.median(calls):8.0f}  p95 {p95:8}")
            continue
        for label, field in FIGURES:
            print(f"    {label:22} {figures([getattr(value, field) for value in values])}")


#: What is printed for each kind of measurement: the clock, then the processor time.
FIGURES = (
    ("clock", "clock"),
    ("cpu, whole process", "processor"),
    ("cpu, the app's thread", "app_thread"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--game", default="martian-chess")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument(
        "--calls",
        action="store_true",
        help="count function calls instead of timing (the same on a busy machine or an idle one)",
    )
    args = parser.parse_args()
    Stopwatch.count_calls = args.calls
    options = parse_options(" ".join(args.option))
    print(f"{args.game} {options or ''}: {args.moves} moves by keys at 80x24")
    report(asyncio.run(run(args.game, options, args.moves)))


if __name__ == "__main__":
    main()
