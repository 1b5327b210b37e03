"""Computer moves off the event loop: every search runs in one shared process pool.

A search is pure Python and would freeze the interface if it ran on the event loop, so
``ComputerRunner`` sends a ``SearchRequest`` (game id, position text, seat, level, seed) to a
worker process and hands back a ``SearchHandle`` to await. The pool is created on first use
with the ``spawn`` start method and kept for the whole session.

"Move now" and cancelling use a small shared array of stop flags, given to every worker when
it starts (the only way to share memory with a pool without a manager process). Each running
request owns one slot; setting it makes the search return its best move so far at once.

A second such array holds a mark per slot that the worker raises as it takes the search up,
so that ``SearchHandle.started`` tells a search under way from one still waiting its turn.

Call ``shutdown()`` when the application exits: it stops running searches instead of waiting
for them to use up their thinking time. ``stop_now()`` goes further, for quitting: it ends
the worker processes too, so the interpreter's exit does not wait for a worker that is still
starting up or returning its answer.
"""

from __future__ import annotations

import asyncio
import dataclasses
import multiprocessing
import os
import sys
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing import resource_tracker
from typing import Any

from core.ai import Searcher, find_level
from core.registry import all_games, find_game

#: How many searches may be queued or running at the same time.
SLOTS = 32
#: How long ``stop_now`` waits for each terminated worker to be gone.
WORKER_EXIT_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """One computer move to find: the seat must be the one to move in ``position``.

    ``seconds`` replaces the level's thinking time when given. ``quiet_plies`` is how long the
    game has gone without progress (``core.ai.stagnation``), which the position text alone
    does not always tell.
    """

    game_id: str
    position: str
    seat: int
    level: str = "normal"
    seed: int = 0
    seconds: float | None = None
    quiet_plies: int = 0


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move found, in the game's notation, and what the search did to find it."""

    move: str
    algorithm: str
    work: int
    depth: int
    seconds: float
    stopped: bool  # "move now" or cancelling cut the search short


# -- inside a worker process ------------------------------------------------------------------

_worker_flags: Any = None
_worker_started: Any = None


def _start_worker(flags: Any, started: Any) -> None:
    """Keep the shared stop flags and start marks; silence output, which would garble the
    terminal."""
    global _worker_flags, _worker_started
    _worker_flags = flags
    _worker_started = started
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the worker
    sys.stderr = sys.stdout
    all_games()  # import every game once, before the first request


class _SlotFlag:
    """The stop flag of one slot, read by the search (``StopFlag``)."""

    def __init__(self, flags: Any, slot: int) -> None:
        self.flags = flags
        self.slot = slot

    def is_set(self) -> bool:
        return bool(self.flags[self.slot])


def _ready() -> bool:
    return True


def run_search(request: SearchRequest, stop: Any = None) -> SearchResult:
    """Answer ``request`` in this process (``stop``: an optional ``StopFlag``)."""
    game = find_game(request.game_id)
    state = game.read_position(request.position)
    if game.to_move(state) != request.seat:
        raise ValueError(f"it is not seat {request.seat + 1}'s turn in this position")
    level = find_level(request.level)
    if request.seconds is not None:
        level = dataclasses.replace(level, seconds=request.seconds)
    searcher = Searcher(game, state, level, request.seed, quiet_plies=request.quiet_plies)
    move = searcher.run(stop=stop)
    stats = searcher.stats
    return SearchResult(
        move=game.format_move(state, move),
        algorithm=stats.algorithm,
        work=stats.work,
        depth=stats.depth,
        seconds=stats.seconds,
        stopped=bool(stop is not None and stop.is_set()),
    )


def _search_in_worker(request: SearchRequest, slot: int) -> SearchResult:
    _worker_started[slot] = 1
    return run_search(request, _SlotFlag(_worker_flags, slot))


# -- in the application -----------------------------------------------------------------------


class SearchHandle:
    """One submitted search: await ``result()``; ``move_now()`` or ``cancel()`` it."""

    def __init__(self, future: Future[SearchResult], runner: ComputerRunner, slot: int) -> None:
        self.future = future
        self._runner = runner
        self.slot = slot
        self.cancelled = False

    def move_now(self) -> None:
        """Ask the search to stop and return its best move so far."""
        self._runner._stop(self)

    def cancel(self) -> None:
        """Drop the search (the game was undone or closed): it stops, its move is ignored."""
        self.cancelled = True
        self.move_now()
        self.future.cancel()

    def done(self) -> bool:
        return self.future.done()

    @property
    def started(self) -> bool:
        """Whether a worker has taken this search up (it may be over since). The mark is read
        before ``done()``: a slot is marked afresh for another search only once this one is
        done."""
        return bool(self._runner._started[self.slot]) or self.done()

    async def result(self) -> SearchResult:
        """The search's result; ``asyncio.CancelledError`` once cancelled.

        Cancelling the task that awaits this cancels the search too.
        """
        if self.cancelled:
            raise asyncio.CancelledError
        try:
            result = await asyncio.wrap_future(self.future)
        except asyncio.CancelledError:
            self.cancel()
            raise
        if self.cancelled:
            raise asyncio.CancelledError
        return result


class ComputerRunner:
    """The process pool for searches, started lazily on the first request."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._context = multiprocessing.get_context("spawn")
        self._flags = self._context.RawArray("b", SLOTS)
        self._started = self._context.RawArray("b", SLOTS)
        self._free = list(range(SLOTS))
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._handles: set[SearchHandle] = set()

    @property
    def started(self) -> bool:
        return self._pool is not None

    @property
    def under_way(self) -> int:
        """How many searches are queued or running."""
        with self._lock:
            return SLOTS - len(self._free)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            start_resource_tracker()
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=self._context,
                initializer=_start_worker,
                initargs=(self._flags, self._started),
            )
        return self._pool

    def warm_up(self) -> Future[bool]:
        """Start a worker now, so the first real search does not wait for it."""
        return self._executor().submit(_ready)

    def submit(self, request: SearchRequest) -> SearchHandle:
        """Start a search; raises ``RuntimeError`` if too many are already under way."""
        with self._lock:
            if not self._free:
                raise RuntimeError(f"more than {SLOTS} computer searches at once")
            slot = self._free.pop()
        self._flags[slot] = 0
        self._started[slot] = 0
        try:
            future = self._executor().submit(_search_in_worker, request, slot)
        except BrokenProcessPool:
            self._pool = None  # a worker died: start a fresh pool
            future = self._executor().submit(_search_in_worker, request, slot)
        handle = SearchHandle(future, self, slot)
        with self._lock:
            self._handles.add(handle)
        # Registered after the handle is known, so the release always comes after the add.
        future.add_done_callback(lambda _: self._release(handle, slot))
        return handle

    def _release(self, handle: SearchHandle, slot: int) -> None:
        with self._lock:
            self._handles.discard(handle)
            self._free.append(slot)

    def _stop(self, handle: SearchHandle) -> None:
        """Raise the stop flag of ``handle``'s slot, unless the search is over and the slot
        may already serve another one."""
        with self._lock:
            if handle in self._handles:
                self._flags[handle.slot] = 1

    async def choose(self, request: SearchRequest) -> SearchResult:
        """Submit ``request`` and await its result."""
        return await self.submit(request).result()

    def shutdown(self, wait: bool = False) -> None:
        """Stop every search and the workers; a later request starts a new pool."""
        for handle in list(self._handles):
            handle.cancel()
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)

    def worker_processes(self) -> list[multiprocessing.process.BaseProcess]:
        """The pool's worker processes now (none before the first search)."""
        # The pool keeps its workers in ``_processes`` (pid to process), which it has done
        # since Python 3.2; without it the workers are left to end on their own, as before.
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes.values())

    def stop_now(self) -> None:
        """Stop every search and end the worker processes at once (quitting).

        A pool left to itself is joined when the interpreter exits, which waits for each worker
        to take up its stop flag, or to finish starting (importing every game) first. The
        workers hold nothing that must be written, so they are terminated instead; the pool's
        own thread then sees them gone and ends too.
        """
        workers = self.worker_processes()
        self.shutdown(wait=False)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(timeout=WORKER_EXIT_SECONDS)


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with the real standard error.

    The tracker process inherits ``sys.stderr``'s file descriptor; inside a running Textual
    app that is a capture object whose ``fileno()`` is -1, which makes starting it fail.
    """
    captured = sys.stderr
    if sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = captured


_shared: ComputerRunner | None = None


def shared_runner() -> ComputerRunner:
    """The application's one runner (and so its one process pool)."""
    global _shared
    if _shared is None:
        _shared = ComputerRunner()
    return _shared


def stop_shared_runner() -> None:
    """Stop the application's runner at once if it was ever started (see ``stop_now``)."""
    if _shared is not None:
        _shared.stop_now()
