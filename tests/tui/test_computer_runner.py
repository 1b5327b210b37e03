"""The computer runner: searches run in a separate process while the event loop keeps going.

One runner (one worker process) serves the whole module, as one serves the whole app.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
from waiting import wait_for

from core import find_game
from tui.play.computer import (
    SLOTS,
    ComputerRunner,
    SearchHandle,
    SearchRequest,
    SearchResult,
    run_search,
    shared_runner,
)

GAME = find_game("martian-chess")
START = GAME.write_position(GAME.new())
#: A position with a capture to find: South's drone on a3 takes North's queen on a5.
FREE_QUEEN = "3p/4/4/q3/4/d3/4/2pp 1 0/0 - -"
#: Seconds to wait for the worker to take a search up: the machine may be busy.
PATIENCE = 60.0
#: A search's own thinking time when it is meant to be stopped long before it ends.
LONG = 30.0
#: What stopping such a search may take at most: far below its thinking time.
STOPPED_WITHIN = 10.0


@pytest.fixture(scope="module")
def runner() -> Iterator[ComputerRunner]:
    runner = ComputerRunner(workers=1)
    runner.warm_up().result(timeout=60)
    yield runner
    runner.shutdown(wait=True)


def legal_notations(position: str) -> set[str]:
    state = GAME.read_position(position)
    return {GAME.format_move(state, move) for move in GAME.legal_moves(state)}


def test_the_pool_starts_lazily() -> None:
    runner = ComputerRunner()
    assert not runner.started
    runner.shutdown()
    assert shared_runner() is shared_runner()


async def under_way(handle: SearchHandle) -> None:
    """Wait until the worker has taken the search up, so what follows meets it mid-search."""
    await wait_for(lambda: handle.started, PATIENCE, "the worker to start the search")


def test_a_search_in_the_pool_returns_a_legal_move_while_the_loop_turns(
    runner: ComputerRunner,
) -> None:
    async def scenario() -> tuple[str, bool, int]:
        request = SearchRequest("martian-chess", START, seat=0, level="normal", seconds=0.6)
        handle = runner.submit(request)
        turns_under_way = 0

        def turn() -> bool:
            nonlocal turns_under_way
            if handle.started and not handle.done():
                turns_under_way += 1
            return handle.done()

        await wait_for(turn, PATIENCE, "the search to end")
        result = await handle.result()
        return result.move, result.stopped, turns_under_way

    move, stopped, turns_under_way = asyncio.run(scenario())
    assert move in legal_notations(START)
    assert not stopped  # it ended by itself, when its thinking time was up
    # The loop turned while the worker searched: a search run on the loop would have been
    # over before the loop's first look.
    assert turns_under_way >= 1


def test_the_worker_finds_the_capture(runner: ComputerRunner) -> None:
    request = SearchRequest("martian-chess", FREE_QUEEN, seat=0, level="easy", seed=4)
    result = asyncio.run(runner.choose(request))
    assert result.move == "a3xa5"
    assert result.algorithm == "alphabeta"
    assert not result.stopped


def test_move_now_returns_early_with_a_legal_move(runner: ComputerRunner) -> None:
    async def scenario() -> tuple[str, bool, float]:
        request = SearchRequest("martian-chess", START, seat=0, level="hard", seconds=LONG)
        handle = runner.submit(request)
        await under_way(handle)
        start = time.monotonic()
        handle.move_now()
        result = await handle.result()
        return result.move, result.stopped, time.monotonic() - start

    move, stopped, waited = asyncio.run(scenario())
    assert move in legal_notations(START)
    assert stopped
    assert waited < STOPPED_WITHIN  # far below the thinking time it was given


def test_cancel_stops_the_search_and_frees_the_worker(runner: ComputerRunner) -> None:
    async def scenario() -> float:
        long = SearchRequest("martian-chess", START, seat=0, level="hard", seconds=LONG)
        handle = runner.submit(long)
        await under_way(handle)
        handle.cancel()
        with pytest.raises(asyncio.CancelledError):
            await handle.result()
        # The single worker is free again: a quick search gets through at once.
        start = time.monotonic()
        quick = SearchRequest("martian-chess", FREE_QUEEN, seat=0, level="easy")
        assert (await runner.choose(quick)).move == "a3xa5"
        return time.monotonic() - start

    assert asyncio.run(scenario()) < STOPPED_WITHIN


def test_cancelling_the_awaiting_task_cancels_the_search(runner: ComputerRunner) -> None:
    async def scenario() -> None:
        long = SearchRequest("martian-chess", START, seat=0, level="hard", seconds=LONG)
        handle = runner.submit(long)
        awaiting = asyncio.Event()

        async def await_result() -> SearchResult:
            awaiting.set()  # and on, in the same step, to await the search's result
            return await handle.result()

        task = asyncio.ensure_future(await_result())
        await awaiting.wait()
        await under_way(handle)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert handle.cancelled
        # Stopped, not left to use up its thinking time: the bound is what is checked here.
        await wait_for(handle.done, STOPPED_WITHIN, "the cancelled search to stop")

    asyncio.run(scenario())


def test_a_request_for_the_wrong_seat_is_refused(runner: ComputerRunner) -> None:
    request = SearchRequest("martian-chess", START, seat=1, level="easy")
    with pytest.raises(ValueError, match="not seat 2's turn"):
        asyncio.run(runner.choose(request))


def test_every_finished_search_gives_its_slot_back(runner: ComputerRunner) -> None:
    async def scenario() -> None:
        quick = SearchRequest("martian-chess", FREE_QUEEN, seat=0, level="easy")
        for _ in range(SLOTS + 4):  # more searches than there are stop flags
            assert (await runner.choose(quick)).move == "a3xa5"

    asyncio.run(scenario())
    assert runner.under_way == 0


def test_too_many_searches_at_once_are_refused() -> None:
    runner = ComputerRunner()
    try:
        handles = [
            runner.submit(SearchRequest("martian-chess", START, 0, "hard", seconds=30.0))
            for _ in range(SLOTS)
        ]
        assert runner.under_way == SLOTS
        with pytest.raises(RuntimeError, match="computer searches at once"):
            runner.submit(SearchRequest("martian-chess", START, 0, "easy"))
    finally:
        runner.shutdown(wait=True)
    assert all(handle.done() for handle in handles)
    assert runner.under_way == 0


def test_run_search_answers_in_this_process_too() -> None:
    request = SearchRequest("martian-chess", FREE_QUEEN, seat=0, level="easy", seed=1)
    result = run_search(request)
    assert result.move == "a3xa5"
    assert result.seconds < 5.0
