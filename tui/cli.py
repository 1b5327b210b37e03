"""The ``pawnshop`` command: the app, ``open FILE``, ``gtp``, ``serve``, ``analyse``,
``--version``, ``--data-dir``, ``--ascii``.

Errors are one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

#: Set to 1 to quit as soon as the first screen is drawn (for measuring start-up time).
EXIT_AFTER_FIRST_FRAME = "PAWNSHOP_EXIT_AFTER_FIRST_FRAME"


DATA_DIR_HELP = (
    "where saved games and the autosave live "
    "(default: $PAWNSHOP_DATA_DIR, else your platform's data folder)"
)
ASCII_HELP = (
    "draw the app in plain ASCII (the default where the locale or TERM cannot show UTF-8: "
    "a locale that is not UTF-8, or TERM vt100, vt220, dumb ...)"
)


def build_parser() -> argparse.ArgumentParser:
    from core import __version__

    parser = argparse.ArgumentParser(
        prog="pawnshop",
        description="Play, save and review abstract strategy board games in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"pawnshop {__version__}")
    parser.add_argument("--data-dir", metavar="DIR", help=DATA_DIR_HELP)
    parser.add_argument("--ascii", action="store_true", help=ASCII_HELP)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    opener = commands.add_parser(
        "open",
        help="open a saved game",
        description=(
            "Open a saved game (.pawn file): a finished one for review; for an unfinished one "
            "you choose between playing it on and reviewing it."
        ),
    )
    opener.add_argument("file", help="the save file")
    # Also accepted after the command; SUPPRESS keeps a value given before it.
    opener.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=DATA_DIR_HELP)
    opener.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help=ASCII_HELP)
    commands.add_parser(
        "gtp",
        help="talk the engine text protocol on stdin and stdout",
        description="Play through the engine text protocol on stdin and stdout (docs/protocol.md).",
    )
    from tui.net.serve import add_serve_command

    add_serve_command(commands)
    from tui.analyse_cli import add_analyse_command

    add_analyse_command(commands)
    from tui.export_cli import add_export_command

    add_export_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "gtp":
            return run_gtp()
        if args.command == "analyse":
            from tui.analyse_cli import run_analyse

            return run_analyse(args)
        if args.command == "export":
            from tui.export_cli import run_export

            return run_export(args)
        if args.command == "serve":
            from tui.net.serve import run_serve

            return run_serve(args)
        return run_app(args)
    except KeyboardInterrupt:
        return 130
    except OSError as error:
        print(f"pawnshop: {error.strerror or error}", file=sys.stderr)
        return 2


def run_gtp() -> int:
    from tui import gtp

    result = gtp.main()
    return result if isinstance(result, int) else 0


def run_app(args: argparse.Namespace) -> int:
    from saves.errors import SaveError
    from saves.format import load
    from tui.app import create_app
    from tui.ascii.detect import local_wants_ascii

    record = path = None
    if args.command == "open":
        path = Path(args.file).expanduser().absolute()
        try:
            record = load(path)
        except SaveError as error:
            print(f"pawnshop: {error}", file=sys.stderr)
            return 2
    app = create_app(
        data_dir=args.data_dir,
        record=record,
        path=path,
        exit_after_first_frame=os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1",
        ascii=args.ascii or local_wants_ascii(),
    )
    app.run()
    return app.return_code or 0
