"""The cpu time a session's start costs the server: its own app, to the lobby drawn, and every
other lobby that hears of its arrival.

Usage: ``python tests/bench/bench_session_start.py [--sessions 30] [--tables 25]
[--size 100x32] [--profile FILE]``

Runs the server's sessions in this process without SSH, as ``bench_screen_updates.py`` does
(each the server's own ``GameSession`` on a channel that only keeps what is written), so what
is timed is the apps' work and nothing of the handshake or the encryption. The hall lists
``--tables`` tables of Martian Chess. Sessions arrive one after the other, each waited for
until its lobby is drawn and every app has settled, and for each arrival the benchmark
counts:

- the new session's own app: thread cpu time of every loop callback run for it, and the
  times its screens were laid out (``Screen._refresh_layout``, counted by wrapping it);
- the other lobbies, already open: the cpu time they spent on the news of the arrival (the
  line of who is online), and their layouts;
- the work outside any app's loop: building the app, the hall hearing of the arrival, and
  this benchmark's own polling while it waits for the apps to settle.

Lobbies redraw at most once a second (``tui.net.lobby.REDRAW_INTERVAL``), so each arrival
waits that long before the next, and every lobby shows every arrival. ``--profile`` writes
the statistics of the arrivals to FILE and prints the top functions. A figure, not a test:
nothing here is asserted. The SSH handshake's own cost is in ``bench_ssh.py --app echo``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import logging
import pstats
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import bench_screen_updates as screens
from bench_screen_updates import AppClock, Screen, quiet, say
from textual.app import App
from textual.screen import Screen as TextualScreen

from core.registry import find_game
from tui.net.app import net_app_factory
from tui.net.collector import settle_collector
from tui.net.lobby import REDRAW_INTERVAL
from tui.net.server_hall import server_hall
from tui.play.computer import ComputerRunner
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.ssh.config import ServerConfig
from tui.ssh.server import GameServer
from tui.ssh.shared_css import share_parsed_css

LOBBY = b"tables on this server"


class LayoutCount:
    """How many times each app's screens were laid out."""

    def __init__(self) -> None:
        self.of: Counter[int] = Counter()

    @contextmanager
    def installed(self) -> Iterator[None]:
        refresh_layout = TextualScreen._refresh_layout
        counts = self.of

        def counted(screen: TextualScreen[Any], *args: Any, **kwargs: Any) -> None:
            counts[id(screen.app)] += 1
            refresh_layout(screen, *args, **kwargs)

        TextualScreen._refresh_layout = counted  # type: ignore[method-assign]
        try:
            yield
        finally:
            TextualScreen._refresh_layout = refresh_layout  # type: ignore[method-assign]


def size_of(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height)


def bench_server(
    data_dir: Path, tables: int, size: tuple[int, int]
) -> tuple[TableHall, GameServer]:
    """A server's hall of ``tables`` tables of Martian Chess (every other one with its two
    seats taken) and the server whose sessions the benchmark starts in this process, on
    terminals of ``size``."""
    screens.SIZE = size
    log = logging.getLogger("bench")
    log.addHandler(logging.NullHandler())
    log.propagate = False
    hall = server_hall(data_dir, log, new_seed=lambda: 1, runner=ComputerRunner())
    config = ServerConfig(data_dir=data_dir, port=0, max_sessions=1000, idle_timeout=None)
    server = GameServer(config, net_app_factory(hall))
    share_parsed_css()
    game = find_game("Martian Chess")
    for number in range(tables):
        table = hall.open_table(game, {}, [ME, OPEN], PlayerIdentity(f"south{number}"))
        if number % 2:
            table.sit(PlayerIdentity(f"north{number}"), 1)
    return hall, server


async def bench(args: argparse.Namespace, data_dir: Path) -> None:
    hall, server = bench_server(data_dir, args.tables, args.size)
    settle_collector()
    clock = AppClock()
    layouts = LayoutCount()
    own_cpu: list[float] = []
    own_layouts: list[int] = []
    others_cpu: list[float] = []
    others_layouts: list[int] = []
    outside: list[float] = []
    profiler = cProfile.Profile() if args.profile else None
    with clock.installed(), layouts.installed():
        warm = Screen(server, "warm-up")  # loads and styles what every session shares
        await warm.channel.shows(LOBBY)
        await quiet([warm])
        warm.close()
        await asyncio.sleep(REDRAW_INTERVAL)
        clock.counting = True
        present: list[Screen] = []
        for number in range(args.sessions):
            apps: list[App[Any]] = [screen.app for screen in present]
            before = [clock.of(app) for app in apps]
            layouts_before = sum(layouts.of[id(app)] for app in apps)
            outside_before = clock.seconds.get(0, 0.0)
            if profiler is not None:
                profiler.enable()
            arriving = Screen(server, f"player{number}")
            await arriving.channel.shows(LOBBY)
            await quiet([*present, arriving])
            if profiler is not None:
                profiler.disable()
            own_cpu.append(clock.of(arriving.app))
            own_layouts.append(layouts.of[id(arriving.app)])
            others_cpu.append(
                sum(clock.of(app) - was for app, was in zip(apps, before, strict=True))
            )
            others_layouts.append(sum(layouts.of[id(app)] for app in apps) - layouts_before)
            outside.append(clock.seconds.get(0, 0.0) - outside_before)
            present.append(arriving)
            await asyncio.sleep(REDRAW_INTERVAL)  # the next arrival redraws every lobby
        clock.counting = False
        for screen in present:
            screen.close()
    hall.close()
    width, height = args.size
    say(
        f"{args.sessions} sessions arriving one after the other at the lobby of {args.tables} "
        f"tables; {width}x{height} terminals"
    )
    say(
        f"the arriving session's app: median {statistics.median(own_cpu) * 1000:.1f} ms cpu, "
        f"{statistics.median(own_layouts):.0f} layouts"
    )
    last = others_cpu[-1] / max(1, args.sessions - 1)
    say(
        f"the lobbies already open, per arrival: median {statistics.median(others_cpu) * 1000:.1f}"
        f" ms cpu in all ({last * 1000:.2f} ms each at the last arrival), "
        f"{sum(others_layouts)} layouts in all the run"
    )
    say(
        f"outside any app's loop, per arrival: median {statistics.median(outside) * 1000:.1f} ms "
        "(building the app, the hall hearing of the arrival, and this benchmark's own waiting)"
    )
    if profiler is not None and args.profile:
        profiler.dump_stats(args.profile)
        pstats.Stats(args.profile, stream=sys.__stdout__).sort_stats("cumulative").print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--size", type=size_of, default=(100, 32), metavar="WxH")
    parser.add_argument("--profile", metavar="FILE")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(bench(args, Path(folder)))
    say(f"(ran {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
