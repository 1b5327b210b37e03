"""What the news of a table costs each lobby on view: a table opened, a seat taken, a move
played, a game ended.

Usage: ``python tests/bench/bench_lobby_news.py [--lobbies 20] [--tables 25] [--rounds 10]
[--size 100x32] [--profile FILE]``

Runs the server's sessions in this process without SSH, as ``bench_session_start.py`` does
(each the server's own ``GameSession`` on a channel that only keeps what is written): a hall
of ``--tables`` tables of Martian Chess and ``--lobbies`` sessions in its lobby. Then, for
``--rounds`` rounds, one piece of news at a time, each waited for until every lobby has
drawn it and settled (lobbies redraw at most once a second, so the benchmark waits that long
between two pieces of news): a table is opened, a second player sits at it, its first move is
played, and its first player resigns. For each kind of news it prints the median cpu time
one lobby spent on it (thread cpu time of every loop callback run for its app) and how many
times a lobby was laid out. ``--profile`` writes the statistics of the rounds to FILE and
prints the top functions. A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from bench_screen_updates import AppClock, Screen, quiet, say
from bench_session_start import LOBBY, LayoutCount, bench_server, size_of

from core.registry import find_game
from tui.net.collector import settle_collector
from tui.net.lobby import REDRAW_INTERVAL
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.play.table_endings import resign

MARTIAN = find_game("Martian Chess")


async def bench(args: argparse.Namespace, data_dir: Path) -> None:
    hall, server = bench_server(data_dir, args.tables, args.size)
    lobbies = [Screen(server, f"lobby{number}") for number in range(args.lobbies)]
    for lobby in lobbies:
        await lobby.channel.shows(LOBBY)
    await quiet(lobbies)
    settle_collector()
    clock = AppClock()
    layouts = LayoutCount()
    cpu: dict[str, list[float]] = defaultdict(list)
    laid_out: dict[str, list[int]] = defaultdict(list)
    profiler = cProfile.Profile() if args.profile else None

    async def news(kind: str, change: Callable[[], object]) -> None:
        await asyncio.sleep(REDRAW_INTERVAL)  # the news shows at once, not a second later
        apps = [lobby.app for lobby in lobbies]
        before = [clock.of(app) for app in apps]
        layouts_before = [layouts.of[id(app)] for app in apps]
        if profiler is not None:
            profiler.enable()
        change()
        await quiet(lobbies)
        if profiler is not None:
            profiler.disable()
        cpu[kind] += [clock.of(app) - was for app, was in zip(apps, before, strict=True)]
        laid_out[kind] += [
            layouts.of[id(app)] - was for app, was in zip(apps, layouts_before, strict=True)
        ]

    async def one_round(round_: int) -> None:
        south = PlayerIdentity(f"new{round_}")
        opened: list[Table] = []
        await news("a table opened", lambda: opened.append(open_table(south)))
        table = opened[0]
        await news("a seat taken", lambda: table.sit(PlayerIdentity(f"north-{round_}"), 1))
        move = MARTIAN.parse_move(table.record.state, "c3-d4")
        await news("a move played", lambda: table.play(south, move))
        await news("a game ended", lambda: resign(table, south))

    def open_table(south: PlayerIdentity) -> Table:
        return hall.open_table(MARTIAN, {}, [ME, OPEN], south)

    with clock.installed(), layouts.installed():
        clock.counting = True
        for round_ in range(args.rounds):
            await one_round(round_)
        clock.counting = False
    for lobby in lobbies:
        lobby.close()
    hall.close()
    width, height = args.size
    say(
        f"{args.lobbies} lobbies on view, {args.tables} tables listed, {args.rounds} rounds; "
        f"{width}x{height} terminals"
    )
    for kind, spent in cpu.items():
        say(
            f"{kind + ':':16} median {statistics.median(spent) * 1000:.2f} ms cpu a lobby, "
            f"{statistics.mean(laid_out[kind]):.1f} layouts a lobby"
        )
    if profiler is not None and args.profile:
        profiler.dump_stats(args.profile)
        pstats.Stats(args.profile, stream=sys.__stdout__).sort_stats("cumulative").print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lobbies", type=int, default=20)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--size", type=size_of, default=(100, 32), metavar="WxH")
    parser.add_argument("--profile", metavar="FILE")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-lobby-news-") as data_dir:
        asyncio.run(bench(args, Path(data_dir)))


if __name__ == "__main__":
    main()
