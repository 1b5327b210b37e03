"""Martian Chess move notation: writing moves, forgiving reading, and refusals with reasons."""

from __future__ import annotations

import pytest

from core import IllegalMoveError, NotationError, find_game
from core.games.martian_chess.moves import CLOCK, Move
from core.squares import parse_square

GAME = find_game("martian-chess")


def move(src: str, dst: str, width: int = 4) -> Move:
    return Move(parse_square(src, width, 8), parse_square(dst, width, 8))


@pytest.mark.parametrize(
    ("position", "src", "dst", "text"),
    [
        ("q3/4/4/1p2/1d2/4/4/4 1 0/0 - -", "b4", "a4", "b4-a4"),
        ("q3/4/4/1p2/1d2/4/4/4 1 0/0 - -", "b4", "b5", "b4xb5"),
        ("q3/4/4/4/4/2p1/2d1/4 1 0/0 - -", "c2", "c3", "c2-c3=Q"),
        ("q3/4/4/4/4/2d1/1p2/4 1 0/0 - -", "b2", "c3", "b2-c3=Q"),
        ("q3/4/4/4/4/2p1/1p2/4 1 0/0 - -", "b2", "c3", "b2-c3=D"),
    ],
)
def test_format_and_parse(position, src, dst, text):
    state = GAME.read_position(position)
    assert GAME.format_move(state, move(src, dst)) == text
    assert GAME.parse_move(state, text) == move(src, dst)


def test_four_player_squares_run_to_h8():
    state = GAME.new({"players": "4"})
    assert GAME.format_move(state, move("c1", "e1", 8)) == "c1-e1"
    assert GAME.parse_move(state, "c1e1") == move("c1", "e1", 8)


def test_actions_are_words():
    state = GAME.new()
    assert GAME.format_move(state, CLOCK) == "clock"
    assert GAME.parse_move(state, " Clock ") == CLOCK


@pytest.mark.parametrize("text", ["b4xb5", "B4-B5", "b4b5", "b4:b5", "b4 b5", " b4-b5 "])
def test_parse_is_forgiving_about_case_and_separators(text):
    state = GAME.read_position("q3/4/4/1p2/1d2/4/4/4 1 0/0 - -")
    assert GAME.parse_move(state, text) == move("b4", "b5")


@pytest.mark.parametrize("text", ["b4-a4", "b4xa4"])
def test_capture_mark_is_not_required_to_be_right(text):
    state = GAME.read_position("q3/4/4/1p2/1d2/4/4/4 1 0/0 - -")
    assert GAME.parse_move(state, text) == move("b4", "a4")


@pytest.mark.parametrize("text", ["c2-c3", "c2-c3=Q", "c2c3q", "C2-C3=q"])
def test_promotion_suffix_is_optional(text):
    state = GAME.read_position("q3/4/4/4/4/2p1/2d1/4 1 0/0 - -")
    assert GAME.parse_move(state, text) == move("c2", "c3")


@pytest.mark.parametrize("text", ["", "hello", "b4-", "b4-b5-b6", "b4=Q", "b4-b5=K", "4b-5b"])
def test_gibberish_is_a_notation_error(text):
    with pytest.raises(NotationError):
        GAME.parse_move(GAME.new(), text)


@pytest.mark.parametrize("text", ["e1-e2", "a9-a8", "a0-a1"])
def test_squares_off_the_board_are_notation_errors(text):
    with pytest.raises(NotationError, match="off the board"):
        GAME.parse_move(GAME.new(), text)


@pytest.mark.parametrize(
    ("position", "text", "reason"),
    [
        ("q3/4/4/4/4/4/1p2/4 1 0/0 - -", "b2-b4", "b2-b4: a pawn moves one square diagonally"),
        (
            "q3/4/4/4/4/4/1d2/4 1 0/0 - -",
            "b2-c3",
            "b2-c3: a drone moves one or two squares along a rank or file",
        ),
        (
            "q3/4/4/4/4/4/1q2/4 1 0/0 - -",
            "b2-c4",
            "b2-c4: a queen moves any distance along a rank, file or diagonal",
        ),
        ("q3/4/4/4/4/4/1p2/4 1 0/0 - -", "c2-c3", "c2-c3: there is no piece on c2"),
        ("q3/4/4/4/4/4/1p2/4 1 0/0 - -", "a8-b8", "a8-b8: the piece on a8 is not in your zone"),
        ("q3/4/4/4/4/4/1p2/4 1 0/0 - -", "b2-b2", "b2-b2: a piece must move to another square"),
        (
            "4/4/p3/4/4/2d1/4/q3 1 0/0 - -",
            "a1-d4",
            "a1-d4: the drone on c3 is in the way",
        ),
        (
            "4/4/p3/4/4/2d1/4/q3 1 0/0 - -",
            "a1-c3",
            "a1-c3: c3 holds your own drone, and a queen cannot merge with it",
        ),
        (
            "q3/4/4/4/4/2p1/2d1/q3 1 0/0 - -",
            "c2-c3",
            "c2-c3: a drone and a pawn merge into a queen only while your zone has no queen",
        ),
        (
            "q3/4/4/4/4/2p1/1p2/d3 1 0/0 - -",
            "c3-b2",
            "c3-b2: two pawns merge into a drone only while your zone has no drone",
        ),
        (
            "q3/4/4/4/2d1/4/4/p3 1 0/0 c5-c4 -",
            "c4-c5",
            "c4-c5: that would reject North's last move",
        ),
        ("q3/4/4/4/3d/4/4/4 2 0/0 - c7", "a8-a7", "a8-a7: the game is over"),
        ("q3/4/4/4/4/2p1/2d1/4 1 0/0 - -", "c2-c3=D", "c2-c3=D: these pieces merge into a queen"),
        ("q3/4/4/4/4/2p1/2d1/4 1 0/0 - -", "c2-b2=Q", "c2-b2=Q: only a merge makes a new piece"),
    ],
)
def test_illegal_moves_are_refused_with_the_reason(position, text, reason):
    with pytest.raises(IllegalMoveError) as error:
        GAME.parse_move(GAME.read_position(position), text)
    assert str(error.value) == reason


def test_north_rejection_message_names_south():
    state = GAME.read_position("4/4/4/2d1/4/4/4/q3 2 0/0 c4-c5 -")
    with pytest.raises(IllegalMoveError, match="c5-c4: that would reject South's last move"):
        GAME.parse_move(state, "c5-c4")


def test_actions_are_refused_once_the_game_is_over():
    state = GAME.read_position("q3/4/4/4/3d/4/4/4 2 0/0 - c7")
    for text in ("clock", "pass"):
        with pytest.raises(IllegalMoveError, match=f"{text}: the game is over"):
            GAME.parse_move(state, text)


def test_play_refuses_an_illegal_move_value_with_the_reason():
    with pytest.raises(IllegalMoveError, match=r"^b1-b3: the pawn on b2 is in the way$"):
        GAME.play(GAME.new(), move("b1", "b3"))
    with pytest.raises(IllegalMoveError, match=r"^clock: the clock has already been called"):
        GAME.play(GAME.play(GAME.new(), CLOCK), CLOCK)
    with pytest.raises(IllegalMoveError, match="is not a move on this board"):
        GAME.play(GAME.new(), Move(0, 40))


def test_every_notation_has_no_spaces():
    state = GAME.new()
    assert all(" " not in GAME.format_move(state, m) for m in GAME.legal_moves(state))
