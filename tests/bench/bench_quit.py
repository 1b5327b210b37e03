"""How long quitting takes while the computer thinks: from ``q`` to the process gone.

Each round starts a fresh Python process that opens a Martian Chess game against the Hard
computer (about five seconds a move) with the pilot, plays a move, waits until the computer's
search is under way in its worker process, and presses ``q``. The time runs from the key to
the end of that process, as a player waits for the shell prompt; the part spent before the app
has left (``run_test`` returned) is printed too. Then the autosave is read back: it must hold
every move that was shown.

Usage: ``python tests/bench/bench_quit.py [--rounds 3]``. A figure, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = "--child"


async def quit_while_thinking(data_dir: Path) -> dict[str, object]:
    from core import GameRecord, find_game
    from saves.format import load
    from saves.paths import autosave_file
    from tui.app import create_app
    from tui.play.seat_types import computer_type, tag_name
    from tui.screens.board import BoardScreen

    record = GameRecord(find_game("martian-chess"), {}, 1, ["Alice", "Bob"])
    record.tags[tag_name(1)] = computer_type("hard")
    app = create_app(data_dir=data_dir, record=record, new_seed=lambda: 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"c3-d4", "enter")  # the move is autosaved as it is played
        deadline = time.monotonic() + 60
        while True:
            screen = app.screen
            busy = screen.computers.busy if isinstance(screen, BoardScreen) else None
            if busy is not None and busy.handle is not None and busy.handle.started:
                break
            assert time.monotonic() < deadline, "the computer never started thinking"
            await pilot.pause(0.02)
        await pilot.pause(0.3)  # well into the search
        shown = len(screen.record.line())
        pressed = time.time()
        await pilot.press("q")
    left = time.time()
    saved = len(load(autosave_file(data_dir)).line())
    return {"pressed": pressed, "left": left, "shown": shown, "saved": saved}


def child(data_dir: str) -> None:
    print(json.dumps(asyncio.run(quit_while_thinking(Path(data_dir)))), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(CHILD, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    to_exit, to_leave = [], []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as data_dir:
            done = subprocess.run(
                [sys.executable, __file__, CHILD, data_dir],
                capture_output=True,
                text=True,
                check=False,
            )
            ended = time.time()
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            to_exit.append(ended - figures["pressed"])
            to_leave.append(figures["left"] - figures["pressed"])
            print(
                f"q to app gone {to_leave[-1]:.2f} s, to process gone {to_exit[-1]:.2f} s; "
                f"moves shown {figures['shown']}, autosaved {figures['saved']}"
            )
    print(
        f"median over {args.rounds}: q to app gone {statistics.median(to_leave):.2f} s, "
        f"q to process gone {statistics.median(to_exit):.2f} s"
    )


if __name__ == "__main__":
    main()
