"""``pawnshop serve --workers 2`` end to end, on SQLite and on PostgreSQL: real SSH sessions
spread over both workers; a table opened on one worker is listed, joined, played and watched
from the other; a worker killed with ``kill -9`` mid-game loses no move any screen showed, and
its player connects again, lands on the other worker and finds their seat.

Which worker runs a session is read from the log (``[worker PID] session started: NAME``).
"""

from __future__ import annotations

import asyncio
import os
import signal
from contextlib import AsyncExitStack
from pathlib import Path

import asyncssh
from net_helpers import Seat, log_row
from test_serve_workers import START_TIMEOUT, join, log_text, served, started_workers, worker_of
from test_ssh_support import run_scenario
from waiting import wait_for

SESSIONS = 8
#: Moves that never capture and never end a Martian Chess game: each side shuffles a piece.
SHUFFLES = (("b1-a1", "a1-b1"), ("c8-d8", "d8-c8"))
#: Seconds for a change made on one worker to show on a screen of the other.
ACROSS = 20.0


def shuffle(ply: int) -> str:
    return SHUFFLES[(ply - 1) % 2][((ply - 1) // 2) % 2]


async def play(mover: Seat, screens: list[Seat], ply: int) -> None:
    """``mover`` types the move of ``ply``; every screen at the table shows it in its log."""
    await mover.type_move(shuffle(ply))
    for screen in screens:
        await screen.shows(log_row(ply, shuffle(ply)), timeout=ACROSS)


async def join_again(stack: AsyncExitStack, port: int, name: str, wait: str) -> Seat:
    """Connect as a player does after their connection dropped: again at once if the attempt
    is turned away (one made as a worker dies may reach its closing socket)."""
    for attempt in range(1, 6):
        try:
            return await join(stack, port, name, wait=wait)
        except (OSError, asyncssh.Error):
            if attempt == 5:
                raise
            await asyncio.sleep(0.05)
    raise AssertionError("unreachable")


def game_across_workers(data_dir: Path, *options: str) -> None:
    with served(data_dir, "--workers", "2", *options) as (supervisor, port):

        async def scenario() -> None:
            async with AsyncExitStack() as stack:
                seats: dict[str, Seat] = {}
                landed: dict[str, int] = {}

                def spread() -> bool:
                    counts = sorted(
                        list(landed.values()).count(pid) for pid in set(landed.values())
                    )
                    return len(counts) == 2 and counts[1] >= 2

                # At least SESSIONS sessions, on both workers (the system picks for each).
                while len(seats) < SESSIONS or not spread():
                    assert len(seats) < 4 * SESSIONS, f"the sessions landed on: {landed}"
                    name = f"player{len(seats) + 1}"
                    seats[name] = await join(stack, port, name)
                    await wait_for(
                        lambda name=name: worker_of(data_dir, name) is not None,
                        what=f"the log to say where {name}'s session runs",
                    )
                    landed[name] = worker_of(data_dir, name) or 0
                # South on one worker; North and a spectator on the other.
                by_worker = {
                    pid: [name for name, on in landed.items() if on == pid]
                    for pid in set(landed.values())
                }
                second = next(pid for pid, names in by_worker.items() if len(names) >= 2)
                first = next(pid for pid in by_worker if pid != second)
                on_first, on_second = by_worker[first], by_worker[second]
                south_name, north_name, watcher_name = on_first[0], on_second[0], on_second[1]
                south, north, watcher = seats[south_name], seats[north_name], seats[watcher_name]

                # Opened on the first worker; listed, joined and watched from the second.
                south.press("n")
                await south.shows("Open a table")
                south.press("\x0f")  # ctrl+o: open it with the defaults, in the first seat
                await south.shows("You play South at table 1")
                # (Who is here is known to each worker for its own sessions only: on the other
                # worker South shows as away.)
                await north.shows("Table 1: Martian Chess", timeout=ACROSS)
                north.press("\r")
                await north.shows("You play North at table 1")
                await south.shows(f"{north_name} sat down as North", timeout=ACROSS)
                await watcher.shows("Enter or w: watch", timeout=ACROSS)  # no seat free
                watcher.press("w")
                await watcher.shows("You are watching table 1")
                screens = [south, north, watcher]
                for ply in range(1, 5):
                    await play(south if ply % 2 else north, screens, ply)

                # The first worker dies with South's session; South comes back, to the other
                # worker, and finds the game as every screen showed it.
                mark = len(log_text(data_dir))
                os.kill(first, signal.SIGKILL)
                await south.terminal.client.wait_until(
                    south.terminal.client.closed.is_set, "South's connection to end"
                )
                south = await join_again(stack, port, south_name, "You play South at table 1")
                assert worker_of(data_dir, south_name, mark) == second
                for ply in range(1, 5):
                    await south.shows(log_row(ply, shuffle(ply)))
                screens = [south, north, watcher]
                for ply in range(5, 9):
                    await play(south if ply % 2 else north, screens, ply)
                await wait_for(
                    lambda: (
                        started_workers(data_dir)[1] != first
                        and started_workers(data_dir)[2] != first
                    ),
                    timeout=START_TIMEOUT,
                    what="the killed worker replaced",
                )
                assert f"(pid {first}) stopped unexpectedly (killed by signal 9)" in log_text(
                    data_dir
                )

        run_scenario(scenario, timeout=6 * START_TIMEOUT)
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=30) == 0


def test_a_game_across_two_workers_on_sqlite(tmp_path: Path) -> None:
    game_across_workers(tmp_path)


def test_a_game_across_two_workers_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    game_across_workers(tmp_path, "--database", postgres_url)
