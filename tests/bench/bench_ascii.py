"""What drawing in ASCII costs: the ASCII filter over every line of a whole screen at 80x24.

Opens the game list, a Martian Chess board and a Chase board with tiles, takes every line the
screen draws, and times ``AsciiFilter.apply`` over all of them: with the stand-ins of the
screen's texts remembered (as while playing, where a redraw shows texts drawn before) and
with nothing remembered (the first frame). In the app the filter runs only on lines that are
drawn again, so a key press costs a few of these lines, not the whole screen.

Usage: ``python tests/bench/bench_ascii.py [--rounds 2000]``. A figure, not a test: nothing
here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from typing import Any

from rich.segment import Segment
from textual.color import Color

from core import GameRecord, find_game
from tui.app import create_app
from tui.ascii import glyphs
from tui.ascii.drawing import AsciiFilter

CHASE_POSITION = (
    "mode:regular turn:S gold:20,20 deck:TXPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,"
    "f5=NE.SW$2N,g6=NW.SE,f7=NW.SE,e6=N.E.S.W$4S,c6=N.S@N"
)


async def screen_lines(record: GameRecord | None) -> list[list[Segment]]:
    """Every line of the first screen of the app (on ``record``'s board, if given)."""
    games = None if record is None else [record.game]
    app = create_app(data_dir=tempfile.mkdtemp(), record=record, games=games)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return [list(strip) for strip in app.screen._compositor.render_strips()]


def time_filter(lines: list[list[Segment]], rounds: int, remembered: bool) -> float:
    """Microseconds the filter takes over ``lines``, on average over ``rounds``."""
    ascii_filter = AsciiFilter()
    black = Color(0, 0, 0)
    start = time.perf_counter()
    for _ in range(rounds):
        if not remembered:
            glyphs._convert_cached.cache_clear()
        for line in lines:
            ascii_filter.apply(line, black)
    return (time.perf_counter() - start) / rounds * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2000)
    rounds = parser.parse_args().rounds
    chase = find_game("chase")
    screens: dict[str, Any] = {
        "game list": None,
        "Martian Chess board": GameRecord(find_game("martian-chess"), {}, 1, ["S", "N"]),
        "Chase board": GameRecord(chase, {}, 1, ["Sam", "Nat"], CHASE_POSITION),
    }
    print(f"{'screen':<20} {'segments':>8} {'beyond':>7} {'remembered':>11} {'first':>8}")
    for name, record in screens.items():
        lines = asyncio.run(screen_lines(record))
        segments = sum(len(line) for line in lines)
        beyond = sum(1 for line in lines for segment in line if not segment.text.isascii())
        remembered = time_filter(lines, rounds, remembered=True)
        first = time_filter(lines, max(1, rounds // 20), remembered=False)
        print(f"{name:<20} {segments:>8} {beyond:>7} {remembered:>9.0f}us {first:>6.0f}us")


if __name__ == "__main__":
    main()
