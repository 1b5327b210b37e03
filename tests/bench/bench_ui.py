"""How fast the board screen answers a key: from a key press to the screen updated.

Plays random games of a game by keys (arrows to each square of a move, Enter on it) in the
app at 80x24 until ``--moves`` moves are made, timing every key press from sending the key
event until every widget has handled what followed from it and the screen has been laid out
and drawn again. (The pilot's own ``press`` sleeps at least 40 ms to let the app settle, so
the key is sent and waited for here without those sleeps, through the pilot's internals.)

Usage: ``python tests/bench/bench_ui.py [--moves 200] [--game martian-chess] [--option k=v]``
Prints the median and 95th percentile in milliseconds. A figure, not a test: nothing here is
asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from typing import Any

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


async def timed_press(pilot: Pilot[Any], key: str, times: list[float]) -> None:
    app = pilot.app
    event = Key(key, "\r" if key == "enter" else None)
    event.set_sender(app)
    start = time.perf_counter()
    app._driver.send_message(event)  # type: ignore[union-attr]
    await settle(pilot)
    times.append(time.perf_counter() - start)


async def timed_idle(pilot: Pilot[Any], times: list[float]) -> None:
    """The cost of the measurement itself: settling a screen where nothing happened."""
    start = time.perf_counter()
    await settle(pilot)
    times.append(time.perf_counter() - start)


def keys_to(screen: BoardScreen, square: int) -> list[str]:
    geometry = screen.query_one(BoardWidget).geometry
    assert geometry is not None
    column, row = geometry.display_cell(screen.cursor)
    to_column, to_row = geometry.display_cell(square)
    keys = ["right" if to_column > column else "left"] * abs(to_column - column)
    return keys + ["down" if to_row > row else "up"] * abs(to_row - row)


async def run(game_name: str, options: dict[str, str], moves: int) -> dict[str, list[float]]:
    game = find_game(game_name)
    rng = random.Random(1)
    record = GameRecord(game, options, seed=1)
    times: dict[str, list[float]] = {
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


def report(times: dict[str, list[float]]) -> None:
    for name, values in times.items():
        if not values:
            continue
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"{name:26} {len(values):5} times  median {statistics.median(values) * 1000:6.1f} ms"
            f"  p95 {p95 * 1000:6.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--game", default="martian-chess")
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args()
    options = parse_options(" ".join(args.option))
    print(f"{args.game} {options or ''}: {args.moves} moves by keys at 80x24")
    report(asyncio.run(run(args.game, options, args.moves)))


if __name__ == "__main__":
    main()
