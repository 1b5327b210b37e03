"""Quitting while the computer thinks leaves at once: the search and its worker process end
with the app instead of holding up the exit, and the autosave holds every move shown."""

from __future__ import annotations

import asyncio
import time
from contextlib import AsyncExitStack
from pathlib import Path

from computer_helpers import PATIENCE, against_computers, thinking, wait_until
from net_helpers import join, serving_tables
from tui_helpers import MARTIAN, SIZE, app_test, board_screen, line, make_app, play_by_keys
from waiting import wait_for_in_thread

from saves.format import load
from saves.paths import autosave_file
from tui.play.computer import SearchRequest, shared_runner

#: Far less than the Hard level's five seconds of thinking.
QUIT_SECONDS = 2.0


def runs(pid: int) -> bool:
    """Whether process ``pid`` still runs (a process that has ended but is not yet waited
    for, a zombie, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@app_test
async def test_q_while_the_hard_computer_thinks_quits_at_once(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({1: "hard"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await play_by_keys(pilot, ("c3", "d4"))
        await wait_until(
            pilot,
            lambda: (
                screen.computers.busy is not None
                and screen.computers.busy.handle is not None
                and screen.computers.busy.handle.started
            ),
            "the search to start",
        )
        assert thinking(pilot) == "North is thinking"
        # This app's workers only: other tests in this process may keep runners of their own.
        workers = screen.computers.runner.worker_processes()
        assert any(worker.is_alive() for worker in workers), "the search runs in a process"
        shown = line(screen.record)
        assert shown == ["c3-d4"]
        pressed = time.monotonic()
        await pilot.press("q")
    quitting = time.monotonic() - pressed
    assert quitting < QUIT_SECONDS, f"quitting took {quitting:.2f} s"
    # Terminated as the app ends, each worker is gone within the same bound of the key (its
    # exit may still be on its way, or already seen by another waiter, as the app returns).
    left = QUIT_SECONDS - (time.monotonic() - pressed)
    running = [worker.pid for worker in workers if worker.pid is not None]
    wait_for_in_thread(lambda: not any(map(runs, running)), max(left, 0.0), "the workers to end")
    assert line(load(autosave_file(data_dir))) == shown


def test_a_session_quitting_over_ssh_leaves_the_shared_worker_running(tmp_path: Path) -> None:
    """The server's sessions share one process: one leaving must not end the worker that
    another session's hint may be using."""

    async def run() -> None:
        runner = shared_runner()
        runner.warm_up().result(timeout=PATIENCE)
        async with serving_tables(tmp_path) as (server, _hall), AsyncExitStack() as stack:
            seat = await join(stack, server, "alice")
            seat.press("q")
            await seat.terminal.exit_status()
        assert runner.started
        request = SearchRequest(MARTIAN.id, MARTIAN.write_position(MARTIAN.new()), 0, "easy")
        assert runner.submit(request).future.result(timeout=PATIENCE).move

    asyncio.run(run())
