"""The clocks of a timed game: each seat's time left, the running one, a flag that falls.

Time comes from an injected source (a function returning monotonic seconds; ``time.monotonic``
in the app, a fake in tests), so nothing here sleeps or reads the real time itself. Only the
seat to move has its clock running. After a move (``press``) the mover's clock stops, gains
the increment (a Fischer control) or is set back to the days a move (correspondence), and the
next seat's clock starts.

Every move keeps its mover's time left after it in the record (``Node.clock``, written as
``[%clk H:MM:SS]``), so the clocks of any position of the game follow from the record
(``clocks_at``): a takeback sets both clocks back to what they were. What the record does not
say is when the running clock started: clocks made from a game read back (another process's
move, a server started again) are given it (``since``, from the store's clock), so that they
count the time since the last move, not since they were made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core.outcome import Outcome
from core.record import GameRecord, Node
from core.time_control import (
    TIME_CONTROL_TAG,
    TimeControl,
    clock_text,
    parse_time_control,
    pgn_text,
    think_seconds,
    time_control_of,
)
from core.time_outcome import outcome_on_time

TimeSource = Callable[[], float]


def time_control_tags(typed: str) -> dict[str, str]:
    """The record's ``TimeControl`` tag for the time control ``typed`` on a form (none
    without a clock); ``TimeControlError`` says in one sentence what is wrong with it."""
    control = parse_time_control(typed)
    return {TIME_CONTROL_TAG: pgn_text(control)} if control.timed else {}


class Clocks:
    """Each seat's clock under one time control."""

    def __init__(
        self,
        control: TimeControl,
        seats: int,
        now: TimeSource,
        remaining: Sequence[float] | None = None,
    ) -> None:
        if not control.timed:
            raise ValueError("a game without a time control has no clocks")
        self.control = control
        self._now = now
        self._left = list(remaining) if remaining is not None else [control.seconds] * seats
        if len(self._left) != seats:
            raise ValueError(f"{seats} seats need {seats} clock times, not {len(self._left)}")
        #: The seat whose clock runs, ``None`` while every clock stands.
        self.running: int | None = None
        self._since = 0.0

    def start(self, seat: int, since: float | None = None) -> None:
        """Run ``seat``'s clock from now, or from ``since`` by the time source (the others
        stand)."""
        self.stop()
        self.running, self._since = seat, self._now() if since is None else since

    def stop(self) -> None:
        """Stop the running clock, keeping its time left."""
        if self.running is not None:
            self._left[self.running] = self.remaining(self.running)
            self.running = None

    def press(self, mover: int, next_seat: int | None) -> float:
        """``mover`` has moved: its clock stops and gains what the control gives after a
        move, and ``next_seat``'s starts (none when the game is over). The mover's time left
        after the move is returned, to be kept with the move."""
        now = self._now()
        left = self.remaining(mover, now)
        if self.control.kind == "correspondence":
            left = self.control.seconds
        elif left > 0:
            left += self.control.increment
        self._left[mover] = left
        self.running = next_seat
        self._since = now
        return left

    def remaining(self, seat: int, now: float | None = None) -> float:
        """The seconds ``seat`` has left at ``now`` (default: the source's now); below zero
        once its flag has fallen."""
        left = self._left[seat]
        if seat == self.running:
            left -= (self._now() if now is None else now) - self._since
        return left

    def flag_fallen(self, now: float | None = None) -> int | None:
        """The seat whose time has run out at ``now``, if any (only a running clock runs out)."""
        if self.running is not None and self.remaining(self.running, now) <= 0:
            return self.running
        return None

    def text(self, seat: int, now: float | None = None) -> str:
        """What ``seat``'s clock shows: "0:04.3", "4:31", "2d 3h"."""
        return clock_text(self.remaining(seat, now))

    def times(self, now: float | None = None) -> list[float]:
        return [self.remaining(seat, now) for seat in range(len(self._left))]

    def set_times(self, remaining: Sequence[float]) -> None:
        """Set every clock (a takeback: ``clocks_at``); the running one runs on from now."""
        self._left = list(remaining)
        self._since = self._now()

    def think_seconds(self, seat: int) -> float:
        """How long a computer at ``seat`` may think on this move without running its clock
        out (``core.time_control.think_seconds``); what the engine protocol's ``time_left``
        gives a search."""
        if self.control.kind == "correspondence":
            return think_seconds(self.remaining(seat), 0.0, moves_to_plan=1)
        return think_seconds(self.remaining(seat), self.control.increment)


def mover_of(record: GameRecord, node: Node) -> int:
    """The seat that played ``node``'s move."""
    assert node.parent is not None, "the start position has no mover"
    return record.game.to_move(node.parent.state)


def clocks_at(record: GameRecord, node: Node, control: TimeControl) -> list[float]:
    """Each seat's time left at ``node``: after its own last move on the way there (its
    ``[%clk]``), or the control's starting time for a seat that has not moved yet or whose
    moves kept no clock time."""
    times = [control.seconds] * len(record.players)
    known = [False] * len(times)
    while node.parent is not None and not all(known):
        seat = mover_of(record, node)
        if not known[seat] and node.clock is not None:
            times[seat], known[seat] = node.clock, True
        elif not known[seat]:
            known[seat] = True
        node = node.parent
    return times


def timeout_outcome(record: GameRecord, fallen: int) -> Outcome:
    """How the game of ``record`` ends with ``fallen``'s flag down, reason "on time"."""
    game: Any = record.game
    return outcome_on_time(game, record.options, record.state, fallen)


class GameClock:
    """The clocks of a game in progress, kept in step with its record: what a screen playing
    a timed game calls after each move (``moved``), after an undo, redo or takeback
    (``went_to``), and when a panel tells of a fallen flag (``flag_fell``)."""

    def __init__(
        self,
        record: GameRecord,
        control: TimeControl,
        now: TimeSource,
        since: float | None = None,
    ) -> None:
        """``since``: when (by ``now``) the clock of the seat to move started running, if
        before now (the game's last move was made earlier, elsewhere)."""
        self.record = record
        times = clocks_at(record, record.current, control)
        self.clocks = Clocks(control, len(record.players), now, times)
        self.went_to(since)

    @classmethod
    def of(
        cls, record: GameRecord, now: TimeSource, since: float | None = None
    ) -> GameClock | None:
        """The clocks of ``record``'s time control (its ``TimeControl`` tag), ``None`` for a
        game without one; ``TimeControlError`` for a tag that is not one."""
        control = time_control_of(record.tags)
        return cls(record, control, now, since) if control.timed else None

    def _to_move(self) -> int | None:
        record = self.record
        return None if record.outcome() is not None else record.game.to_move(record.state)

    def moved(self, node: Node) -> None:
        """``node``'s move was just played: its mover's clock stops and its time left is kept
        with the move; the next seat's clock starts (none once the game is over)."""
        node.clock = self.clocks.press(mover_of(self.record, node), self._to_move())

    def went_to(self, since: float | None = None) -> None:
        """The record's current position changed other than by a move (undo, redo, an
        accepted takeback): each clock is set back to its time there, the mover's running
        from now (or from ``since``)."""
        record = self.record
        self.clocks.stop()  # stopped first, none loses the moment the times are set
        self.clocks.set_times(clocks_at(record, record.current, self.clocks.control))
        seat = self._to_move()
        if seat is None:
            self.clocks.stop()
        else:
            self.clocks.start(seat, since)

    def flag_fell(self, seat: int) -> Outcome | None:
        """End the game on time if ``seat``'s flag is down (``None`` if it is not, or the game
        is already over): the record keeps the ending, and its save file the result."""
        if self.record.outcome() is not None or self.clocks.flag_fallen() != seat:
            return None
        outcome = timeout_outcome(self.record, seat)
        self.clocks.stop()
        self.record.adjudicated = outcome
        return outcome
