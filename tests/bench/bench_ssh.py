"""The SSH server under N concurrent sessions on loopback: connect time, key latency, memory.

Usage: ``python tests/bench/bench_ssh.py [--sessions 50] [--keys 10]
[--app echo|pairs|pawnshop|tables]
[--profile FILE] [--workers N[,N...]] [--database URL|postgres] [--pace SECONDS]
[--only-connect]``

Starts ``pawnshop serve``'s server in a child process on a free loopback port (with a tiny
echo app, or the real app), opens N sessions at once, and prints:

- connect time: from opening the connection to the app's first screen (median, p95, max);
- key latency: from sending a key to the screen update it causes (median, p95), once with
  one session typing at a time and once with every session typing at once;
- memory: the server's resident memory per session (growth with N sessions open / N), after
  one warm-up session has loaded what every session shares.

With ``--app tables`` the sessions pair up at tables of Martian Chess through the lobby (50
games for 100 sessions) and each move's figure is from its Enter in one session to the
opponent's screen showing it. Three phases of ``--keys`` moves per game each, printed apart:

- one game at a time: one move in flight, every other session connected;
- burst, all games at the same instant: every game's move typed at once, the next once all
  have arrived: the worst case, 50 moves landing together;
- paced, all games at a player's pace: every game in play at the same time, each moving
  every ``--pace`` seconds (10 by default; 0 leaves the phase out) from a random offset, so
  that moves arrive spread out as on a full server. This is the load of a full server.

Each move figure and the connect figure are held to their goals (move: median under 50 ms,
p95 under 150 ms; 100 clients connecting at once: p95 under 1 s) and the output says whether
each is met. ``--only-connect`` stops after the sessions connect (the connect figure alone).

``--app pairs`` measures the floor under the tables' move figures: the sessions pair up as
partners in an app of one line (``BenchPairApp``: no board, no log, no store, no layout) and
type moves as the tables' players do; a move's figure is from its Enter to the partner's line
showing it, one game at a time and in a burst (with ``--profile``, the burst is profiled).
With ``--sessions 50`` it is one worker's share of the tables' 100 sessions on two workers.

The clients run in this process and the server in its own, so that the clients' work does
not count as the server's; both processes' cpu time is printed for each phase, and progress
goes to stderr. A figure, not a test: nothing here is asserted. Bounded: at most 500 sessions,
every wait for a screen gives up after 120 s (naming what it waited for), and the whole run
after ``--timeout`` seconds.

``--profile FILE`` (with ``--app tables``) runs the server under ``cProfile`` while the moves
are played one game at a time (with ``--only-connect``, while the sessions connect; with
``--app pairs``, during the burst), writes the statistics to FILE and prints the top
functions.

``--workers N`` (with ``--app tables``) runs the server as a player would, ``pawnshop serve
--workers N`` (``--workers 1``: the one process of ``pawnshop serve``), with ``--database URL``
if given (``--database postgres``: a throwaway PostgreSQL cluster started for the run, as the
tests make, which PostgreSQL's ``initdb`` must be installed for); the cpu time and memory are
then those of the supervisor and all its workers, and the run says how many sessions each
worker took. ``--workers 1,2`` runs the whole benchmark once for each, then lists the
headline figures side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import signal
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench_players import (
    TYPING,
    Played,
    Player,
    burst,
    one_game_at_a_time,
    open_tables,
    paced,
    table_player,
)
from bench_server import (
    Phases,
    Served,
    connect_goal,
    database,
    idle_cpu_per_second,
    move_goal,
    resident_kib,
    serve_command,
    served,
    server_report,
    settled,
    summary,
)
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.ssh.config import ServerConfig
from tui.ssh.server import GameServer, run
from tui.ssh.session_info import SessionInfo

MAX_SESSIONS = 500
ECHO_READY = b"echo ready"
PAIR_READY = b"pair ready"
#: The pair apps of the bench's own server by player name, and each game's plies played.
PAIR_APPS: dict[str, BenchPairApp] = {}
GAME_PLIES: Counter[int] = Counter()
PAWNSHOP_READY = b"Choose a game"
#: Headline figures of one run: (what, seconds), listed side by side for several workers.
Headline = list[tuple[str, list[float]]]


class BenchPairApp(App[None]):
    """The least a game between two sessions can be: one line that says what was played.

    The sessions of players ``bench1`` and ``bench2`` are partners, ``bench3`` and ``bench4``,
    and so on. ``:`` opens a move line (the line says ``TYPING``), the keys after it are the
    move, and Enter hands the move to the partner's app (through its message queue, as the
    hall tells an opponent's session), whose line then shows it as the move log would
    (``   7. b1-a1``). No board, no log, no store, and no layout (the line keeps its size):
    what is left of a move is the apps, the event loop and SSH, the floor under any screen
    drawn by an app per session."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, info: SessionInfo) -> None:
        super().__init__()
        number = int(info.player.name.removeprefix("bench") or 0)
        self.partner_name = f"bench{number + 1 if number % 2 else number - 1}"
        self.game = (number + 1) // 2
        self.typed: str | None = None
        self.player_name = info.player.name
        PAIR_APPS[self.player_name] = self

    def compose(self) -> ComposeResult:
        yield Static("pair ready", id="line", markup=False)

    def on_key(self, event: events.Key) -> None:
        line = self.query_one("#line", Static)
        if event.character == ":":
            self.typed = ""
            line.update(TYPING.decode(), layout=False)
        elif event.key == "enter" and self.typed is not None:
            move, self.typed = self.typed, None
            line.update(f"played {move}", layout=False)
            GAME_PLIES[self.game] += 1
            partner = PAIR_APPS.get(self.partner_name)
            if partner is not None:
                partner.call_later(partner.hear, GAME_PLIES[self.game], move)
        elif self.typed is not None and event.character:
            self.typed += event.character
            line.update(f"{TYPING.decode()}: {self.typed}", layout=False)

    def on_unmount(self) -> None:
        PAIR_APPS.pop(self.player_name, None)

    def hear(self, ply: int, move: str) -> None:
        """The partner played ``move``, ply ``ply`` of their game."""
        self.query_one("#line", Static).update(f"{ply:>4}. {move}", layout=False)


class BenchEchoApp(App[None]):
    """Shows the last key pressed, and nothing else moves."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, info: SessionInfo) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        yield Static("echo ready", id="echo", markup=False)

    def on_key(self, event: events.Key) -> None:
        self.query_one("#echo", Static).update(f"echo key={event.key}")


def pawnshop_app(info: SessionInfo) -> App[Any]:
    from tui.app import create_app

    return create_app(data_dir=info.data_dir / "players" / info.player.directory_name)


# -- the server, in a child process ---------------------------------------------------------


def profile_on_signal(path: str) -> None:
    """SIGUSR1 starts profiling this process; the next SIGUSR1 stops it and writes ``path``."""
    profiler = cProfile.Profile()
    running = [False]

    def toggle(signum: int, frame: object) -> None:
        if running[0]:
            profiler.disable()
            profiler.dump_stats(path)
        else:
            profiler.enable()
        running[0] = not running[0]

    signal.signal(signal.SIGUSR1, toggle)


def serve(data_dir: Path, app_name: str, sessions: int, profile: str | None = None) -> None:
    if profile:
        profile_on_signal(profile)
    factory = {"echo": BenchEchoApp, "pairs": BenchPairApp}.get(app_name, pawnshop_app)
    config = ServerConfig(data_dir=data_dir, port=0, max_sessions=sessions + 1, idle_timeout=None)
    halls: list[Any] = []
    if app_name == "tables":

        def factory(info: SessionInfo) -> App[Any]:
            from tui.net.app import net_app_factory

            return net_app_factory(halls[0])(info)

    def ready(server: GameServer) -> None:
        if app_name == "tables":
            from tui.net.server_hall import server_hall

            halls.append(server_hall(data_dir, server.log))
        print(server.port, flush=True)

    run(config, factory, on_ready=ready)


# -- echo and the app's first screen --------------------------------------------------------


async def measure(port: int, pid: int, sessions: int, keys: int, app_name: str) -> None:
    ready = ECHO_READY if app_name == "echo" else PAWNSHOP_READY
    echo = app_name == "echo"
    start_kib = resident_kib(pid)
    warm_up = Player(port, 0, ready, echo)
    first_connect = await warm_up.connect()
    await warm_up.press()
    await warm_up.close()
    await settled(pid)
    baseline_kib = resident_kib(pid)

    players = [Player(port, index + 1, ready, echo) for index in range(sessions)]
    wall = asyncio.get_running_loop().time()
    connect_times = list(await asyncio.gather(*(player.connect() for player in players)))
    all_up = asyncio.get_running_loop().time() - wall
    await settled(pid)
    loaded_kib = resident_kib(pid)

    one_at_a_time = [await player.press() for _ in range(keys) for player in players]
    await settled(pid)
    all_at_once: list[float] = []
    for _ in range(keys):
        all_at_once += await asyncio.gather(*(player.press() for player in players))
    await asyncio.gather(*(player.close() for player in players))

    print(f"app: {app_name}   sessions: {sessions}   keys per session: {keys} (x2)")
    print(
        f"server memory: {start_kib / 1024:.1f} MiB at start, {baseline_kib / 1024:.1f} MiB "
        f"after one session, {loaded_kib / 1024:.1f} MiB with {sessions} open"
    )
    print(f"memory per session: {(loaded_kib - baseline_kib) / sessions / 1024:.2f} MiB")
    print(f"first session (cold) to first screen: {first_connect * 1000:.0f} ms")
    print(f"connect to first screen, {sessions} at once: {summary(connect_times)}")
    print(f"all {sessions} sessions up in {all_up:.2f} s")
    print(f"key -> screen, one session at a time:  {summary(one_at_a_time)}")
    print(f"key -> screen, all sessions at once:   {summary(all_at_once)}")


async def measure_pairs(
    port: int, pid: int, sessions: int, moves: int, profile: str | None = None
) -> None:
    """The floor of a move reaching the opponent: ``BenchPairApp``'s partners typing moves as
    the tables' players do (``:``, the move, Enter), one game at a time and in a burst (the
    burst under ``cProfile`` with ``profile``)."""
    sessions -= sessions % 2
    players = [Player(port, index + 1, PAIR_READY, echo=False) for index in range(sessions)]
    connect_times = list(await asyncio.gather(*(player.connect() for player in players)))
    await settled(pid)
    pairs = list(zip(players[::2], players[1::2], strict=True))
    phases = Phases(pid)
    one_at_a_time = seconds_of(await one_game_at_a_time(pairs, 1, moves))
    phases.done(f"{moves * len(pairs)} moves, one game at a time")
    await settled(pid)
    phases.restart()
    if profile:
        os.kill(pid, signal.SIGUSR1)
    all_at_once = seconds_of(await burst(pairs, moves + 1, moves))
    phases.done(f"{moves * len(pairs)} moves, burst: all games at the same instant")
    if profile:
        os.kill(pid, signal.SIGUSR1)
    await asyncio.gather(*(player.close() for player in players))
    print(f"app: pairs   sessions: {sessions}   games: {len(pairs)}   moves per game: {2 * moves}")
    print(f"connect to first screen, {sessions} at once: {summary(connect_times)}")
    print(f"move -> opponent's screen, one game at a time: {summary(one_at_a_time)}")
    print(
        f"move -> opponent's screen, burst (all {len(pairs)} games at the same instant): "
        f"{summary(all_at_once)}\n  {move_goal(all_at_once)}"
    )
    phases.print()


# -- tables: games between pairs of sessions ------------------------------------------------


def seconds_of(played: list[Played]) -> list[float]:
    return [move.seconds for move in played]


async def measure_tables(server: Served, args: argparse.Namespace) -> Headline:
    """Connect, pair up, play the three phases; print the figures and return the headline."""
    port, pid = server.port, server.pid
    sessions = args.sessions - args.sessions % 2
    moves = args.keys
    phases = Phases(pid)
    start_kib = resident_kib(pid)
    warm_up = table_player(port, 0)
    first_connect = await warm_up.connect()
    await warm_up.close()
    await settled(pid)
    baseline_kib = resident_kib(pid)
    phases.done("warm-up session")

    players = [table_player(port, index + 1) for index in range(sessions)]
    profile_connect = args.profile and args.only_connect
    if profile_connect:
        os.kill(pid, signal.SIGUSR1)
    connect_times = list(await asyncio.gather(*(player.connect() for player in players)))
    phases.done(f"{sessions} sessions connect at once")
    if profile_connect:
        os.kill(pid, signal.SIGUSR1)
    connected = f"connect to the lobby on screen, {sessions} at once: {summary(connect_times)}"
    headline: Headline = [(f"connect, {sessions} at once", connect_times)]
    if args.only_connect:
        await asyncio.gather(*(player.close() for player in players))
        print(f"app: tables   sessions: {sessions}")
        print(f"first session (cold) to the lobby: {first_connect * 1000:.0f} ms")
        print(f"{connected}\n  {connect_goal(connect_times)}")
        return headline
    await settled(pid)
    lobby_kib = resident_kib(pid)
    phases.restart()
    pairs = await open_tables(players)
    await settled(pid)
    phases.done(f"{len(pairs)} tables opened and sat at")

    if args.profile:
        os.kill(pid, signal.SIGUSR1)
    one_at_a_time = seconds_of(await one_game_at_a_time(pairs, 1, moves))
    phases.done(f"{moves * len(pairs)} moves, one game at a time")
    if args.profile:
        os.kill(pid, signal.SIGUSR1)
    await settled(pid)
    phases.restart()
    all_at_once = seconds_of(await burst(pairs, moves + 1, moves))
    phases.done(f"{moves * len(pairs)} moves, burst: all games at the same instant")
    at_pace: list[float] = []
    if args.pace > 0:
        await settled(pid)
        phases.restart()
        at_pace = seconds_of(await paced(pairs, 2 * moves + 1, moves, args.pace))
        phases.done(f"{moves * len(pairs)} moves, paced: each game every {args.pace:g} s")
    await settled(pid)
    loaded_kib = resident_kib(pid)
    idle_cpu = await idle_cpu_per_second(pid)

    # One more player at a time, while every other session sits at a table in play.
    phases.restart()
    late_times = []
    for index in range(5):
        late = table_player(port, sessions + 1 + index)
        late_times.append(await late.connect())
        await late.close()
        await settled(pid)
    phases.done("5 late sessions, one at a time")
    await asyncio.gather(*(player.close() for player in players))

    games = len(pairs)
    plies = moves * (3 if args.pace > 0 else 2)
    print(f"app: tables   sessions: {sessions}   games: {games}   moves per game: {plies}")
    print(
        f"server memory: {start_kib / 1024:.1f} MiB at start, {baseline_kib / 1024:.1f} MiB "
        f"after one session, {lobby_kib / 1024:.1f} MiB with {sessions} in the lobby, "
        f"{loaded_kib / 1024:.1f} MiB with {sessions} in {games} games"
    )
    print(
        f"memory per session: {(lobby_kib - baseline_kib) / sessions / 1024:.2f} MiB in the "
        f"lobby, {(loaded_kib - baseline_kib) / sessions / 1024:.2f} MiB at a table"
    )
    print(f"first session (cold) to the lobby: {first_connect * 1000:.0f} ms")
    print(f"{connected}\n  {connect_goal(connect_times)}")
    print(
        f"connect to the lobby on screen, one at a time with {sessions} sessions in "
        f"{games} games: {summary(late_times)}"
    )
    print(
        f"server cpu while nobody types, {sessions} sessions in {games} games: "
        f"{idle_cpu * 1000:.1f} ms per second"
    )
    print(f"move -> opponent's screen, one game at a time: {summary(one_at_a_time)}")
    print(
        f"move -> opponent's screen, burst (all {games} games at the same instant): "
        f"{summary(all_at_once)}\n  {move_goal(all_at_once)}"
    )
    headline += [("move, one game at a time", one_at_a_time), ("move, burst", all_at_once)]
    if args.pace > 0:
        print(
            f"move -> opponent's screen, paced (all {games} games in play, each moving every "
            f"{args.pace:g} s): {summary(at_pace)}\n  {move_goal(at_pace)}"
        )
        headline.append((f"move, paced every {args.pace:g} s", at_pace))
    phases.print()
    return headline


# -- the command ----------------------------------------------------------------------------


def worker_counts(text: str) -> list[int]:
    """``--workers``: one count, or several separated by commas (``1,2``)."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of workers: {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"workers must be 1 or more: {text!r}")
    return counts


def run_once(args: argparse.Namespace, workers: int | None) -> Headline:
    """One run of the benchmark, against ``pawnshop serve --workers N`` or the bench's own
    server (``workers`` None); the headline figures of a tables run."""
    headline: Headline = []
    with (
        tempfile.TemporaryDirectory(prefix="bench-ssh-") as data_dir,
        database(args.database) as url,
    ):
        command = [sys.executable, __file__, "--serve", data_dir, "--app", args.app]
        command += ["--sessions", str(args.sessions)]
        if args.profile:
            command += ["--profile", str(Path(args.profile).resolve())]
        said = "the benchmark's own, in one process"
        if workers is not None:
            command = serve_command(data_dir, args.sessions, workers, url)
            said = f"pawnshop serve --workers {workers}"
            said += f" --database {args.database}" if args.database else ""
        log = Path(data_dir) / "ssh-server.log"
        with server_report(log, said, workers is not None), served(command) as server:
            if args.app == "tables":
                coroutine: Any = measure_tables(server, args)
            elif args.app == "pairs":
                coroutine = measure_pairs(
                    server.port, server.pid, args.sessions, args.keys, args.profile
                )
            else:
                coroutine = measure(server.port, server.pid, args.sessions, args.keys, args.app)
            headline = asyncio.run(asyncio.wait_for(coroutine, args.timeout)) or []
    return headline


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--keys", type=int, default=10, help="keys, or moves per game a phase")
    parser.add_argument("--app", choices=("echo", "pairs", "pawnshop", "tables"), default="echo")
    parser.add_argument("--timeout", type=float, default=1800.0)
    parser.add_argument("--profile", metavar="FILE", help="profile the server's moves to FILE")
    parser.add_argument(
        "--workers", type=worker_counts, metavar="N", help="pawnshop serve --workers N (or 1,2)"
    )
    parser.add_argument(
        "--database", metavar="URL", help="pawnshop serve --database URL (postgres: a throwaway)"
    )
    parser.add_argument("--pace", type=float, default=10.0, metavar="SECONDS")
    parser.add_argument("--only-connect", action="store_true")
    parser.add_argument("--serve", metavar="DATA_DIR", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.sessions = max(1, min(args.sessions, MAX_SESSIONS))
    real_server = args.workers is not None or args.database is not None
    if real_server and (args.app != "tables" or args.profile):
        parser.error("--workers and --database run pawnshop serve: --app tables, no --profile")
    if args.serve:
        serve(Path(args.serve), args.app, args.sessions, args.profile)
        return
    counts: list[int | None] = list(args.workers or ([1] if real_server else [None]))
    headlines = [(count, run_once(args, count)) for count in counts]
    if len(headlines) > 1:
        print("\nside by side:")
        for index, (what, _) in enumerate(headlines[0][1]):
            for count, headline in headlines:
                print(f"  {what:34} --workers {count}: {summary(headline[index][1])}")
    if args.profile and Path(args.profile).exists():
        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
