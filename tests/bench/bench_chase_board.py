"""The cpu time the Chase board takes to draw: the whole board, and the lines a cursor step
draws again (the two squares' lines), at 80x24 (arrow lines shared between ranks) and at
120x40 (three-line squares), on a board with star tiles, gold, pawns and single exits.

Usage: ``python tests/bench/bench_chase_board.py [--rounds 200]``

A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from core import GameRecord, find_game
from core.squares import parse_square
from tui.app import create_app
from tui.widgets.board import BoardWidget

STAR = "N.NE.E.SE.S.SW.W.NW"
POSITION = (
    f"mode:regular turn:S gold:20,20 deck:TXPSI board:e4={STAR}@S,e5={STAR}$12N,"
    f"d4={STAR},d5={STAR},f5=NE.SW$2N,g6=NW.SE,f7=NW.SE,e6=N.E.S.W$4S,c6=N.S@N,"
    "a2=NW,b2=N,c2=NE,d2=E,e2=SE,f2=S,g2=SW,h2=W"
)


async def measure(size: tuple[int, int], rounds: int) -> tuple[float, float]:
    """Milliseconds of cpu time for a whole board and for a cursor step's lines."""
    chase = find_game("chase")
    record = GameRecord(chase, {}, 1, ["Sam", "Nat"], POSITION)
    app = create_app(data_dir=Path(tempfile.mkdtemp()), record=record, games=[chase])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.screen.query_one(BoardWidget)
        view, geometry = board.view, board.geometry
        assert view is not None and geometry is not None
        start = time.process_time()
        for _ in range(rounds):
            board._draw()
        whole = (time.process_time() - start) / rounds
        lines: set[int] = set()
        for name in ("e4", "e5"):
            region = geometry.square_region(parse_square(name, 8, 8))
            lines.update(range(region.y, region.bottom))
        start = time.process_time()
        for _ in range(rounds):
            board._board_lines(view, geometry, sorted(lines))
        step = (time.process_time() - start) / rounds
    return whole * 1000, step * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    for size in ((80, 24), (120, 40)):
        whole, step = asyncio.run(measure(size, args.rounds))
        print(
            f"{size[0]}x{size[1]}: whole board {whole:.2f} ms, "
            f"a cursor step's lines {step:.2f} ms (cpu, mean of {args.rounds})"
        )


if __name__ == "__main__":
    main()
