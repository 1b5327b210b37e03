"""The SSH server under N concurrent sessions on loopback: connect time, key latency, memory.

Usage: ``python tests/bench/bench_ssh.py [--sessions 50] [--keys 10] [--app echo|pawnshop|tables]
[--profile FILE] [--workers N] [--database URL]``

With ``--app tables`` the sessions pair up at tables of Martian Chess through the lobby (25
games for 50 sessions) and the figure is from a move's Enter in one session to the opponent's
screen showing it (``--keys`` moves per side, first one game at a time, then all at once).

Starts ``pawnshop serve``'s server in a child process on a free loopback port (with a tiny
echo app, or the real app), opens N sessions at once, and prints:

- connect time: from opening the connection to the app's first screen (median, p95, max);
- key latency: from sending a key to the screen update it causes (median, p95), once with
  one session typing at a time and once with every session typing at once;
- memory: the server's resident memory per session (growth with N sessions open / N), after
  one warm-up session has loaded what every session shares.

The clients run in this process and the server in its own, so that the clients' work does
not count as the server's; both processes' cpu time is printed for each phase, and progress
goes to stderr. A figure, not a test: nothing here is asserted. Bounded: at most 500 sessions,
every wait for a screen gives up after ``--wait`` seconds (naming what it waited for), and the
whole run after ``--timeout`` seconds.

``--profile FILE`` (with ``--app tables``) runs the server under ``cProfile`` while the moves
are played one game at a time, writes the statistics to FILE and prints the top functions.

``--workers N`` (with ``--app tables``) runs the server as a player would, ``pawnshop serve
--workers N`` (``--workers 1``: the one process of ``pawnshop serve``), with ``--database URL``
if given; the cpu time and memory are then those of the supervisor and all its workers, and
the run says how many sessions each worker took.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.ssh.config import ServerConfig
from tui.ssh.server import GameServer, run
from tui.ssh.session_info import SessionInfo

MAX_SESSIONS = 500
#: Seconds a client waits for what it expects on its screen before the run gives up.
WAIT_LIMIT = 120.0
KEYS = "abcdefghijklmnopqrstuvwxyz"
ECHO_READY = b"echo ready"
PAWNSHOP_READY = b"Choose a game"


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
    factory = BenchEchoApp if app_name == "echo" else pawnshop_app
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


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process under it (a supervisor's workers, a search's worker)."""
    tree = [pid]
    for parent in tree:
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:  # gone meanwhile
            continue
        tree += [int(child) for child in children]
    return tree


def resident_kib(pid: int) -> int:
    """The resident memory of ``pid`` and the processes under it."""
    total = 0
    for member in process_tree(pid):
        try:
            lines = Path(f"/proc/{member}/status").read_text().splitlines()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in lines if line.startswith("VmRSS:"))
    return total


def cpu_seconds(pid: int) -> float:
    """The cpu time of ``pid`` and the processes under it (those that ended, once waited
    for, count in their parent's)."""
    ticks = 0
    for member in process_tree(pid):
        try:
            stat = Path(f"/proc/{member}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        ticks += sum(int(field) for field in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


async def settled(pid: int, limit: float = 60.0) -> None:
    """Wait until the server is idle (under 5% of a core over half a second), for at most
    ``limit`` seconds, so that one phase's leftover work does not count in the next."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        before = cpu_seconds(pid)
        await asyncio.sleep(0.5)
        if cpu_seconds(pid) - before < 0.025:
            return


async def idle_cpu_per_second(pid: int, seconds: float = 5.0) -> float:
    """The server's cpu time per second of wall time while no client sends anything."""
    before = cpu_seconds(pid)
    await asyncio.sleep(seconds)
    return (cpu_seconds(pid) - before) / seconds


# -- the clients ----------------------------------------------------------------------------


class BenchClient(asyncssh.SSHClientSession[bytes]):
    def __init__(self) -> None:
        self.output = bytearray()
        self.changed = asyncio.Event()
        self.name = "?"

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.output += data
        self.changed.set()

    async def wait_for(self, marker: bytes, start: int = 0) -> None:
        """Until ``marker`` arrives at or after ``start`` (any output, if it is empty)."""
        try:
            await asyncio.wait_for(self._arrival(marker, start), WAIT_LIMIT)
        except TimeoutError:
            raise RuntimeError(
                f"{self.name} waited {WAIT_LIMIT:.0f} s for {marker!r}; its last output: "
                f"{bytes(self.output[-300:])!r}"
            ) from None

    async def shows_within(self, marker: bytes, start: int, seconds: float) -> bool:
        """Whether ``marker`` arrives at or after ``start`` within ``seconds``."""
        try:
            await asyncio.wait_for(self._arrival(marker, start), seconds)
        except TimeoutError:
            return False
        return True

    async def _arrival(self, marker: bytes, start: int) -> None:
        # Only the output since ``start`` (less a marker's length, for one split in two) is
        # searched again on each arrival.
        searched = start
        while True:
            if not marker:
                if len(self.output) > start:
                    return
            elif self.output.find(marker, max(start, searched - len(marker))) >= 0:
                return
            searched = len(self.output)
            self.changed.clear()
            await self.changed.wait()


class Phases:
    """Prints each phase's wall time and the cpu time of the server and of the clients."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.lines: list[str] = []
        self.restart()

    def restart(self) -> None:
        """Start timing the next phase now (time spent since the last one is not counted)."""
        self.wall = time.perf_counter()
        self.server_cpu = cpu_seconds(self.pid)
        self.client_cpu = time.process_time()

    def done(self, name: str) -> None:
        line = (
            f"{name}: {time.perf_counter() - self.wall:.1f} s wall, server cpu "
            f"{cpu_seconds(self.pid) - self.server_cpu:.1f} s, clients' cpu "
            f"{time.process_time() - self.client_cpu:.1f} s"
        )
        self.lines.append(line)
        print(f"  ... {line}", file=sys.stderr, flush=True)
        self.restart()


class Player:
    def __init__(self, port: int, index: int, ready: bytes, echo: bool) -> None:
        self.port = port
        self.name = f"bench{index}"
        self.ready = ready
        self.echo = echo
        self.connection: asyncssh.SSHClientConnection | None = None
        self.channel: asyncssh.SSHClientChannel[bytes] | None = None
        self.client: BenchClient | None = None
        self.keys_sent = 0

    async def connect(self) -> float:
        started = time.perf_counter()
        self.connection = await asyncssh.connect(
            "127.0.0.1",
            self.port,
            username=self.name,
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            config=None,
        )
        self.channel, self.client = await self.connection.create_session(
            BenchClient, term_type="xterm-256color", term_size=(100, 32), encoding=None
        )
        self.client.name = self.name
        await self.client.wait_for(self.ready)
        return time.perf_counter() - started

    async def press(self) -> float:
        assert self.channel is not None and self.client is not None
        if self.echo:
            key = KEYS[self.keys_sent % len(KEYS)]
            data, marker = key.encode(), f"key={key}".encode()
        else:
            data, marker = (b"\x1b[B", b"") if self.keys_sent % 2 == 0 else (b"\x1b[A", b"")
        self.keys_sent += 1
        start = len(self.client.output)
        started = time.perf_counter()
        self.channel.write(data)
        await self.client.wait_for(marker, start)
        return time.perf_counter() - started

    async def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            await self.connection.wait_closed()


def summary(seconds: list[float]) -> str:
    if not seconds:
        return "no samples"
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"median {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   "
        f"max {ordered[-1] * 1000:7.1f} ms   ({len(ordered)} samples)"
    )


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
    wall = time.perf_counter()
    connect_times = list(await asyncio.gather(*(player.connect() for player in players)))
    all_up = time.perf_counter() - wall
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


# -- tables: games between pairs of sessions ------------------------------------------------

LOBBY_READY = b"tables on this server"
TYPING = b"type a move in notation"
#: Moves that never capture and never end a Martian Chess game: each side shuffles a piece.
SHUFFLES = (("b1-a1", "a1-b1"), ("c8-d8", "d8-c8"))


class TablePlayer(Player):
    """A session at a table, typing moves as a player does."""

    async def send_and_wait(self, data: bytes, marker: bytes) -> None:
        assert self.channel is not None and self.client is not None
        start = len(self.client.output)
        self.channel.write(data)
        await self.client.wait_for(marker, start)


async def open_tables(players: list[TablePlayer]) -> None:
    """Pair the sessions: the first of each pair opens a table, the second sits at it."""
    for number, (south, north) in enumerate(zip(players[::2], players[1::2], strict=True), 1):
        await south.send_and_wait(b"n", b"Open a table")
        await south.send_and_wait(b"\x0f", f"You play South at table {number}".encode())
        # The new table is the last row of the lobby: go down to it (pressing down again until
        # the lobby lists it and says so under the list), then sit. North has pressed nothing
        # before, so the line under the list has never named this table.
        assert north.client is not None and north.channel is not None
        start = 0
        north.channel.write(b"\x1b[B" * (number - 1))
        highlighted = f"Table {number}: ".encode()
        deadline = time.perf_counter() + WAIT_LIMIT
        while not await north.client.shows_within(highlighted, start, 0.25):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{north.name}'s lobby never listed table {number}")
            north.channel.write(b"\x1b[B")
        await north.send_and_wait(b"\r", f"You play North at table {number}".encode())


async def play_move(mover: TablePlayer, opponent: TablePlayer, ply: int, move: str) -> float:
    """Type ``move``; the time from its Enter to the opponent's screen showing it in the log."""
    assert opponent.client is not None and mover.channel is not None
    await mover.send_and_wait(b":", TYPING)
    start = len(opponent.client.output)
    started = time.perf_counter()
    mover.channel.write(move.encode() + b"\r")
    await opponent.client.wait_for(f"{ply:>4}. {move}".encode(), start)
    return time.perf_counter() - started


async def measure_tables(
    port: int, pid: int, sessions: int, moves: int, profile: str | None = None
) -> None:
    sessions -= sessions % 2
    phases = Phases(pid)
    start_kib = resident_kib(pid)
    warm_up = TablePlayer(port, 0, LOBBY_READY, echo=False)
    first_connect = await warm_up.connect()
    await warm_up.close()
    await settled(pid)
    baseline_kib = resident_kib(pid)
    phases.done("warm-up session")

    players = [TablePlayer(port, index + 1, LOBBY_READY, echo=False) for index in range(sessions)]
    connect_times = list(await asyncio.gather(*(player.connect() for player in players)))
    phases.done(f"{sessions} sessions connect at once")
    await settled(pid)
    lobby_kib = resident_kib(pid)
    phases.restart()
    await open_tables(players)
    await settled(pid)
    phases.done(f"{sessions // 2} tables opened and sat at")
    pairs = list(zip(players[::2], players[1::2], strict=True))

    one_at_a_time: list[float] = []
    all_at_once: list[float] = []
    if profile:
        os.kill(pid, signal.SIGUSR1)
    for ply in range(1, 2 * moves + 1):
        side = (ply - 1) % 2
        move = SHUFFLES[side][((ply - 1) // 2) % 2]
        turns = [(pair[side], pair[1 - side]) for pair in pairs]
        if ply <= moves:
            one_at_a_time += [await play_move(m, o, ply, move) for m, o in turns]
            if ply == moves:
                phases.done(f"{moves * len(pairs)} moves, one game at a time")
                if profile:
                    os.kill(pid, signal.SIGUSR1)
                await settled(pid)
                phases.restart()
        else:
            all_at_once += await asyncio.gather(*(play_move(m, o, ply, move) for m, o in turns))
    phases.done(f"{moves * len(pairs)} moves, all games at once")
    await settled(pid)
    loaded_kib = resident_kib(pid)
    idle_cpu = await idle_cpu_per_second(pid)

    # One more player at a time, while every other session sits at a table in play.
    phases.restart()
    late_times = []
    for index in range(5):
        late = TablePlayer(port, sessions + 1 + index, LOBBY_READY, echo=False)
        late_times.append(await late.connect())
        await late.close()
        await settled(pid)
    phases.done("5 late sessions, one at a time")
    await asyncio.gather(*(player.close() for player in players))

    print(f"app: tables   sessions: {sessions}   games: {len(pairs)}   moves per game: {2 * moves}")
    print(
        f"server memory: {start_kib / 1024:.1f} MiB at start, {baseline_kib / 1024:.1f} MiB "
        f"after one session, {lobby_kib / 1024:.1f} MiB with {sessions} in the lobby, "
        f"{loaded_kib / 1024:.1f} MiB with {sessions} in {len(pairs)} games"
    )
    print(
        f"memory per session: {(lobby_kib - baseline_kib) / sessions / 1024:.2f} MiB in the "
        f"lobby, {(loaded_kib - baseline_kib) / sessions / 1024:.2f} MiB at a table"
    )
    print(f"first session (cold) to the lobby: {first_connect * 1000:.0f} ms")
    print(f"connect to the lobby on screen, {sessions} at once: {summary(connect_times)}")
    print(
        f"connect to the lobby on screen, one at a time with {sessions} sessions in "
        f"{len(pairs)} games: {summary(late_times)}"
    )
    print(
        f"server cpu while nobody types, {sessions} sessions in {len(pairs)} games: "
        f"{idle_cpu * 1000:.1f} ms per second"
    )
    print(f"move -> opponent's screen, one game at a time: {summary(one_at_a_time)}")
    print(f"move -> opponent's screen, all games at once:  {summary(all_at_once)}")
    print("phases (wall time; cpu time of the server process and of the clients' process):")
    for line in phases.lines:
        print(f"  {line}")


def serve_command(data_dir: str, sessions: int, workers: int, database: str | None) -> list[str]:
    """``pawnshop serve`` on a free loopback port with room for every session."""
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--data-dir", data_dir]
    command += ["--max-sessions", str(sessions + 10), "--idle-timeout", "0"]
    command += ["--workers", str(workers)]
    return command + (["--database", database] if database else [])


def sessions_per_worker(log: Path) -> str:
    """How many sessions each worker started, from the log (``[worker PID]`` marks)."""
    counts: dict[str, int] = {}
    for pid in re.findall(r"\[worker (\d+)\] session started", log.read_text()):
        counts[pid] = counts.get(pid, 0) + 1
    return ", ".join(f"pid {pid}: {count}" for pid, count in sorted(counts.items())) or "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--keys", type=int, default=10)
    parser.add_argument("--app", choices=("echo", "pawnshop", "tables"), default="echo")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--profile", metavar="FILE", help="profile the server's moves to FILE")
    parser.add_argument("--workers", type=int, metavar="N", help="pawnshop serve --workers N")
    parser.add_argument("--database", metavar="URL", help="pawnshop serve --database URL")
    parser.add_argument("--serve", metavar="DATA_DIR", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sessions = max(1, min(args.sessions, MAX_SESSIONS))
    real_server = args.workers is not None or args.database is not None
    if real_server and (args.app != "tables" or args.profile):
        parser.error("--workers and --database run pawnshop serve: --app tables, no --profile")
    if args.serve:
        serve(Path(args.serve), args.app, sessions, args.profile)
        return
    with tempfile.TemporaryDirectory(prefix="bench-ssh-") as data_dir:
        command = [sys.executable, __file__, "--serve", data_dir, "--app", args.app]
        command += ["--sessions", str(sessions)]
        if args.profile:
            command += ["--profile", str(Path(args.profile).resolve())]
        if real_server:
            command = serve_command(data_dir, sessions, args.workers or 1, args.database)
        child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None
            ready = child.stdout.readline()
            found = re.search(r"port (\d+)", ready) if real_server else None
            port = int(found.group(1) if found else ready)
            if args.app == "tables":
                coroutine = measure_tables(port, child.pid, sessions, args.keys, args.profile)
            else:
                coroutine = measure(port, child.pid, sessions, args.keys, args.app)
            asyncio.run(asyncio.wait_for(coroutine, args.timeout))
        finally:
            child.send_signal(signal.SIGINT)
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        log = Path(data_dir) / "ssh-server.log"
        if args.workers:
            print(
                f"server: pawnshop serve --workers {args.workers}; sessions per worker: "
                f"{sessions_per_worker(log)}"
            )
        problems = [line for line in log.read_text().splitlines() if " INFO " not in line]
        print(f"server log: {len(problems)} warnings or errors", *problems[:5], sep="\n  ")
    if args.profile and Path(args.profile).exists():
        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
