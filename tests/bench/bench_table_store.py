"""How fast a server's table store takes moves and tells the other processes, on SQLite and on
PostgreSQL (``saves.store.tables``).

1. One process appends moves to one table, one transaction each: moves a second, and the
   time one append takes (median and 95th percentile).
2. From the return of a move appended in one process until another process, waiting on the
   change feed (``wait_for_change``), wakes: median and 95th percentile over ``--moves``
   moves, each made once the waiting process is waiting again.
3. ``--processes`` processes at once, each appending to a table of its own: moves a second in
   all.

PostgreSQL is the database at ``--database URL``, or else a throwaway cluster made for the
run (``tests/postgres_cluster.py``; PostgreSQL must be installed), which runs without
``fsync``, as SQLite here runs with ``synchronous = NORMAL``: neither waits for the disk at
each commit. SQLite is in a temporary data folder. A figure, not a test: nothing here is
asserted.

Usage: ``python tests/bench/bench_table_store.py [--moves 300] [--processes 2]
[--stores sqlite,postgres] [--database URL]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE.parent)]

from saves.store.tables import StoredSeat, TableStore  # noqa: E402

OpenStore = Callable[[], TableStore]
SEATS = (StoredSeat("ann", "name:ann"), StoredSeat("bob", "name:bob"))
SPAWN = multiprocessing.get_context("spawn")


def sqlite_store(folder: str) -> TableStore:
    from saves.store.sqlite_tables import SqliteTableStore

    return SqliteTableStore(Path(folder))


def postgres_store(url: str) -> TableStore:
    from saves.store.postgres_tables import PostgresTableStore

    return PostgresTableStore(url)


def append(store: TableStore, number: int, count: int) -> list[float]:
    """Append ``count`` moves to table ``number``; each append's seconds."""
    times = []
    moves = store.moves(number)
    for _ in range(count):
        move = f"m{len(moves)}"
        started = time.perf_counter()
        store.append_move(number, len(moves), move, " ".join([*moves, move]))
        times.append(time.perf_counter() - started)
        moves.append(move)
    return times


def _listen(open_store: OpenStore, count: int, waiting: Any, woke: Any) -> None:
    store = open_store()
    cursor, _ = store.changes_since(0)
    for _ in range(count):
        waiting.put(None)
        while not store.wait_for_change(cursor, 30):
            pass
        woke.put(time.monotonic())
        cursor, _ = store.changes_since(cursor)
    store.close()


def _append_alone(open_store: OpenStore, count: int, ready: Any, start: Any) -> None:
    store = open_store()
    number = store.open_table("martian-chess", "", [], SEATS).number
    ready.put(None)
    start.wait(60)
    append(store, number, count)
    store.close()


def quantiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1000:6.2f} ms, p95 {p95 * 1000:6.2f} ms"


def measure(name: str, open_store: OpenStore, moves: int, processes: int) -> None:
    store = open_store()
    number = store.open_table("martian-chess", "", [], SEATS).number
    started = time.perf_counter()
    times = append(store, number, moves)
    elapsed = time.perf_counter() - started
    print(f"{name:10} one process: {moves / elapsed:7.0f} moves/s; an append {quantiles(times)}")

    waiting, woke = SPAWN.Queue(), SPAWN.Queue()
    listener = SPAWN.Process(target=_listen, args=(open_store, moves, waiting, woke))
    listener.start()
    delays = []
    for _ in range(moves):
        waiting.get(timeout=60)
        append(store, number, 1)
        done = time.monotonic()
        delays.append(woke.get(timeout=60) - done)
    listener.join(60)
    print(f"{name:10} another process hears a move: {quantiles(delays)}")

    ready, start = SPAWN.Queue(), SPAWN.Event()
    writers = [
        SPAWN.Process(target=_append_alone, args=(open_store, moves, ready, start))
        for _ in range(processes)
    ]
    for writer in writers:
        writer.start()
    for _ in writers:  # every writer connected and its table opened before the clock starts
        ready.get(timeout=60)
    started = time.perf_counter()
    start.set()
    for writer in writers:
        writer.join(600)
    elapsed = time.perf_counter() - started
    total = moves * processes
    print(f"{name:10} {processes} processes at once: {total / elapsed:7.0f} moves/s in all")
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--database", metavar="URL", help="PostgreSQL (default: a throwaway one)")
    args = parser.parse_args()
    stores = args.stores.split(",")
    if "sqlite" in stores:
        with tempfile.TemporaryDirectory() as folder:
            measure("SQLite", partial(sqlite_store, folder), args.moves, args.processes)
    if "postgres" in stores:
        cluster = None
        url = args.database
        if url is None:
            from postgres_cluster import start_cluster

            cluster = start_cluster()
            url = cluster.new_database()
        try:
            measure("PostgreSQL", partial(postgres_store, url), args.moves, args.processes)
        finally:
            if cluster is not None:
                cluster.stop()


if __name__ == "__main__":
    main()
