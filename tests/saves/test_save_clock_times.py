"""Clock times in a save: ``{[%clk H:MM:SS]}`` on each move (PGN's convention), kept beside
the computer's evaluation and the players' comments, read back and written back byte for
byte."""

from __future__ import annotations

import pytest

from core import find_game
from core.record import GameRecord
from saves.errors import SaveError
from saves.format import dumps, loads

MARTIAN = find_game("martian-chess")


def timed_record() -> GameRecord:
    record = GameRecord(MARTIAN, seed=1)
    for move in ("c3-d4", "c6-d5", "d4-c5"):
        record.play_text(move, main=True)
    first, second, third = record.mainline()
    first.clock, first.comment = 271.0, "quick"
    second.clock, second.evaluation = 4.3, 0.31
    third.clock = 3 * 86_400.0
    return record


def test_clock_times_round_trip_beside_evaluations_and_comments() -> None:
    text = dumps(timed_record())
    assert "1. c3-d4 {[%clk 0:04:31]} {quick}" in text
    assert "2. c6-d5 {[%eval 0.31]} {[%clk 0:00:04.3]}" in text
    assert "3. d4-c5 {[%clk 72:00:00]}" in text
    again = loads(text)
    first, second, third = again.mainline()
    assert (first.clock, first.comment) == (271.0, "quick")
    assert (second.clock, second.evaluation, second.comment) == (4.3, 0.31, "")
    assert third.clock == 3 * 86_400.0
    assert dumps(again) == text


def test_a_players_comment_that_looks_like_a_clock_time_stays_text() -> None:
    record = timed_record()
    record.mainline()[2].comment = "[%clk 0:01:00]"
    text = dumps(record)
    assert "{\\[%clk 0:01:00]}" in text
    third = loads(text).mainline()[2]
    assert third.clock == 3 * 86_400.0
    assert third.comment == "[%clk 0:01:00]"


@pytest.mark.parametrize("comment", ["[%clk 0:61:00]", "[%clk 4:31]", "[%clk 0:04:31] x"])
def test_a_comment_that_is_not_exactly_a_clock_time_is_a_comment(comment: str) -> None:
    record = GameRecord(MARTIAN, seed=1)
    record.play_text("c3-d4", main=True)
    text = dumps(record).replace("1. c3-d4", "1. c3-d4 {" + comment + "}")
    first = loads(text).mainline()[0]
    assert first.clock is None
    assert first.comment == comment


def test_a_clock_time_before_any_move_is_the_games_comment() -> None:
    record = GameRecord(MARTIAN, seed=1)
    text = dumps(record).replace("\n*", "\n{[%clk 0:05:00]} *")
    assert loads(text).root.comment == "[%clk 0:05:00]"


def test_a_clock_time_at_the_start_of_a_variation_is_refused_in_one_sentence() -> None:
    record = timed_record()
    text = dumps(record).replace("2. c6-d5", "2. c6-d5 ({[%clk 0:01:00]} 2. c6-c5)")
    with pytest.raises(SaveError) as problem:
        loads(text)
    assert "has a clock time that follows no move (line" in str(problem.value)
