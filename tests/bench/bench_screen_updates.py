"""The cpu time one move at a table costs each screen that shows it, on the server's loop.

Usage: ``python tests/bench/bench_screen_updates.py [--moves 40] [--spectators 4]
[--lobbies 4] [--tables 25] [--profile FILE] [--young N]``

Runs the server's sessions in this process, without SSH: each session is the server's own
``GameSession`` (its app, its driver, its terminal output) on a channel that only keeps what
is written, so that what is timed is the apps' work and nothing of the encryption. One table
of Martian Chess has its two players, ``--spectators`` sessions watch it and ``--lobbies``
sessions sit in the lobby, which lists ``--tables`` tables (the others with their players
away). The players then play ``--moves`` moves, each typed (``:``, the move, Enter) and
waited for until every screen shows it and every app has settled.

Each callback the loop runs is timed (thread cpu time) and counted to the app whose context
it runs in, so the figures are per screen: the mover's (the move typed and played), the
opponent's, each spectator's and each lobby's, per move. Lobbies redraw at most once a second
(``tui.net.lobby.REDRAW_INTERVAL``): their figure per redraw is printed too. ``--profile``
writes the statistics of the moves' phase to FILE and prints the top functions. The garbage
collector is settled as ``pawnshop serve`` settles it (``tui.net.collector``); ``--young N``
tries another threshold for its youngest generation.

A figure, not a test: nothing here is asserted.
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
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from textual.app import App

from core.registry import find_game
from tui.net.app import net_app_factory
from tui.net.collector import YOUNG_THRESHOLD, settle_collector
from tui.net.lobby import LobbyScreen
from tui.net.server_hall import server_hall
from tui.play.computer import ComputerRunner
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.ssh.config import ServerConfig
from tui.ssh.server import GameServer
from tui.ssh.session import GameSession
from tui.ssh.settled import app_is_settled
from tui.ssh.shared_css import share_parsed_css

WAIT_LIMIT = 60.0
TYPING = b"type a move in notation"
#: Moves that never capture and never end a Martian Chess game: each side shuffles a piece.
SHUFFLES = (("b1-a1", "a1-b1"), ("c8-d8", "d8-c8"))
SIZE = (100, 32)
#: Seconds without output after which a screen is taken to be drawn.
QUIET = 0.05


class KeptChannel:
    """The server side of an SSH channel, keeping what the app writes."""

    def __init__(self) -> None:
        self.output = bytearray()
        self.changed = asyncio.Event()
        self.closing = False

    def write(self, data: bytes) -> None:
        self.output += data
        self.changed.set()

    def write_stderr(self, data: bytes) -> None:
        self.write(data)

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_environment(self) -> dict[str, str]:
        return {}

    def exit(self, status: int) -> None:
        self.closing = True

    def close(self) -> None:
        self.closing = True

    async def grows(self, start: int) -> None:
        """Until something is written after the first ``start`` bytes."""
        deadline = time.perf_counter() + WAIT_LIMIT
        while len(self.output) <= start:
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise RuntimeError(f"waited {WAIT_LIMIT:.0f} s for the screen to change")
            with suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def shows(self, marker: bytes, start: int = 0) -> None:
        deadline = time.perf_counter() + WAIT_LIMIT
        while self.output.find(marker, max(0, start - len(marker))) < 0:
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise RuntimeError(f"waited {WAIT_LIMIT:.0f} s for {marker!r}")
            with suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)


class Screen:
    """One session: its player, its channel and its app."""

    def __init__(self, server: GameServer, name: str) -> None:
        self.player = PlayerIdentity(name=name)
        self.channel = KeptChannel()
        self.session = GameSession(server, self.player, "bench")
        self.session.connection_made(self.channel)  # type: ignore[arg-type]
        self.session.pty_requested("xterm-256color", (*SIZE, 0, 0), {})
        self.session.shell_requested()
        self.session.session_started()

    @property
    def app(self) -> App[Any]:
        app = self.session._app  # the bench reads the session's app to time it
        assert app is not None
        return app

    def press(self, keys: bytes) -> None:
        self.session.data_received(keys, None)

    def close(self) -> None:
        self.session.connection_lost(None)


class AppClock:
    """Times every callback the loop runs and counts it to the app whose context it runs in
    (``other`` when it runs in none: the loop's own, the input handed to a driver)."""

    def __init__(self) -> None:
        self.seconds: dict[int, float] = defaultdict(float)
        self.counting = False

    @contextmanager
    def installed(self) -> Iterator[None]:
        handle_run = asyncio.events.Handle._run
        clock = self

        def timed_run(handle: asyncio.events.Handle) -> None:
            if not clock.counting:
                handle_run(handle)
                return
            started = time.thread_time()
            try:
                handle_run(handle)
            finally:
                spent = time.thread_time() - started
                owner = 0
                for value in handle._context.values():  # type: ignore[attr-defined]
                    if isinstance(value, App):
                        owner = id(value)
                        break
                clock.seconds[owner] += spent

        asyncio.events.Handle._run = timed_run  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            asyncio.events.Handle._run = handle_run  # type: ignore[method-assign,assignment]

    def of(self, app: App[Any]) -> float:
        return self.seconds.get(id(app), 0.0)


async def settled(screens: list[Screen]) -> None:
    """Until every app has handled all it was given (callbacks already on the loop first)."""
    deadline = time.perf_counter() + WAIT_LIMIT
    await asyncio.sleep(0.002)
    while not all(app_is_settled(screen.app) for screen in screens):
        if time.perf_counter() > deadline:
            raise RuntimeError("the apps never settled")
        await asyncio.sleep(0.002)


async def quiet(screens: list[Screen]) -> None:
    """Until every app has settled and none has written for ``QUIET`` seconds (a screen's
    repaint comes on a timer after its widgets have handled the news)."""
    deadline = time.perf_counter() + WAIT_LIMIT
    while time.perf_counter() < deadline:
        await settled(screens)
        sizes = [len(screen.channel.output) for screen in screens]
        await asyncio.sleep(QUIET)
        if sizes == [len(screen.channel.output) for screen in screens]:
            return
    raise RuntimeError("the screens never stopped changing")


async def played(table: Table, ply: int) -> None:
    deadline = time.perf_counter() + WAIT_LIMIT
    while table.record.current.ply < ply:
        if time.perf_counter() > deadline:
            raise RuntimeError(f"move {ply} was never played")
        await asyncio.sleep(0.001)


class RedrawCount:
    """Counts the lobbies' redraws of their list (``LobbyScreen.show_tables``)."""

    def __init__(self) -> None:
        self.count = 0

    @contextmanager
    def installed(self) -> Iterator[None]:
        show_tables = LobbyScreen.show_tables
        counter = self

        def counted(lobby: LobbyScreen) -> None:
            counter.count += 1
            show_tables(lobby)

        LobbyScreen.show_tables = counted  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            LobbyScreen.show_tables = show_tables  # type: ignore[method-assign,assignment]


def say(*parts: object) -> None:
    """Print to the real stdout (each running app redirects ``sys.stdout`` to itself)."""
    print(*parts, file=sys.__stdout__, flush=True)


async def bench(args: argparse.Namespace, data_dir: Path) -> None:
    log = logging.getLogger("bench")
    log.addHandler(logging.NullHandler())
    log.propagate = False
    hall: TableHall = server_hall(data_dir, log, new_seed=lambda: 1, runner=ComputerRunner())
    config = ServerConfig(data_dir=data_dir, port=0, max_sessions=1000, idle_timeout=None)
    server = GameServer(config, net_app_factory(hall))
    share_parsed_css()
    game = find_game("Martian Chess")
    south, north = PlayerIdentity("south"), PlayerIdentity("north")
    table = hall.open_table(game, {}, [ME, OPEN], south)
    table.sit(north, 1)
    for number in range(1, args.tables):
        other = hall.open_table(game, {}, [ME, OPEN], PlayerIdentity(f"away{number}"))
        other.sit(PlayerIdentity(f"gone{number}"), 1)
    settle_collector(args.young)  # as ``pawnshop serve`` does once its hall is up
    clock = AppClock()
    lobby_redraws = RedrawCount()
    with clock.installed(), lobby_redraws.installed():
        players = [Screen(server, "south"), Screen(server, "north")]
        for player in players:
            await player.channel.shows(b"You play")
        spectators = [Screen(server, f"watcher{n}") for n in range(args.spectators)]
        for spectator in spectators:
            await spectator.channel.shows(b"tables on this server")
            spectator.press(b"w")
            await spectator.channel.shows(b"You are watching table 1")
        lobbies = [Screen(server, f"lobby{n}") for n in range(args.lobbies)]
        for lobby in lobbies:
            await lobby.channel.shows(b"tables on this server")
        everyone = players + spectators + lobbies
        await quiet(everyone)
        redraws_before = lobby_redraws.count
        profiler = cProfile.Profile() if args.profile else None
        clock.counting = True
        if profiler is not None:
            profiler.enable()
        wall = time.perf_counter()
        cpu = time.process_time()
        mover_cpu: list[float] = []
        opponent_cpu: list[float] = []
        for ply in range(1, args.moves + 1):
            side = (ply - 1) % 2
            mover, opponent = players[side], players[1 - side]
            move = SHUFFLES[side][((ply - 1) // 2) % 2]
            mover.press(b":")
            await mover.channel.shows(TYPING, len(mover.channel.output))
            await quiet(everyone)
            before = (clock.of(mover.app), clock.of(opponent.app))
            starts = [len(screen.channel.output) for screen in everyone]
            mover.press(move.encode() + b"\r")
            await played(table, ply)
            for screen, start in zip(players + spectators, starts, strict=False):
                await screen.channel.grows(start)
            await quiet(everyone)
            mover_cpu.append(clock.of(mover.app) - before[0])
            opponent_cpu.append(clock.of(opponent.app) - before[1])
        wall = time.perf_counter() - wall
        cpu = time.process_time() - cpu
        clock.counting = False
        if profiler is not None:
            profiler.disable()
        redraws = lobby_redraws.count - redraws_before
        for screen in everyone:
            screen.close()
        hall.flush()
    moves = args.moves
    say(
        f"{moves} moves at 1 table of {args.tables} listed: 2 players, "
        f"{len(spectators)} spectators, {len(lobbies)} lobbies; {SIZE[0]}x{SIZE[1]} terminals"
    )
    say(f"wall {wall:.2f} s, process cpu {cpu:.2f} s ({cpu / moves * 1000:.1f} ms per move)")
    say("cpu per move on the loop, by screen (median, with the ':' that opens the move line):")
    say(f"  mover's screen:      {statistics.median(mover_cpu) * 1000:6.2f} ms")
    say(f"  opponent's screen:   {statistics.median(opponent_cpu) * 1000:6.2f} ms")
    if spectators:
        each = sum(clock.of(s.app) for s in spectators) / len(spectators) / moves
        say(f"  each spectator's:    {each * 1000:6.2f} ms")
    if lobbies:
        each = sum(clock.of(s.app) for s in lobbies) / len(lobbies)
        per_redraw = each * len(lobbies) / redraws if redraws else 0.0
        say(
            f"  each lobby's:        {each / moves * 1000:6.2f} ms "
            f"({redraws / len(lobbies):.0f} redraws each, {per_redraw * 1000:.2f} ms a redraw)"
        )
    say(f"  outside the apps:    {clock.seconds.get(0, 0.0) / moves * 1000:6.2f} ms")
    hall.close()
    if profiler is not None:
        profiler.dump_stats(args.profile)
        pstats.Stats(args.profile, stream=sys.__stdout__).sort_stats("cumulative").print_stats(45)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--spectators", type=int, default=4)
    parser.add_argument("--lobbies", type=int, default=4)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--young", type=int, default=YOUNG_THRESHOLD, metavar="N")
    args = parser.parse_args()
    args.moves = max(2, args.moves)
    args.tables = max(1, args.tables)
    with tempfile.TemporaryDirectory(prefix="bench-screens-") as data_dir:
        asyncio.run(bench(args, Path(data_dir)))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
