"""Computer seats at a table: the same ``ComputerTurns`` as at one keyboard, owned by the table.

A table belongs to no session's app, so its searches cannot be Textual workers of a screen.
``LoopTasks`` stands in for the screen: it runs the awaiting coroutine as a plain task on the
server's loop, in a fresh context (not in the context of whichever app made the move that
started it). The search itself runs in the process pool of ``tui.play.computer`` as always, never
on the event loop.

Several processes of a server share its tables, and a computer seat is played by one of them:
the one holding the table's lease in the store (``ComputerLeases``). Whoever holds it renews
it; when its process dies the lease runs out and another takes it and plays on.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Coroutine
from typing import Any

from core.game import Move
from core.record import Node
from saves.store.tables import TableStore, TableStoreError
from tui.play.computer import ComputerRunner
from tui.play.computer_turns import ComputerTurns
from tui.play.table import Table, TableRefusal


class LoopTasks:
    """Runs coroutines as tasks on the running loop and cancels them all on ``close``."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def run_worker(self, work: Coroutine[Any, Any, Any], **_options: object) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(work, context=contextvars.Context())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()


class TableComputers:
    """Starts a search whenever a computer seat of ``table`` is to move, and plays its move."""

    def __init__(self, table: Table, runner: ComputerRunner, log: logging.Logger) -> None:
        self.table = table
        self.log = log
        self.tasks = LoopTasks()
        levels = {
            seat: holder.level
            for seat, holder in enumerate(table.holders)
            if holder is not None and holder.level is not None
        }
        self.turns = ComputerTurns(
            self.tasks,
            levels,
            on_move=self._found,
            on_error=self._failed,
            runner=runner,
        )
        if table.timed:  # a computer seat thinks within its clock
            self.turns.think_limit = self._think_limit

    @property
    def thinking(self) -> bool:
        return self.turns.busy is not None

    def to_move(self) -> bool:
        """Whether one of these computer seats is to move now."""
        return self.table.live and self.turns.computer_to_move(self.table.record) is not None

    def update(self, playing: bool = True) -> None:
        """Start or drop a search after any change at the table; ``playing`` false: this
        process does not play the seats now (another holds their lease), drop any search."""
        if self.turns.levels:
            self.turns.update(self.table.record, self.table.live and playing)

    def _think_limit(self, seat: int) -> float:
        clocks = self.table.clocks
        assert clocks is not None, "a timed table's clocks run once a computer is to move"
        return clocks.think_seconds(seat)

    def _found(self, node: Node, move: Move) -> None:
        try:
            self.table.play_computer(node, move)
        except TableRefusal as refusal:
            number = self.table.number
            self.log.error("table %d: the computer's move was refused: %s", number, refusal)

    def _failed(self, message: str) -> None:
        self.log.error("table %d: %s", self.table.number, message)

    def close(self) -> None:
        self.turns.cancel()
        self.tasks.close()


class ComputerLeases:
    """The leases of the tables' computer seats held by one hall (``holder``) in ``store``."""

    def __init__(self, store: TableStore, holder: str, seconds: float, log: logging.Logger) -> None:
        self.store = store
        self.holder = holder
        self.seconds = seconds
        self.log = log
        #: The tables whose lease is held (as last known: renewing may find one lost).
        self.held: set[int] = set()

    def take(self, number: int) -> bool:
        """Hold table ``number``'s lease (taken now, or renewed); whether it is held."""
        try:
            held = self.store.take_lease(lease_key(number), self.holder, self.seconds)
        except TableStoreError as error:
            self.log.error("table %d: its computers' lease cannot be taken: %s", number, error)
            held = False
        if held:
            self.held.add(number)
        else:
            self.held.discard(number)
        return held

    def release(self, number: int) -> None:
        if number not in self.held:
            return
        self.held.discard(number)
        try:
            self.store.release_lease(lease_key(number), self.holder)
        except TableStoreError as error:
            self.log.error(
                "table %d: its computers' lease stays until it runs out: %s", number, error
            )

    def renew(self) -> None:
        """Renew every lease held (on any thread); one found lost is no longer held."""
        for number in list(self.held):
            if not self.store.renew_lease(lease_key(number), self.holder, self.seconds):
                self.held.discard(number)

    def release_all(self) -> None:
        for number in list(self.held):
            self.release(number)


def lease_key(number: int) -> str:
    """The key of table ``number``'s computer seats among the store's leases."""
    return f"table:{number}:computers"
