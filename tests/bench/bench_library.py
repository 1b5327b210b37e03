"""How fast the library lists games and review opens a long one.

1. A library of 1,000 saved games (of three games, with variations and comments): from the key
   that opens the library (``l`` on the game selection) until its first screen is laid out and
   drawn. The listing alone (``saves.library.list_games``, the tags of every file) is shown
   too, the first time (no index: every file's tags read) and again (the index of
   ``saves.store`` kept, as when the library is opened again). The screen is timed with the
   index kept. Target: under 0.5 s.
2. A saved game of Macadam, 500 moves long, standing at its start: from Enter on its row in
   the library until the board is drawn (the file read and every move replayed by the
   rules), then from ``End`` until the board shows the last move, and both together (the
   screen's first drawing goes on into the next key's time). Target: under 0.2 s.

The app runs in this process at 80x24; every key is timed from sending it until every widget
has handled what followed and the screen is drawn again (``bench_ui.settle``). Both the clock
and the processor time are shown: on a machine busy with other work the clock counts their
time too, the processor time (of this process) much less.

Usage: ``python tests/bench/bench_library.py [--runs 5] [--moves 500]``.

With ``--sizes 1000,10000,100000`` it times the library's index instead (``saves.store``), at
each size: the first sync (every file read, no database), a sync with nothing changed, the
first screenful (30 rows) in every order the library offers, a filter matching one game and
one matching a third of them (count and first screenful), and ``list_games`` (a sync and
every entry built). Then the library screen itself, driven by the pilot at 80x24 with the
index kept: ``l`` until the first screenful is drawn, the sync of its opening (in a worker
thread: the screen takes keys meanwhile), and from each key until the screen is drawn again:
``1``-``6`` (each column sorted, then reversed), each letter of a filter typed after ``/``
(``b`` matches every game, ``bo5`` a ninth of them) and ``Esc`` clearing it. Target: under
0.3 s from key to drawn screen for listing, sorting and filtering 100,000 games.
The files are made fast from a few templates, with names and dates varied, and kept under
``/tmp/pawnshop-bench-library/<size>`` for the next run.

A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import date, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from bench_ui import settle
from textual.events import Key
from textual.pilot import Pilot

from core import GameRecord, find_game
from saves.format import dumps, save
from saves.library import list_games
from saves.paths import games_dir
from saves.store import COLUMNS
from saves.store.sqlite_library import SqliteLibraryIndex
from tui.app import create_app
from tui.screens.board import BoardScreen
from tui.screens.library import LibraryScreen

GAMES = ("martian-chess", "macadam", "chase")
LONG_GAME = 500


def random_record(game_id: str, seed: int, moves: int) -> GameRecord:
    """A game of ``moves`` random moves (fewer if it ends first), with one variation and a
    comment, standing at its end."""
    game = find_game(game_id)
    rng = random.Random(seed)
    record = GameRecord(game, {}, seed, [f"P{seed}", "Bo"])
    for ply in range(moves):
        legal = list(game.legal_moves(record.state))
        going_on = [m for m in legal if game.outcome(game.apply(record.state, m)) is None]
        if not going_on:
            break
        record.play(rng.choice(going_on), main=True)
        if ply == 3:
            record.current.comment = f"game {seed}: a comment"
    if len(record.mainline()) > 4:
        record.goto(record.mainline()[2])
        alternatives = [m for m in game.legal_moves(record.state) if m != record.mainline()[3].move]
        if alternatives:
            record.play(alternatives[0])
        record.goto(record.mainline()[-1])
    return record


def fill_library(folder: Path, count: int) -> None:
    """``count`` files: a few dozen distinct games, each written under many names."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = [dumps(random_record(GAMES[n % len(GAMES)], n, 30 + n)) for n in range(30)]
    for number in range(count):
        text = texts[number % len(texts)].replace('"Bo"', f'"Bo{number}"', 1)
        (folder / f"game-{number:04}.pawn").write_text(text, encoding="utf-8")


def long_game(moves: int = LONG_GAME) -> GameRecord:
    for seed in range(100):
        record = random_record("macadam", seed, moves)
        if len(record.mainline()) == moves:
            record.goto(record.root)
            return record
    raise SystemExit(f"no random game of {moves} moves found")


Timing = tuple[float, float]  # seconds by the clock, seconds of processor time


class Stopwatch:
    """The clock and the processor time of this process since it was made."""

    def __init__(self) -> None:
        self.clock, self.processor = time.perf_counter(), time.process_time()

    def read(self) -> Timing:
        return time.perf_counter() - self.clock, time.process_time() - self.processor


async def timed_key(pilot: Pilot[Any], key: str) -> Timing:
    app = pilot.app
    event = Key(key, "\r" if key == "enter" else None)
    event.set_sender(app)
    watch = Stopwatch()
    app._driver.send_message(event)  # type: ignore[union-attr]
    await settle(pilot)
    return watch.read()


async def library_run(data_dir: Path) -> Timing:
    app = create_app(data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seconds = await timed_key(pilot, "l")
        assert isinstance(app.screen, LibraryScreen) and len(app.screen.shown) == 1000
        return seconds


async def long_game_run(data_dir: Path, moves: int = LONG_GAME) -> tuple[Timing, Timing]:
    app = create_app(data_dir=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        watch = Stopwatch()
        await timed_key(pilot, "enter")
        for _ in range(3):  # the board is pushed on the next turn of the event loop
            if isinstance(app.screen, BoardScreen):
                break
            await settle(pilot)
        opened = watch.read()
        screen = app.screen
        assert isinstance(screen, BoardScreen) and screen.record.current is screen.record.root
        jumped = await timed_key(pilot, "end")
        assert len(screen.record.line()) == moves
        return opened, jumped


def report(name: str, timings: list[Timing]) -> None:
    clock = [timing[0] * 1000 for timing in timings]
    processor = [timing[1] * 1000 for timing in timings]
    print(
        f"{name:66} clock: median {statistics.median(clock):6.1f} ms, worst {max(clock):6.1f}"
        f" · processor: median {statistics.median(processor):6.1f} ms ({len(timings)} runs)"
    )


GENERATED = Path("/tmp/pawnshop-bench-library")
SCREENFUL = 30
TEMPLATE_DATE = "2026.11.21"
TEMPLATE_TIME = "14:03:09"


def forget_index(data: Path) -> None:
    """Remove the library's index (and its WAL files): the next sync reads every file."""
    for suffix in ("", "-wal", "-shm"):
        (data / f"pawnshop.sqlite3{suffix}").unlink(missing_ok=True)


def generated_library(count: int) -> Path:
    """A data folder of ``count`` saved games, made once and kept under /tmp: a few short
    games written as templates, each file with its own player name, date and time."""
    data = GENERATED / str(count)
    done = data / "complete"
    if done.exists():
        return data
    folder = games_dir(data)
    folder.mkdir(parents=True, exist_ok=True)
    when = datetime(2026, 11, 21, 14, 3, 9)
    templates = [dumps(random_record(GAMES[n % len(GAMES)], n, 6 + n), when) for n in range(6)]
    for number in range(count):
        text = templates[number % len(templates)].replace('"Bo"', f'"Bo{number}"', 1)
        day = date(2020, 1, 1) + timedelta(days=number % 2000)
        text = text.replace(TEMPLATE_DATE, day.strftime("%Y.%m.%d"), 1)
        text = text.replace(TEMPLATE_TIME, f"{number % 24:02}:{number % 60:02}:00", 1)
        (folder / f"game-{number:06}.pawn").write_text(text, encoding="utf-8")
    done.touch()
    return data


def timed(work: Any, runs: int) -> list[Timing]:
    timings = []
    for _ in range(runs):
        watch = Stopwatch()
        work()
        timings.append(watch.read())
    return timings


def index_bench(count: int, runs: int) -> None:
    """The library's index at ``count`` games (see the module's docstring)."""
    data = generated_library(count)
    forget_index(data)
    name = f"{count:,} games:"
    with SqliteLibraryIndex(data) as index:
        report(f"{name} first sync (every file read)", timed(index.sync, 1))
        report(f"{name} sync, nothing changed", timed(index.sync, runs))
        orders = [(None, False)] + [(c, d) for c in COLUMNS for d in (False, True)]
        slowest: list[Timing] = []
        for column, descending in orders:
            screenful = partial(index.list, column, descending, limit=SCREENFUL)
            timings = timed(screenful, runs)
            way = "library order" if column is None else f"{column} {'▼' if descending else '▲'}"
            report(f"{name} first {SCREENFUL} by {way}", timings)
            if not slowest or _median(timings) > _median(slowest):
                slowest = timings
        report(f"{name} first {SCREENFUL}, the slowest order", slowest)
        for query in (f"bo{count // 2}", "macadam"):
            report(
                f"{name} filter {query!r}, count and first {SCREENFUL}",
                timed(partial(filtered, index, query), runs),
            )
    report(f"{name} list_games (sync, every entry)", timed(partial(list_games, data), runs))
    for label, timings in asyncio.run(screen_run(data, count, runs)).items():
        report(f"{name} screen: {label}", timings)


#: The filter typed on the screen, a key at a time.
SCREEN_FILTER = "bo5"


async def screen_run(data: Path, count: int, runs: int) -> dict[str, list[Timing]]:
    """The library screen on ``data`` (see the module's docstring): each measurement's
    timings by its label."""
    timings: dict[str, list[Timing]] = {}

    def note(label: str, timing: Timing) -> None:
        timings.setdefault(label, []).append(timing)

    app = create_app(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        watch = Stopwatch()
        note("l until the first screenful is drawn", await timed_key(pilot, "l"))
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        while not screen.synced:
            await asyncio.sleep(0.01)
        note("its sync with nothing changed, in the worker", watch.read())
        assert len(screen.shown) == count
        for _ in range(runs):
            for number, column in enumerate(COLUMNS, start=1):
                note(f"key {number}: sort by {column}", await timed_key(pilot, str(number)))
                note(f"key {number} again: reversed", await timed_key(pilot, str(number)))
            await pilot.press("slash")
            for typed, key in enumerate(SCREEN_FILTER, start=1):
                note(f"filter {SCREEN_FILTER[:typed]!r} typed", await timed_key(pilot, key))
            assert 0 < len(screen.shown) < count
            note("Esc: the filter cleared", await timed_key(pilot, "escape"))
            note("End: the last game", await timed_key(pilot, "end"))
            note("Home: the first game", await timed_key(pilot, "home"))
    return timings


def filtered(index: SqliteLibraryIndex, query: str) -> None:
    index.count(query)
    index.list("date", True, query, SCREENFUL)


def _median(timings: list[Timing]) -> float:
    return statistics.median(timing[0] for timing in timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--moves",
        type=int,
        default=LONG_GAME,
        help="the long game's length (a short one shows what the screens cost by themselves)",
    )
    parser.add_argument(
        "--sizes",
        help="time the library's index instead, at these numbers of games (1000,10000,100000)",
    )
    args = parser.parse_args()
    if args.sizes:
        for count in (int(size) for size in args.sizes.split(",")):
            index_bench(count, args.runs)
        return
    with tempfile.TemporaryDirectory() as many, tempfile.TemporaryDirectory() as one:
        fill_library(games_dir(many), 1000)
        first, again = [], []
        for _ in range(args.runs):
            forget_index(Path(many))
            watch = Stopwatch()
            list_games(many)
            first.append(watch.read())
            watch = Stopwatch()
            list_games(many)
            again.append(watch.read())
        shown = [asyncio.run(library_run(Path(many))) for _ in range(args.runs)]
        save(long_game(args.moves), games_dir(one) / "long.pawn")
        runs = [asyncio.run(long_game_run(Path(one), args.moves)) for _ in range(args.runs)]
    report("1,000 games: listing their tags, first time", first)
    report("1,000 games: listing their tags again", again)
    report("1,000 games: l until the library is drawn", shown)
    report(f"{args.moves}-move game: Enter until the board is drawn", [r[0] for r in runs])
    report(f"{args.moves}-move game: End until its last move shows", [r[1] for r in runs])
    both = [(r[0][0] + r[1][0], r[0][1] + r[1][1]) for r in runs]
    report(f"{args.moves}-move game: Enter and End together", both)


if __name__ == "__main__":
    main()
