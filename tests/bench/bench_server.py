"""What the benchmarks of ``pawnshop serve`` share: the server in a child process (with a
throwaway PostgreSQL when asked), its processes' memory and cpu time, and the figures with
the goals they are held to.

Imported by ``bench_ssh.py``, ``bench_web.py`` and ``bench_mixed.py``; not a benchmark itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: ``--database postgres``: start a throwaway cluster for the run instead of naming one.
THROWAWAY_DATABASE = "postgres"
#: The goals set for a move to reach the opponent's screen, and for a client to connect.
MOVE_MEDIAN_GOAL_MS = 50.0
MOVE_P95_GOAL_MS = 150.0
CONNECT_P95_GOAL_MS = 1000.0
MOVE_GOAL = f"median < {MOVE_MEDIAN_GOAL_MS:.0f} ms, p95 < {MOVE_P95_GOAL_MS:.0f} ms"


# -- the server's processes -----------------------------------------------------------------


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
    """Wait until the server is idle (under 5% of a core per process over half a second),
    for at most ``limit`` seconds, so that one phase's leftover work does not count in the
    next. Per process: each server process's threads wake a few times a second to look for
    the others' writes to the store, which the system's tick-based accounting charges at
    about 3% of a core each on this machine, so two workers idle were never under 5% in all
    and every wait ran to its limit."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        before = cpu_seconds(pid)
        await asyncio.sleep(0.5)
        if cpu_seconds(pid) - before < 0.025 * len(process_tree(pid)):
            return


async def idle_cpu_per_second(pid: int, seconds: float = 5.0) -> float:
    """The server's cpu time per second of wall time while no client sends anything."""
    before = cpu_seconds(pid)
    await asyncio.sleep(seconds)
    return (cpu_seconds(pid) - before) / seconds


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
            f"{name}: {time.perf_counter() - self.wall:.2f} s wall, server cpu "
            f"{cpu_seconds(self.pid) - self.server_cpu:.2f} s, clients' cpu "
            f"{time.process_time() - self.client_cpu:.2f} s"
        )
        self.lines.append(line)
        print(f"  ... {line}", file=sys.stderr, flush=True)
        self.restart()

    def print(self) -> None:
        print("phases (wall time; cpu time of the server's processes and of the clients'):")
        for line in self.lines:
            print(f"  {line}")


# -- figures --------------------------------------------------------------------------------


def p95(seconds: list[float]) -> float:
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(seconds: list[float]) -> str:
    if not seconds:
        return "no samples"
    return (
        f"median {statistics.median(seconds) * 1000:7.1f} ms   p95 {p95(seconds) * 1000:7.1f} ms"
        f"   max {max(seconds) * 1000:7.1f} ms   ({len(seconds)} samples)"
    )


def meets_move_goal(seconds: list[float]) -> bool:
    """Whether a move's figure meets the goal: median under 50 ms, p95 under 150 ms."""
    return (
        bool(seconds)
        and statistics.median(seconds) * 1000 < MOVE_MEDIAN_GOAL_MS
        and p95(seconds) * 1000 < MOVE_P95_GOAL_MS
    )


def move_goal(seconds: list[float]) -> str:
    """The goal of a move's figure, and whether it is met."""
    return f"goal {MOVE_GOAL}: {'met' if meets_move_goal(seconds) else 'NOT met'}"


def connect_goal(seconds: list[float]) -> str:
    """Whether clients connecting at once meet the goal: p95 under 1 s."""
    if not seconds:
        return "goal: no samples"
    verdict = "met" if p95(seconds) * 1000 < CONNECT_P95_GOAL_MS else "NOT met"
    return f"goal p95 < {CONNECT_P95_GOAL_MS / 1000:.0f} s: {verdict}"


# -- pawnshop serve -------------------------------------------------------------------------


def serve_command(
    data_dir: str, sessions: int, workers: int, database: str | None, web: bool = False
) -> list[str]:
    """``pawnshop serve`` on a free loopback port with room for every session (and browsers
    on another free port, if ``web``)."""
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--data-dir", data_dir]
    command += ["--max-sessions", str(sessions + 10), "--idle-timeout", "0"]
    command += ["--workers", str(workers)]
    if web:
        command += ["--web-port", "0"]
    return command + (["--database", database] if database else [])


@dataclass
class Served:
    """A server running in a child process: where its players and browsers reach it."""

    process: subprocess.Popen[str]
    port: int
    web_url: str | None

    @property
    def pid(self) -> int:
        return self.process.pid


@contextlib.contextmanager
def served(command: list[str], web: bool = False) -> Iterator[Served]:
    """Run ``command`` until the block ends (then SIGINT, as Ctrl+C stops it). Its ready
    line is a bare port number (a bench's own server) or ``pawnshop serve``'s "serving on
    ... port N" (and "browsers open URL", if ``web``)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        port: int | None = None
        url: str | None = None
        while port is None or (web and url is None):
            line = process.stdout.readline()
            if not line:
                raise SystemExit(f"the server stopped before it was ready: {' '.join(command)}")
            if line.strip().isdigit():
                port = int(line)
            elif found := re.search(r"serving on \S+ port (\d+)", line):
                port = int(found.group(1))
            elif found := re.search(r"browsers open (http://\S+?)/?$", line.strip()):
                url = found.group(1)
        yield Served(process, port, url)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def database(option: str | None) -> Iterator[str | None]:
    """The ``--database`` to serve with: ``option`` as given, or with ``postgres`` a database
    in a throwaway PostgreSQL cluster made for the run (``tests/postgres_cluster.py``) and
    removed after it."""
    if option != THROWAWAY_DATABASE:
        yield option
        return
    sys.path.insert(0, str(HERE.parent))
    import pytest
    from postgres_cluster import start_cluster

    try:
        cluster = start_cluster()
    except (pytest.skip.Exception, pytest.fail.Exception) as reason:
        raise SystemExit(f"--database postgres: {getattr(reason, 'msg', reason)}") from None
    try:
        url = cluster.new_database()
        print(f"  ... a throwaway PostgreSQL on port {cluster.port}", file=sys.stderr, flush=True)
        yield url
    finally:
        cluster.stop()


def sessions_per_worker(log: Path) -> str:
    """How many sessions each worker started, from the log (``[worker PID]`` marks)."""
    counts: dict[str, int] = {}
    for pid in re.findall(r"\[worker (\d+)\] session started", log.read_text()):
        counts[pid] = counts.get(pid, 0) + 1
    return ", ".join(f"pid {pid}: {count}" for pid, count in sorted(counts.items())) or "-"


def collector_passes(log: Path) -> str:
    """The garbage collector's long passes the server's processes said in the log
    (``tui.net.collector.LongPassLog``): how many, and each one's length, the cpu time the
    collector worked in it, and its generation."""
    passes = re.findall(
        r"the garbage collector held this process for (\d+) ms, (\d+) ms of it on the cpu "
        r"\(a pass of generation (\d)",
        log.read_text(),
    )
    if not passes:
        return "long passes of the garbage collector: none"
    return f"long passes of the garbage collector: {len(passes)}, " + ", ".join(
        f"{length} ms ({worked} ms cpu, generation {generation})"
        for length, worked, generation in passes
    )


@contextlib.contextmanager
def server_report(log: Path, server: str, collector_watched: bool = True) -> Iterator[None]:
    """After the block, even one that failed: which ``server`` ran, the sessions each worker
    took, the garbage collector's long passes (if ``collector_watched``: ``pawnshop serve``
    says them in its log), and the log's warnings and errors (the first 15 lines of them)."""
    try:
        yield
    finally:
        if log.exists():
            print(f"server: {server}; sessions per worker: {sessions_per_worker(log)}")
            if collector_watched:
                print(collector_passes(log))
            problems = [line for line in log.read_text().splitlines() if " INFO " not in line]
            print(
                f"server log: {len(problems)} lines of warnings or errors",
                *problems[:15],
                sep="\n  ",
            )
