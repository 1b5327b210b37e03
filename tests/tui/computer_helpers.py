"""Playing against computer seats in tests: records with computer seats, waiting for them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.pilot import Pilot
from tui_helpers import martian_record
from waiting import wait_for

from core.record import GameRecord
from tui.play.seat_types import computer_type, tag_name
from tui.widgets.thinking import ThinkingIndicator

#: Long enough for a search in the (shared, busy) worker process, far beyond what one takes.
PATIENCE = 60.0


def against_computers(
    levels: dict[int, str], moves: Sequence[str] = (), position: str | None = None
) -> GameRecord:
    """A Martian Chess record in which the seats in ``levels`` are computers at those levels."""
    record = martian_record(moves, position=position)
    for seat, level in levels.items():
        record.tags[tag_name(seat)] = computer_type(level)
    return record


async def wait_until(
    pilot: Pilot[Any], condition: Callable[[], bool], what: str, seconds: float = PATIENCE
) -> None:
    """Let ``pilot``'s app run until ``condition`` holds (failing after ``seconds``)."""
    await wait_for(condition, seconds, what)


def computer_workers_over(pilot: Pilot[Any]) -> bool:
    """Whether every task that awaits a computer's search has ended: from then on no search
    begun so far can play a move, so a move that must not come is known not to."""
    return all(worker.is_finished for worker in pilot.app.workers if worker.group == "computer")


def thinking(pilot: Pilot[Any]) -> str:
    """What the thinking sign says, ``""`` while it is hidden."""
    indicator = pilot.app.screen.query_one(ThinkingIndicator)
    return indicator.label if indicator.display else ""
