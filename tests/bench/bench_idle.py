"""The cpu an idle ``pawnshop serve`` takes: no session, nothing happening.

Usage: ``python tests/bench/bench_idle.py [--workers 1,2] [--seconds 20] [--runs 2]``

Starts ``pawnshop serve --workers N`` on a free loopback port with a fresh data folder (its
SQLite store), waits until it has settled after starting, then prints the cpu time of all its
processes (the supervisor and every worker) per second of wall time over ``--seconds``. What
an idle server spends is its store's change feeds: each worker polls SQLite's
``data_version`` for the tables' and the chat's changes written by other processes.

A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile

from bench_server import idle_cpu_per_second, serve_command, served, settled


async def idle_cpu(pid: int, seconds: float) -> float:
    """The cpu seconds the processes of ``pid`` take per second of wall time, once settled."""
    await settled(pid)
    return await idle_cpu_per_second(pid, seconds)


def worker_counts(text: str) -> list[int]:
    counts = [int(part) for part in text.split(",") if part.strip()]
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("give worker counts of 1 or more, such as 1,2")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=worker_counts, default=[1, 2], metavar="N[,N...]")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    for workers in args.workers:
        for run in range(1, args.runs + 1):
            with tempfile.TemporaryDirectory(prefix="bench-idle-") as data_dir:
                command = serve_command(data_dir, 0, workers, None)
                with served(command) as server:
                    per_second = asyncio.run(idle_cpu(server.pid, args.seconds))
            print(
                f"pawnshop serve --workers {workers}, idle, run {run}: "
                f"{per_second * 1000:.1f} ms of cpu per second"
            )


if __name__ == "__main__":
    main()
