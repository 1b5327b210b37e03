"""What presence and players cost a server's SQLite table store (``saves.store.sql_presence``):
reading every process's presence (which the hall does after each batch of changes from the
feed and at each renewal), saying who shows a table (at each watch and unwatch), and
remembering a player (at each login). Medians and 95th percentiles, in microseconds. A
figure, not a test: nothing here is asserted.

Usage: ``python tests/bench/bench_presence.py [--tables 50] [--rounds 2000]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent)]

from saves.store.sqlite_tables import SqliteTableStore  # noqa: E402
from saves.store.tables import StoredSeat  # noqa: E402


def timed(call: Callable[[int], object], rounds: int) -> str:
    times = []
    for round_ in range(rounds):
        start = time.perf_counter()
        call(round_)
        times.append(time.perf_counter() - start)
    times.sort()
    median, p95 = statistics.median(times), times[int(len(times) * 0.95)]
    return f"median {median * 1e6:.0f} us, p95 {p95 * 1e6:.0f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2000)
    options = parser.parse_args()
    tables, rounds = options.tables, options.rounds
    with tempfile.TemporaryDirectory() as folder, SqliteTableStore(Path(folder)) as store:
        for number in range(1, tables + 1):
            seats = (StoredSeat("a", f"name:a{number}"), None)
            store.open_table("martian-chess", "a game", [], seats)
            store.show_presence("other", number, {f"name:a{number}": 1, "name:b": 1}, 60)
        print(f"presence() of {2 * tables} rows: {timed(lambda _: store.presence(), rounds)}")
        print(
            "show_presence():",
            timed(lambda n: store.show_presence("me", 1 + n % tables, {"name:x": 1}, 60), rounds),
        )
        print(
            "add_player():",
            timed(lambda n: store.add_player(f"name:p{n % 100}", "p", None), rounds),
        )


if __name__ == "__main__":
    main()
