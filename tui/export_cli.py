"""``pawnshop export FILE --svg``: a picture of a saved game's board, as review draws it.

The game is opened in review in an app with no terminal (Textual's headless run, on a data
folder of its own that is thrown away, so nothing of the player's is read or written), at the
end of its main line or after move ``--move N``, and the screen is written as SVG: the board
with the last move and the computer's best move marked, the players, the log with its
verdicts and, for an analysed game, the graph and the move's judgement in words.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from core.record import GameRecord
from saves.errors import SaveError
from saves.format import load

#: The size of the screen drawn, in cells.
SIZE = (100, 30)


def add_export_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``export`` to the ``pawnshop`` command's subcommands."""
    parser = commands.add_parser(
        "export",
        help="draw a saved game's board as a picture",
        description=(
            "Draw a saved game as review shows it, with the last move and the computer's "
            "marks, into an SVG file (FILE with .svg unless --out names another)."
        ),
    )
    parser.add_argument("file", help="the save file (.pawn)")
    parser.add_argument("--svg", action="store_true", required=True, help="as SVG")
    parser.add_argument(
        "--move", type=int, metavar="N", help="after the main line's move N (0: the start)"
    )
    parser.add_argument("--out", metavar="PATH", help="write the picture here")


def run_export(args: argparse.Namespace, stderr: TextIO | None = None) -> int:
    """Run ``pawnshop export``; the exit status."""
    err = stderr or sys.stderr
    source = Path(args.file).expanduser()
    target = Path(args.out).expanduser() if args.out else source.with_suffix(".svg")
    try:
        record = load(source)
    except SaveError as error:
        print(f"pawnshop: {error}", file=err)
        return 2
    mainline = record.mainline()
    move = len(mainline) if args.move is None else args.move
    if not 0 <= move <= len(mainline):
        print(f"pawnshop: --move must be from 0 to {len(mainline)} in this game", file=err)
        return 2
    record.goto(mainline[move - 1] if move else record.root)
    svg = asyncio.run(board_svg(record, source.stem))
    target.write_text(svg, encoding="utf-8")
    print(f"written to {target}", file=err)
    return 0


async def board_svg(record: GameRecord, title: str) -> str:
    """The review screen of ``record`` at its current move, as SVG."""
    from tui.app import create_app
    from tui.screens.board import BoardScreen

    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app(data_dir=data_dir)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await app.push_screen(BoardScreen(record, reviewing=True))
            await pilot.pause()
            return app.export_screenshot(title=title)
