"""``pawnshop analyse FILE``: the computer's judgement of every move, written into the file.

Each main-line move gets its evaluation, best line and verdict (docs/save-format.md,
"Analysis"); a progress line on stderr says how far it has come. The file is written
atomically, in place unless ``--out`` names another; Ctrl+C stops and keeps the moves
analysed so far, and the next run goes on from there. A file that cannot be read is one
sentence and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from core.ai.levels import LEVELS
from core.analysis import analyse_game
from core.analysis_marks import VERDICT_SYMBOLS
from core.record import GameRecord
from saves.errors import SaveError
from saves.format import load, save

#: Exit status after Ctrl+C (what a shell reports for SIGINT).
INTERRUPTED = 130


def add_analyse_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``analyse`` to the ``pawnshop`` command's subcommands."""
    parser = commands.add_parser(
        "analyse",
        help="have the computer judge every move of a saved game",
        description=(
            "Have the computer judge every move of a saved game's main line: its player's win "
            "chance after it ({[%%eval 0.62]}), the best line from the position before it "
            "({[%%best c3-d4 c6-d5]}) and, for a move that lowered the chance, $6 (?!), $2 (?) "
            "or $4 (??). The annotated game is written back in place unless --out is given. "
            "Moves already judged are skipped (--again judges them anew); Ctrl+C keeps what "
            "is done."
        ),
    )
    parser.add_argument("file", help="the save file (.pawn)")
    parser.add_argument(
        "--level", default="normal", choices=list(LEVELS), help="the computer's strength"
    )
    parser.add_argument("--out", metavar="FILE", help="write the annotated game here instead")
    parser.add_argument(
        "--seconds",
        type=float,
        metavar="S",
        help="thinking time per position (default: the level's own)",
    )
    parser.add_argument("--again", action="store_true", help="judge moves already judged too")


def run_analyse(args: argparse.Namespace, stderr: TextIO | None = None) -> int:
    """Run ``pawnshop analyse``; the exit status."""
    err = stderr or sys.stderr
    source = Path(args.file).expanduser()
    target = Path(args.out).expanduser() if args.out else source
    if args.seconds is not None and not 0 < args.seconds <= 600:
        print("pawnshop: --seconds must be above 0 and at most 600", file=err)
        return 2
    try:
        record = load(source)
    except SaveError as error:
        print(f"pawnshop: {error}", file=err)
        return 2
    status, summary = 0, ""
    try:
        summary = _analyse(record, args, err)
    except KeyboardInterrupt:
        status = INTERRUPTED
        summary = "stopped: the moves analysed so far are kept"
    try:
        save(record, target)
    except SaveError as error:
        print(f"\npawnshop: {error}", file=err)
        return 2
    print(f"\n{summary}; written to {target}", file=err)
    return status


def _analyse(record: GameRecord, args: argparse.Namespace, err: TextIO) -> str:
    """Annotate ``record`` with a progress line on ``err``; a summary in words."""
    start = time.monotonic()
    marked: dict[int, int] = {}
    done = 0
    for progress in analyse_game(record, args.level, args.seconds, again=args.again):
        done = progress.done
        judged = progress.move
        if judged.nag is not None:
            marked[judged.nag] = marked.get(judged.nag, 0) + 1
        ply = judged.node.ply
        line = (
            f"\ranalysing: move {progress.done} of {progress.total} "
            f"(ply {ply}, {judged.node.notation[:20]})"
        )
        err.write(line.ljust(60))
        err.flush()
    if not done:
        return "every move was already analysed (--again analyses them anew)"
    marks = ", ".join(f"{count} {VERDICT_SYMBOLS[nag]}" for nag, count in sorted(marked.items()))
    seconds = time.monotonic() - start
    return f"{done} moves analysed in {seconds:.0f} s" + (f" ({marks})" if marks else "")
