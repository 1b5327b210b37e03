"""Whether computer-only games end: how many plies each takes, per game, option set and level.

Usage: ``python tests/bench/ai_games_end.py [game ...] [--games N] [--seconds S]
[--levels easy,normal] [--option name=value ...] [--protocol GAME ...] [--seed N]``

Each game is played by computers only, every move found the way the app finds a computer
seat's move (``tui.play.computer_turns.search_request`` answered by
``tui.play.computer.run_search``, as the worker process does), and for the games named by
``--protocol`` (Martian Chess by default) also through the engine text protocol's
``genmove``, with ``time_left`` set so that each move gets ``--seconds``. ``--seconds`` is
the thinking time a move (Easy keeps its own depth of one move; its time only guards against
a runaway search). A game is stopped after ``MAX_PLIES`` plies and counted as one that did
not end.

One line per game, then per game, option set and level the lengths in plies: min, median,
max, and how many ran past ``MAX_PLIES``. Figures only, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterator

from core import all_games, find_game
from core.game import Game
from core.options import format_options, parse_options
from core.protocol import Session
from core.record import GameRecord
from tui.play.computer import run_search
from tui.play.computer_turns import search_request

#: A computer-only game still going after this many plies counts as one that never ends.
MAX_PLIES = 400

#: The option sets played when none is given: the defaults, then each option that changes
#: how a game can end or how long it runs (who moves first and where the portals lie do not).
OPTION_SETS: dict[str, tuple[str, ...]] = {
    "martian-chess": (
        "",
        "clock=off",
        "players=4",
        "players=4 teams=off",
        "players=4 clock=off",
        "players=4 teams=off clock=off",
    ),
    "mac": (
        "",
        "tokens=on",
        "mode=dark",
        "mode=dark tokens=on",
        "mode=light",
        "mode=light tokens=on",
    ),
    "macadam": ("", "start=free"),
    "chase": (
        "",
        "pawns=4",
        "pawns=8",
        "gold=12",
        "mode=tiles",
        "mode=tiles pawns=8",
        "mode=gold",
        "mode=gold pawns=8",
    ),
}

#: Plays one game: ``(game, options, seed, level, seconds) -> (plies, how it ended)``, the
#: ending ``None`` for a game stopped at ``MAX_PLIES``.
Player = Callable[[Game, dict[str, str], int, str, float], tuple[int, str | None]]


def play_as_the_app(
    game: Game, options: dict[str, str], seed: int, level: str, seconds: float
) -> tuple[int, str | None]:
    """Plies played and how the game ended, every seat a computer seat of the app."""
    record = GameRecord(game, options, seed=seed)
    while record.outcome() is None and record.current.ply < MAX_PLIES:
        node = record.current
        result = run_search(search_request(record, node, level, seconds))
        record.play(game.parse_move(node.state, result.move), main=True)
    outcome = record.outcome()
    return record.current.ply, outcome.reason if outcome else None


def play_through_the_protocol(
    game: Game, options: dict[str, str], seed: int, level: str, seconds: float
) -> tuple[int, str | None]:
    """Plies played and how the game ended, every move a ``genmove`` of the text protocol."""
    session = Session()
    words = " ".join([game.id, format_options(options), f"seed={seed}"])
    say(session, f"new_game {words}")
    while session.record is not None and session.record.outcome() is None:
        if session.record.current.ply >= MAX_PLIES:
            break
        say(session, f"time_left {seconds * 20}")  # genmove thinks a twentieth of it
        say(session, f"genmove {level}")
    assert session.record is not None
    outcome = session.record.outcome()
    return session.record.current.ply, outcome.reason if outcome else None


def say(session: Session, command: str) -> str:
    """``command``'s answer; a refusal stops the bench with the protocol's reason."""
    answer = session.handle(command)
    assert answer is not None
    text, _ = answer
    if not text.startswith("="):
        raise SystemExit(f"{command}: {text.strip()}")
    return text[1:].strip()


def cases(args: argparse.Namespace) -> Iterator[tuple[Game, dict[str, str], str, Player]]:
    names = args.games_to_play or [game.id for game in all_games()]
    levels = args.levels.split(",")
    for name in names:
        game = find_game(name)
        sets = [" ".join(args.option)] if args.option else OPTION_SETS.get(game.id, ("",))
        paths: list[tuple[str, Player]] = [("app", play_as_the_app)]
        if game.id in args.protocol:
            paths.append(("protocol", play_through_the_protocol))
        for text in sets:
            for level in levels:
                for path, player in paths:
                    yield game, parse_options(text), f"{level} {path}", player


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games_to_play", nargs="*", metavar="game")
    parser.add_argument("--games", type=int, default=4, help="games per case (default 4)")
    parser.add_argument(
        "--seconds", type=float, default=0.1, help="thinking time a move (default 0.1)"
    )
    parser.add_argument("--levels", default="easy,normal", help="default easy,normal")
    parser.add_argument("--option", action="append", default=[], help="name=value: one set")
    parser.add_argument(
        "--protocol",
        nargs="*",
        default=["martian-chess"],
        help="games also played through genmove (default martian-chess)",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    summary: list[str] = []
    for game, options, how, player in cases(args):
        label = f"{game.id} {format_options(options) or 'defaults'} {how}"
        lengths = []
        over = 0
        for seed in range(args.seed, args.seed + args.games):
            start = time.monotonic()
            plies, reason = player(game, options, seed, how.split()[0], args.seconds)
            lengths.append(plies)
            over += reason is None
            elapsed = time.monotonic() - start
            ending = reason or f"not over after {MAX_PLIES} plies"
            print(f"{label}  seed {seed}: {plies} plies ({elapsed:.0f} s) {ending}", flush=True)
        summary.append(
            f"{label:48} min {min(lengths):4}  median {statistics.median(lengths):6.1f}  "
            f"max {max(lengths):4}  not over after {MAX_PLIES}: {over}/{len(lengths)}"
        )
    print()
    print("\n".join(summary))


if __name__ == "__main__":
    main()
