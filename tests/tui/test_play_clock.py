"""The clocks of a timed game, driven by a fake time source: time running down for the seat to
move only, increments, correspondence, a falling flag, a takeback setting both clocks back from
the record's clock times, and a computer's thinking time."""

from __future__ import annotations

import pytest

from core import find_game
from core.record import GameRecord
from core.time_control import parse_time_control
from saves.errors import SaveError
from saves.format import dumps, loads
from tui.play.clock import Clocks, GameClock, clocks_at, mover_of, timeout_outcome


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def test_only_the_running_clock_runs_and_the_increment_comes_after_the_move() -> None:
    time = FakeTime()
    clocks = Clocks(parse_time_control("5+3"), 2, time)
    clocks.start(0)
    time.advance(29.0)
    assert clocks.remaining(0) == 271.0 and clocks.remaining(1) == 300.0
    assert clocks.text(0) == "4:31"
    assert clocks.press(0, 1) == 274.0
    time.advance(10.0)
    assert clocks.times() == [274.0, 290.0]
    assert clocks.remaining(1, time.now + 5.0) == 285.0


def test_sudden_death_gives_nothing_back_and_the_flag_falls_at_zero() -> None:
    time = FakeTime()
    clocks = Clocks(parse_time_control("1+0"), 2, time)
    clocks.start(0)
    time.advance(30.0)
    assert clocks.press(0, 1) == 30.0
    time.advance(55.7)
    assert clocks.text(1) == "0:04.3"
    assert clocks.flag_fallen() is None
    assert clocks.flag_fallen(time.now + 4.3) == 1
    time.advance(5.0)
    assert clocks.flag_fallen() == 1
    assert clocks.text(1) == "0:00.0"


def test_a_stopped_clock_never_falls() -> None:
    time = FakeTime()
    clocks = Clocks(parse_time_control("1+0"), 2, time)
    clocks.start(1)
    time.advance(20.0)
    clocks.stop()
    time.advance(100.0)
    assert clocks.flag_fallen() is None
    assert clocks.times() == [60.0, 40.0]


def test_correspondence_sets_the_movers_clock_back_to_the_days_a_move() -> None:
    time = FakeTime()
    clocks = Clocks(parse_time_control("3d"), 2, time)
    clocks.start(0)
    time.advance(86_400 + 3600 * 20)
    assert clocks.text(0) == "1d 4h"
    assert clocks.press(0, 1) == 3 * 86_400.0
    time.advance(3 * 86_400)
    assert clocks.flag_fallen() == 1


def play_timed(record: GameRecord, clocks: Clocks, time: FakeTime, moves: list[tuple[str, float]]):
    for text, seconds in moves:
        time.advance(seconds)
        mover = record.game.to_move(record.state)
        node = record.play_text(text, main=True)
        node.clock = clocks.press(mover, record.game.to_move(record.state))


def test_a_takeback_sets_both_clocks_back_from_the_records_clock_times() -> None:
    time = FakeTime()
    control = parse_time_control("5+3")
    record = GameRecord(find_game("martian-chess"), seed=1)
    clocks = Clocks(control, 2, time)
    first = record.game.to_move(record.state)
    clocks.start(first)
    play_timed(record, clocks, time, [("c3-d4", 10.0), ("c6-d5", 20.0), ("d4-c5", 30.0)])
    before_third = clocks_at(record, record.mainline()[1], control)
    assert before_third[first] == 293.0 and before_third[1 - first] == 283.0
    time.advance(40.0)
    record.undo(main=True)  # the third move is taken back: its mover is to move again
    clocks.set_times(clocks_at(record, record.current, control))
    clocks.start(record.game.to_move(record.state))
    assert clocks.running == first == mover_of(record, record.mainline()[0])
    assert clocks.remaining(first) == 293.0 and clocks.remaining(1 - first) == 283.0


def test_the_clock_times_kept_in_the_save_give_the_clocks_back() -> None:
    time = FakeTime()
    control = parse_time_control("10+0")
    record = GameRecord(find_game("martian-chess"), seed=1)
    clocks = Clocks(control, 2, time)
    clocks.start(record.game.to_move(record.state))
    play_timed(record, clocks, time, [("c3-d4", 12.0), ("c6-d5", 596.5)])
    again = loads(dumps(record))
    assert clocks_at(again, again.current, control) == clocks_at(record, record.current, control)
    assert sorted(clocks_at(again, again.current, control)) == [3.5, 588.0]


def test_a_seat_that_has_not_moved_has_the_starting_time() -> None:
    record = GameRecord(find_game("martian-chess"), seed=1)
    control = parse_time_control("15+10")
    assert clocks_at(record, record.root, control) == [900.0, 900.0]


def test_a_computers_thinking_time_leaves_its_clock_running() -> None:
    time = FakeTime()
    clocks = Clocks(parse_time_control("1+2"), 2, time)
    clocks.start(0)
    time.advance(59.0)
    budget = clocks.think_seconds(0)
    assert 0 < budget < clocks.remaining(0)
    time.advance(budget)
    clocks.press(0, 1)
    assert clocks.flag_fallen() is None and clocks.remaining(0) > 0


def test_a_flag_ends_the_game_on_time() -> None:
    record = GameRecord(find_game("macadam"), seed=1)
    outcome = timeout_outcome(record, 0)
    assert outcome.winners == (1,) and "on time" in outcome.reason


def test_a_game_without_a_clock_has_no_clocks() -> None:
    with pytest.raises(ValueError):
        Clocks(parse_time_control("-"), 2, FakeTime())


def test_a_game_clock_keeps_the_clocks_in_step_with_the_record_and_ends_it_on_time() -> None:
    time = FakeTime()
    record = GameRecord(find_game("martian-chess"), seed=1, tags={"TimeControl": "60+2"})
    game_clock = GameClock.of(record, time)
    assert game_clock is not None
    first = record.game.to_move(record.state)
    for text, seconds in [("c3-d4", 10.0), ("c6-d5", 20.0)]:
        time.advance(seconds)
        game_clock.moved(record.play_text(text, main=True))
    assert [node.clock for node in record.mainline()] == [52.0, 42.0]
    time.advance(5.0)
    record.undo(main=True)
    game_clock.went_to()  # the second move taken back: its mover has its 60 s again
    assert game_clock.clocks.running == 1 - first
    assert game_clock.clocks.remaining(1 - first) == 60.0
    assert game_clock.clocks.remaining(first) == 52.0
    assert game_clock.flag_fell(1 - first) is None  # not yet
    time.advance(60.0)
    outcome = game_clock.flag_fell(1 - first)
    assert outcome is not None and outcome.winners == (first,)
    assert record.outcome() == outcome
    assert game_clock.flag_fell(1 - first) is None  # told once: the game is over
    text = dumps(record)
    assert '[Result "1-0"]' in text and '[Termination "North lost on time"]' in text
    again = loads(text)
    assert again.outcome() == outcome
    assert dumps(again) == text


def test_a_save_that_claims_an_ending_the_rules_do_not_give_is_still_refused() -> None:
    record = GameRecord(find_game("martian-chess"), seed=1)
    record.play_text("c3-d4", main=True)
    text = dumps(record).replace('[Result "*"]', '[Result "1-0"]')
    text = text.removesuffix("*\n") + "1-0\n"
    with pytest.raises(SaveError, match="its main line ends with the game still going on"):
        loads(text)


def test_a_game_without_a_time_control_has_no_game_clock() -> None:
    assert GameClock.of(GameRecord(find_game("chase"), seed=1), FakeTime()) is None


class TickingTime(FakeTime):
    """Time that moves on a little at every look, as the real clock does between two
    steps of setting the clocks."""

    def __call__(self) -> float:
        self.now += 0.01
        return self.now


def test_setting_the_clocks_back_loses_no_time_of_the_clock_that_stops() -> None:
    time = TickingTime()
    record = GameRecord(find_game("martian-chess"), seed=1, tags={"TimeControl": "60+2"})
    game_clock = GameClock.of(record, time)
    assert game_clock is not None
    first = record.game.to_move(record.state)
    time.advance(10.0)
    game_clock.moved(record.play_text("c3-d4", main=True))
    time.advance(5.0)
    record.undo(main=True)
    game_clock.went_to()  # back at the start: the other seat's clock stops at its minute
    assert game_clock.clocks.running == first
    assert game_clock.clocks.remaining(1 - first) == 60.0
    assert game_clock.clocks.text(1 - first) == "1:00"


def test_clocks_made_from_a_game_read_back_run_from_when_its_last_move_was_made() -> None:
    """A game whose last move was made 30 s ago (elsewhere, or before a restart): the clock
    of the seat to move has run those 30 s already, and a flag falls on that count."""
    time = FakeTime()
    record = GameRecord(find_game("martian-chess"), seed=1, tags={"TimeControl": "60"})
    record.play_text("c3-d4", main=True).clock = 55.0
    to_move = record.game.to_move(record.state)
    game_clock = GameClock.of(record, time, since=time.now - 30.0)
    assert game_clock is not None
    assert game_clock.clocks.remaining(to_move) == 30.0
    assert game_clock.clocks.remaining(1 - to_move) == 55.0
    time.advance(30.0)
    assert game_clock.flag_fell(to_move) is not None
    made_now = GameClock.of(record, time)
    assert made_now is not None and made_now.clocks.remaining(to_move) == 60.0
