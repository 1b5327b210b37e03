"""Computer seats at a table: the same ``ComputerTurns`` as at one keyboard, owned by the table.

A table belongs to no session's app, so its searches cannot be Textual workers of a screen.
``LoopTasks`` stands in for the screen: it runs the awaiting coroutine as a plain task on the
server's loop, in a fresh context (not in the context of whichever app made the move that
started it). The search itself runs in the process pool of ``tui.play.computer`` as always, never
on the event loop.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Coroutine
from typing import Any

from core.game import Move
from core.record import Node
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

    @property
    def thinking(self) -> bool:
        return self.turns.busy is not None

    def update(self) -> None:
        """Start or drop a search after any change at the table."""
        if self.turns.levels:
            self.turns.update(self.table.record, self.table.live)

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
