"""A computer seat in a timed game thinks within its clock: each search is given the time
the seat's clock allows (``Clocks.think_seconds``), never more than its level's own."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from core import find_game
from core.ai.levels import find_level
from core.record import GameRecord
from core.time_control import parse_time_control
from tui.play.clock import Clocks
from tui.play.computer import SearchRequest
from tui.play.computer_turns import ComputerTurns


class Runner:
    """Takes the searches asked for, and runs none."""

    def __init__(self) -> None:
        self.requests: list[SearchRequest] = []

    def submit(self, request: SearchRequest) -> object:
        self.requests.append(request)
        return object()


class Owner:
    def run_worker(self, work: Coroutine[Any, Any, Any], **_: object) -> object:
        work.close()  # the search is never awaited here
        return None


def asked_seconds(left: float, control: str) -> float | None:
    record = GameRecord(find_game("martian-chess"), seed=1)
    seat = record.game.to_move(record.state)
    clocks = Clocks(parse_time_control(control), 2, lambda: 0.0, [left, left])
    runner = Runner()
    turns = ComputerTurns(Owner(), {seat: "hard"}, on_move=lambda *_: None, runner=runner)
    turns.think_limit = clocks.think_seconds
    turns.update(record, active=True)
    return runner.requests[0].seconds


def test_a_computer_short_of_time_thinks_within_its_clock() -> None:
    assert asked_seconds(3.0, "1+0") == 0.15  # a twentieth of what is left
    assert asked_seconds(40.0, "1+0") == 2.0
    assert asked_seconds(10.0, "1+5") == 4.5  # and most of the increment to come
    assert asked_seconds(6.0, "1+30") == 3.0  # never more than half of what is left


def test_a_computer_with_time_to_spare_thinks_as_its_level_does() -> None:
    assert asked_seconds(3600.0, "60+0") == find_level("hard").seconds
