"""Time controls typed and described, clock times shown and kept, a computer's thinking time,
and who wins when a flag falls."""

from __future__ import annotations

import pytest

from core import find_game
from core.time_control import (
    DAY,
    TimeControl,
    TimeControlError,
    clock_text,
    format_clk,
    parse_clk,
    parse_time_control,
    pgn_text,
    think_seconds,
    time_control_of,
)
from core.time_outcome import outcome_on_time


@pytest.mark.parametrize(
    ("typed", "control", "words"),
    [
        ("-", TimeControl("none"), "no clock"),
        ("none", TimeControl("none"), "no clock"),
        ("10+0", TimeControl("sudden death", 600.0), "10 minutes, sudden death"),
        ("5+3", TimeControl("increment", 300.0, 3.0), "5 minutes + 3 seconds a move"),
        (" 15 + 10 ", TimeControl("increment", 900.0, 10.0), "15 minutes + 10 seconds a move"),
        ("1+1", TimeControl("increment", 60.0, 1.0), "1 minute + 1 second a move"),
        ("1d", TimeControl("correspondence", DAY), "1 day a move"),
        ("3D", TimeControl("correspondence", 3 * DAY), "3 days a move"),
    ],
)
def test_a_time_control_is_read_and_described(typed: str, control: TimeControl, words: str) -> None:
    assert parse_time_control(typed) == control
    assert control.describe() == words
    assert parse_time_control(control.text) == control


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("0+0", "A time control of 0+0 leaves no time at all: try 5+3."),
        ("601+0", "A time control has at most 600 minutes and 600 seconds of increment, "),
        ("0d", "A correspondence game has 1 to 30 days a move, not '0d'."),
        ("5 minutes", "'5 minutes' is not a time control: type minutes+seconds"),
        ("[b]5+3[/b]", "'[b]5+3[/b]' is not a time control"),
        ("-5+3", "'-5+3' is not a time control"),
    ],
)
def test_a_bad_time_control_gets_one_sentence(typed: str, sentence: str) -> None:
    with pytest.raises(TimeControlError) as problem:
        parse_time_control(typed)
    text = str(problem.value)
    assert text.startswith(sentence)
    assert text.endswith(".") and "\n" not in text


@pytest.mark.parametrize(
    ("seconds", "shown", "kept"),
    [
        (4.37, "0:04.3", "0:00:04.3"),
        (0.04, "0:00.0", "0:00:00.0"),
        (-3.0, "0:00.0", "0:00:00.0"),
        (9.99, "0:09.9", "0:00:09.9"),
        (10.0, "0:10", "0:00:10"),
        (271.9, "4:31", "0:04:31"),
        (3871.0, "1:04:31", "1:04:31"),
        (2 * DAY + 3 * 3600 + 59, "2d 3h", "51:00:59"),
    ],
)
def test_clock_times_are_shown_cut_never_rounded_up(seconds: float, shown: str, kept: str) -> None:
    assert clock_text(seconds) == shown
    assert format_clk(seconds) == kept
    assert parse_clk(kept) == pytest.approx(max(0.0, seconds), abs=1.0)


def test_a_computer_never_thinks_more_than_half_its_time_and_uses_its_increment() -> None:
    assert think_seconds(300.0, 0.0) == pytest.approx(15.0)
    assert think_seconds(300.0, 5.0) == pytest.approx(19.0)
    assert think_seconds(2.0, 10.0) == pytest.approx(1.0)
    assert think_seconds(0.0, 3.0) == 0.0
    for left in (0.01, 0.5, 3.0, 60.0, 3600.0):
        for increment in (0.0, 2.0, 30.0):
            assert think_seconds(left, increment) < left


MARTIAN = find_game("martian-chess")


def martian_state(board_pips: int, scores: tuple[int, ...]):
    state = MARTIAN.new({}, 1)
    board = list(state.board)
    kept = 0
    for square, piece in enumerate(board):  # keep pieces until the board holds board_pips
        if piece and kept + piece <= board_pips:
            kept += piece
        else:
            board[square] = 0
    assert kept == board_pips
    return state._replace(board=tuple(board), scores=scores)


def test_on_time_the_other_side_wins() -> None:
    state = MARTIAN.new({}, 1)
    outcome = outcome_on_time(MARTIAN, {}, state, 0)
    assert outcome.winners == (1,)
    assert outcome.reason.endswith("lost on time")


def test_on_time_in_martian_chess_it_is_a_draw_when_the_other_side_cannot_catch_up() -> None:
    state = martian_state(3, (2, 9))  # North lost on time; South can reach 2 + 3 < 9
    outcome = outcome_on_time(MARTIAN, {}, state, 1)
    assert outcome.is_draw
    assert "on time" in outcome.reason and "draw" in outcome.reason


def test_on_time_in_martian_chess_a_tie_still_in_reach_is_a_way_to_win() -> None:
    state = martian_state(3, (6, 9))  # South can reach 9: a tie it wins by the last move
    assert outcome_on_time(MARTIAN, {}, state, 1).winners == (0,)


def test_on_time_in_four_player_martian_chess_the_other_team_wins() -> None:
    options = {"players": "4", "teams": "on"}
    state = MARTIAN.new(options, 1)
    assert outcome_on_time(MARTIAN, options, state, 2).winners == (1, 3)
    free = {"players": "4", "teams": "off"}
    assert outcome_on_time(MARTIAN, free, MARTIAN.new(free, 1), 2).winners == (0, 1, 3)


@pytest.mark.parametrize("game_id", ["mac", "macadam", "chase"])
def test_on_time_in_the_other_games_the_opponent_always_wins(game_id: str) -> None:
    game = find_game(game_id)
    state = game.new({}, 1)
    assert outcome_on_time(game, {}, state, 1).winners == (0,)


@pytest.mark.parametrize(
    ("typed", "tag"),
    [("10+0", "600"), ("5+3", "300+3"), ("3d", "1/259200"), ("-", "-")],
)
def test_a_time_control_is_kept_in_pgns_timecontrol_tag(typed: str, tag: str) -> None:
    control = parse_time_control(typed)
    assert pgn_text(control) == tag
    assert time_control_of({"TimeControl": tag}) == control


def test_a_record_without_the_tag_has_no_clock_and_a_bad_tag_is_one_sentence() -> None:
    assert time_control_of({}) == TimeControl("none")
    with pytest.raises(TimeControlError, match="The TimeControl tag '40/7200' is not"):
        time_control_of({"TimeControl": "40/7200"})
