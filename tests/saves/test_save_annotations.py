"""The computer's analysis in a save: ``{[%eval W]}`` and NAGs on the moves, kept beside the
players' own comments, read back as annotations and written back byte for byte."""

from __future__ import annotations

import pytest

from core import find_game
from core.record import GameRecord
from saves.errors import SaveError
from saves.format import dumps, loads

MARTIAN = find_game("martian-chess")
HEAD = (
    '[Format "pawnshop-save 1"]\n[Game "martian-chess"]\n'
    '[Options "players=2 teams=on clock=on first=1"]\n[Seed "1"]\n'
    '[Player1 "Alice"]\n[Player2 "Bob"]\n[Result "*"]\n\n'
)


def annotated_record() -> GameRecord:
    record = GameRecord(MARTIAN, seed=1)
    record.play_text("c3-d4", main=True)
    record.play_text("c6-d5", main=True)
    record.play_text("d4-c5", main=True)
    first, second, third = record.mainline()
    first.evaluation, first.comment = 0.55, "my opening"
    second.evaluation, second.nags, second.comment = 0.31, (2,), "I missed it"
    third.nags = (6, 146)
    return record


def test_evaluations_and_nags_round_trip_beside_the_players_comments() -> None:
    text = dumps(annotated_record())
    assert "1. c3-d4 {[%eval 0.55]} {my opening}" in text
    assert "2. c6-d5 $2 {[%eval 0.31]} {I missed it}" in text
    assert "3. d4-c5 $6 $146" in text
    again = loads(text)
    first, second, third = again.mainline()
    assert (first.evaluation, first.nags, first.comment) == (0.55, (), "my opening")
    assert (second.evaluation, second.nags, second.comment) == (0.31, (2,), "I missed it")
    assert (third.evaluation, third.nags, third.comment) == (None, (6, 146), "")
    assert dumps(again) == text


def test_a_players_comment_that_looks_like_an_evaluation_stays_text() -> None:
    record = annotated_record()
    record.mainline()[2].comment = "[%eval 0.99]"
    text = dumps(record)
    assert "{\\[%eval 0.99]}" in text
    third = loads(text).mainline()[2]
    assert third.evaluation is None
    assert third.comment == "[%eval 0.99]"
    assert dumps(loads(text)) == text


@pytest.mark.parametrize(
    "comment",
    ["[%eval 0.5] and more", "[%eval 3.5]", "[%eval -0.2]", "[%eval 0.5]]", "[%EVAL 0.5]"],
)
def test_only_a_comment_that_is_exactly_an_evaluation_is_read_as_one(comment: str) -> None:
    node = loads(HEAD + "1. c3-d4 {" + comment + "} *").mainline()[0]
    assert node.evaluation is None
    assert node.comment == comment


def test_an_evaluation_wrapped_over_two_lines_still_reads() -> None:
    node = loads(HEAD + "1. c3-d4 {[%eval\n0.25]} *").mainline()[0]
    assert node.evaluation == 0.25
    assert node.comment == ""


def test_annotations_in_a_variation_stay_on_its_moves() -> None:
    node = loads(HEAD + "1. c3-d4 (1. b3-c4 $4 {[%eval 0.1]} {why}) *").root.children[1]
    assert (node.notation, node.nags, node.evaluation, node.comment) == ("b3-c4", (4,), 0.1, "why")


def test_an_evaluation_before_the_first_move_is_the_games_comment() -> None:
    record = loads(HEAD + "{[%eval 0.50]} 1. c3-d4 *")
    assert record.root.comment == "[%eval 0.50]"
    assert record.root.evaluation is None


@pytest.mark.parametrize(
    ("movetext", "problem"),
    [
        ("$2 1. c3-d4 *", "has $2 that follows no move"),
        ("1. c3-d4 ($4 1. b3-c4) *", "has $4 that follows no move"),
        ("1. c3-d4 $256 *", "move 2, $256, is not a move"),
    ],
)
def test_a_nag_without_a_move_is_one_clear_sentence(movetext: str, problem: str) -> None:
    with pytest.raises(SaveError) as caught:
        loads(HEAD + movetext)
    assert problem in str(caught.value)


def test_best_lines_round_trip_apart_from_the_players_comments_and_variations() -> None:
    record = annotated_record()
    first, second, _ = record.mainline()
    first.best_line = ("c3-d4", "c6-d5", "d4-c5")
    second.best_line = ("b6-a5",)
    record.goto(first)
    record.play_text("b6-a5")  # a player's own variation
    text = dumps(record)
    words = " ".join(text.split())  # the movetext wraps at 80 columns
    assert "1. c3-d4 {[%eval 0.55]} {[%best c3-d4 c6-d5 d4-c5]} {my opening}" in words
    assert "2. c6-d5 $2 {[%eval 0.31]} {[%best b6-a5]} {I missed it} (2. b6-a5)" in words
    again = loads(text)
    kept_first, kept_second, third = again.mainline()
    assert kept_first.best_line == ("c3-d4", "c6-d5", "d4-c5")
    assert (kept_second.best_line, kept_second.comment) == (("b6-a5",), "I missed it")
    assert third.best_line == ()
    assert [child.notation for child in kept_first.children] == ["c6-d5", "b6-a5"]
    assert kept_first.children[1].best_line == ()
    assert dumps(again) == text


def test_a_long_best_line_wraps_between_its_moves_and_reads_back() -> None:
    record = annotated_record()
    line = tuple(f"a{n}-b{n}" for n in range(1, 9)) * 3
    record.mainline()[0].best_line = line
    text = dumps(record)
    assert all(len(row) <= 80 for row in text.splitlines() if not row.startswith("["))
    assert loads(text).mainline()[0].best_line == line
    assert dumps(loads(text)) == text


@pytest.mark.parametrize(
    "comment", ["[%best c3-d4 and more] x", "[%best]", "[%best  c3-d4]", "[%best c3-d4 ]"]
)
def test_only_a_comment_that_is_exactly_a_best_line_is_read_as_one(comment: str) -> None:
    node = loads(HEAD + "1. c3-d4 {" + comment + "} *").mainline()[0]
    assert node.best_line == ()
    assert node.comment == comment


def test_a_players_comment_that_looks_like_a_best_line_stays_text() -> None:
    record = annotated_record()
    record.mainline()[2].comment = "[%best c3-d4]"
    text = dumps(record)
    assert "{\\[%best c3-d4]}" in text
    third = loads(text).mainline()[2]
    assert (third.best_line, third.comment) == ((), "[%best c3-d4]")


def test_a_best_line_before_the_first_move_is_the_games_comment() -> None:
    record = loads(HEAD + "{[%best c3-d4]} 1. c3-d4 *")
    assert record.root.comment == "[%best c3-d4]"


def test_a_best_line_in_a_variation_before_its_move_is_one_clear_sentence() -> None:
    with pytest.raises(SaveError) as caught:
        loads(HEAD + "1. c3-d4 ({[%best b3-c4]} 1. b3-c4) *")
    assert "has a best line that follows no move" in str(caught.value)
