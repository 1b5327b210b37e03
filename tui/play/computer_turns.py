"""Computer seats at play: a search starts whenever a computer is to move, off the event loop.

``ComputerTurns`` belongs to a screen (or any other DOM node) that shows one ``GameRecord``.
The screen calls ``update(record, active)`` after every change of position; when a computer
seat is to move, a search is sent to the process pool (``tui.play.computer``) and awaited in a
Textual worker, so the screen keeps answering keys meanwhile. The move found comes back
through ``on_move(node, move)``, together with the node it was searched for: the screen plays
it only if that node is still the current one.

The same machinery gives a hint: ``hint(record)`` asks the Hard level what the player to move
should play and answers through ``on_hint``. At most one search runs at a time; ``move_now``
asks it for its best move so far, ``cancel`` drops it. Nothing here knows about widgets: the
screen draws ``busy`` (what is being searched) as it likes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from core.ai import move_seed
from core.ai.levels import find_level
from core.ai.stagnation import record_quiet_plies
from core.errors import PawnshopError
from core.game import Move
from core.record import GameRecord, Node
from tui.play.computer import (
    ComputerRunner,
    SearchHandle,
    SearchRequest,
    SearchResult,
    shared_runner,
)

#: The level whose move a hint shows.
HINT_LEVEL = "hard"

SearchKind = Literal["move", "hint"]
MoveCallback = Callable[[Node, Move], None]


@dataclass(eq=False)
class Search:
    """One search under way: for which position, which seat, what for."""

    kind: SearchKind
    node: Node
    seat: int
    level: str
    handle: SearchHandle | None = field(default=None, repr=False)
    hurried: bool = False  # "move now" was asked


def search_request(
    record: GameRecord, node: Node, level: str, seconds: float | None = None
) -> SearchRequest:
    """The search for the seat to move at ``node`` of ``record``, as a computer seat asks for
    it (``seconds`` replaces the level's thinking time)."""
    game = record.game
    return SearchRequest(
        game_id=game.id,
        position=game.write_position(node.state),
        seat=game.to_move(node.state),
        level=level,
        seed=move_seed(record.seed, node.ply),
        seconds=seconds,
        quiet_plies=record_quiet_plies(record, node),
    )


class WorkerOwner(Protocol):
    """What runs the waiting for a search's result: a screen (Textual's ``run_worker``), or
    ``tui.play.table_computers.LoopTasks`` for a table, which belongs to no screen."""

    def run_worker(
        self, work: Coroutine[Any, Any, Any], *, group: str = ..., exit_on_error: bool = ...
    ) -> object: ...


class ComputerTurns:
    """Runs the searches of the computer seats (and hints) of one record."""

    def __init__(
        self,
        owner: WorkerOwner,
        levels: Mapping[int, str],
        *,
        on_move: MoveCallback,
        on_hint: MoveCallback | None = None,
        on_change: Callable[[], None] | None = None,
        on_error: Callable[[str], None] | None = None,
        runner: ComputerRunner | None = None,
    ) -> None:
        """``levels``: the computer seats and their level names. ``on_change`` is called
        whenever a search starts or ends (to show or hide a "thinking" sign); ``on_error``
        with one sentence when a search fails."""
        self.owner = owner
        self.levels = dict(levels)
        self.on_move = on_move
        self.on_hint = on_hint
        self.on_change = on_change
        self.on_error = on_error
        self._runner = runner
        self.busy: Search | None = None
        #: What the last search that came to an end found, and how (``stopped``: hurried).
        self.last_result: SearchResult | None = None
        #: In a timed game, the seconds a seat may think on its move by its clock
        #: (``tui.play.clock.Clocks.think_seconds``): a search thinks no longer than that.
        self.think_limit: Callable[[int], float] | None = None

    @property
    def runner(self) -> ComputerRunner:
        if self._runner is None:
            self._runner = shared_runner()
        return self._runner

    # -- who plays --------------------------------------------------------------------------

    def is_computer(self, seat: int) -> bool:
        return seat in self.levels

    def human_seats(self, seats: int) -> list[int]:
        return [seat for seat in range(seats) if seat not in self.levels]

    def computer_to_move(self, record: GameRecord) -> int | None:
        """The computer seat to move at the current position, ``None`` if it is a person's
        turn or the game is over."""
        if not self.levels or record.outcome() is not None:
            return None
        seat = record.game.to_move(record.state)
        return seat if seat in self.levels else None

    # -- starting and stopping --------------------------------------------------------------

    def warm_up(self) -> None:
        """Start the search process now if this game has computer seats, so the first
        computer move does not wait for it."""
        if self.levels:
            # If no process can be started, the first search says so.
            with contextlib.suppress(Exception):
                self.runner.warm_up()

    def update(self, record: GameRecord, active: bool) -> None:
        """Bring the searches in line with ``record``'s current position: drop a search made
        for another position, start one if a computer is to move. ``active`` is false while
        the game is only reviewed: then no computer moves."""
        busy = self.busy
        if busy is not None and busy.node is not record.current:
            self.cancel()
        seat = self.computer_to_move(record) if active else None
        if seat is None:
            if self.busy is not None and self.busy.kind == "move":
                self.cancel()
            return
        if self.busy is not None and self.busy.kind == "move":
            return
        self.cancel()  # a hint asked for just before the turn passed
        self._start(Search("move", record.current, seat, self.levels[seat]), record)

    def hint(self, record: GameRecord) -> None:
        """Search the current position at the hint level for the seat to move."""
        self.cancel()
        seat = record.game.to_move(record.state)
        self._start(Search("hint", record.current, seat, HINT_LEVEL), record)

    def move_now(self) -> bool:
        """Ask the running search for its best move so far; false if none is running."""
        busy = self.busy
        if busy is None or busy.handle is None:
            return False
        busy.hurried = True
        busy.handle.move_now()
        return True

    def cancel(self) -> None:
        """Drop the running search, if any: it stops and its move is never played."""
        busy, self.busy = self.busy, None
        if busy is None:
            return
        if busy.handle is not None:
            busy.handle.cancel()
        self._changed()

    # -- the search itself ------------------------------------------------------------------

    def _start(self, search: Search, record: GameRecord) -> None:
        seconds = None
        if self.think_limit is not None and search.kind == "move":
            own = find_level(search.level).seconds
            limit = self.think_limit(search.seat)
            seconds = limit if own is None else min(own, limit)
        request = search_request(record, search.node, search.level, seconds)
        try:
            search.handle = self.runner.submit(request)
        except Exception as error:  # too many searches, or no process could be started
            self._fail(f"The computer cannot think now: {error}.")
            return
        self.busy = search
        self.owner.run_worker(self._await(search, record), group="computer", exit_on_error=False)
        self._changed()

    async def _await(self, search: Search, record: GameRecord) -> None:
        assert search.handle is not None
        try:
            result = await search.handle.result()
        except asyncio.CancelledError:
            if self.busy is search:
                self.busy = None
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the screen went away: the worker itself is being cancelled
            return  # this search was dropped by ``cancel``
        except Exception as error:  # a worker process that died, a position it could not read
            if self.busy is search:
                self.busy = None
                self._changed()
                self._fail(f"The computer could not find a move: {error or type(error).__name__}.")
            return
        if self.busy is not search:
            return  # dropped while its answer was on the way
        self.busy = None
        self.last_result = result
        self._changed()
        try:
            move = record.game.parse_move(search.node.state, result.move)
        except PawnshopError as error:
            self._fail(f"The computer's move {result.move} cannot be played: {error}.")
            return
        callback = self.on_move if search.kind == "move" else self.on_hint
        if callback is not None:
            callback(search.node, move)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _fail(self, message: str) -> None:
        if self.on_error is not None:
            self.on_error(message)
