"""``pawnshop serve --workers N``: N server processes on one port under a supervisor.

The command runs as a player would start it, in a child process; players connect with real SSH
clients with a pty. Which worker a session landed on is read from the log, where the
supervisor writes every worker's lines marked with the worker's pid.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from net_helpers import LOBBY, Seat
from test_ssh_support import connect, open_terminal, run_scenario
from waiting import wait_for

#: Seconds for the workers to start (each imports the app and opens its hall).
START_TIMEOUT = 60.0
SESSIONS = 8


@dataclass(frozen=True)
class Port:
    """What ``test_ssh_support.connect`` needs of a server."""

    port: int


@contextmanager
def served(data_dir: Path, *options: str) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``pawnshop serve --port 0 --data-dir DATA_DIR OPTIONS`` until the block ends (then
    SIGTERM, and its exit awaited); the supervisor's process and the port it serves on."""
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--data-dir", str(data_dir)]
    child = subprocess.Popen(
        [*command, *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        ready = child.stdout.readline()
        found = re.search(r"port (\d+) with (\d+) workers", ready)
        assert found, f"no ready line: {ready!r} {child.stderr.read() if child.stderr else ''}"
        yield child, int(found.group(1))
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def log_text(data_dir: Path) -> str:
    return (data_dir / "ssh-server.log").read_text(encoding="utf-8")


def worker_of(data_dir: Path, name: str, after: int = 0) -> int | None:
    """The pid of the worker whose log says that ``name``'s session started (after the first
    ``after`` characters of the log), or ``None``."""
    found = re.findall(
        rf"\[worker (\d+)\] session started: {re.escape(name)} \(", log_text(data_dir)[after:]
    )
    return int(found[-1]) if found else None


def started_workers(data_dir: Path) -> dict[int, int]:
    """Each worker's number and the pid it was last started as."""
    return {
        int(number): int(pid)
        for number, pid in re.findall(r"worker (\d+) started as pid (\d+)", log_text(data_dir))
    }


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def join(stack: AsyncExitStack, port: int, name: str, wait: str = LOBBY) -> Seat:
    """Connect as ``name`` and wait until the screen shows ``wait``."""
    connection = await stack.enter_async_context(connect(Port(port), name))  # type: ignore[arg-type]
    seat = Seat(connection, await open_terminal(connection))
    await seat.shows(wait, timeout=START_TIMEOUT)
    return seat


def test_sessions_spread_over_the_workers_and_a_killed_worker_is_replaced(
    tmp_path: Path,
) -> None:
    with served(tmp_path, "--workers", "2") as (supervisor, port):
        workers = started_workers(tmp_path)
        assert sorted(workers) == [1, 2]

        async def scenario() -> None:
            async with AsyncExitStack() as stack:
                seats: dict[str, Seat] = {}
                landed: dict[str, int] = {}
                # The system picks the worker of each connection: keep connecting until both
                # have sessions (at least SESSIONS of them, at most three times as many).
                while len(seats) < SESSIONS or len(set(landed.values())) < 2:
                    assert len(seats) < 3 * SESSIONS, f"every session on one worker: {landed}"
                    name = f"player{len(seats) + 1}"
                    seats[name] = await join(stack, port, name)
                    await wait_for(
                        lambda name=name: worker_of(tmp_path, name) is not None,
                        what=f"the log to say where {name}'s session runs",
                    )
                    landed[name] = worker_of(tmp_path, name) or 0
                assert set(landed.values()) == set(workers.values())

                victim = workers[1]
                dropped = [name for name, pid in landed.items() if pid == victim]
                kept = [name for name, pid in landed.items() if pid != victim]
                mark = len(log_text(tmp_path))
                os.kill(victim, signal.SIGKILL)
                for name in dropped:
                    await seats[name].terminal.client.wait_until(
                        seats[name].terminal.client.closed.is_set, f"{name}'s connection to end"
                    )
                killed = (
                    f"worker 1 (pid {victim}) stopped unexpectedly (killed by signal 9); "
                    "starting another"
                )
                await wait_for(
                    lambda: killed in log_text(tmp_path),
                    timeout=START_TIMEOUT,
                    what="the supervisor to log the killed worker",
                )
                await wait_for(
                    lambda: started_workers(tmp_path)[1] != victim,
                    timeout=START_TIMEOUT,
                    what="another worker started",
                )
                replacement = started_workers(tmp_path)[1]
                await wait_for(
                    lambda: f"[worker {replacement}] listening on" in log_text(tmp_path),
                    timeout=START_TIMEOUT,
                    what="the new worker listening",
                )
                # The others played on without a break; the dropped come back.
                for name in kept:
                    seats[name].press("?")
                    await seats[name].shows("Keys in the lobby")
                for name in dropped:
                    again = await join(stack, port, name)
                    await wait_for(
                        lambda name=name: worker_of(tmp_path, name, mark) is not None,
                        what=f"the log to say where {name}'s new session runs",
                    )
                    assert worker_of(tmp_path, name, mark) in (workers[2], replacement)
                    again.press("?")
                    await again.shows("Keys in the lobby")

        run_scenario(scenario, timeout=4 * START_TIMEOUT)
        pids = started_workers(tmp_path).values()
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=30) == 0
    assert "all workers stopped" in log_text(tmp_path)
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in pids)


def test_the_workers_stop_when_the_supervisor_is_killed(tmp_path: Path) -> None:
    with served(tmp_path, "--workers", "2") as (supervisor, _port):
        pids = list(started_workers(tmp_path).values())
        assert len(pids) == 2 and all(alive(pid) for pid in pids)
        supervisor.kill()
        supervisor.wait()
        deadline = time.monotonic() + 30
        while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(pid) for pid in pids)


def serve_refused(*arguments: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "tui", "serve", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (result.returncode, result.stdout) == (2, "")
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def test_a_port_in_use_and_a_bad_worker_count_are_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        said = serve_refused("--data-dir", str(tmp_path), "--port", str(port), "--workers", "2")
    assert said.startswith(f"pawnshop: cannot listen on 127.0.0.1 port {port}: ")
    said = serve_refused("--data-dir", str(tmp_path), "--workers", "0")
    assert said == "pawnshop: --workers must be 1 or more, not 0"


def test_serve_takes_one_worker_per_core_by_default() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "tui", "serve", "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "--workers N" in shown
    assert f"here {os.cpu_count()}" in " ".join(shown.split())


def test_a_bad_database_is_one_line_before_any_worker_starts(tmp_path: Path) -> None:
    said = serve_refused(
        "--data-dir", str(tmp_path), "--workers", "2", "--database", "mysql://a:b@c/d"
    )
    assert said.startswith("pawnshop: --database takes a PostgreSQL URL")
    assert not (tmp_path / "ssh-server.log").exists()
