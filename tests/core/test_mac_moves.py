"""Steps and captures: one scenario per sentence of "Gameplay" and "Capture Rules"."""

from __future__ import annotations

from test_mac_helpers import GAME, notations, play, position


def test_a_piece_moves_one_square_orthogonally():
    # "you must move one of your pieces one square orthogonally (up, down, left, or right)"
    state = position("@... .... .... .... .R5.. .... .... ...@")
    assert notations(state) == {"b4-b5", "b4-b3", "b4-a4", "b4-c4"}


def test_players_alternate_turns():
    state = position("@... .... .... B3... .R5.. .... .... ...@")
    assert GAME.to_move(state) == 0
    state = play(state, "b4-b3")
    assert GAME.to_move(state) == 1
    assert notations(state) == {"a5-a6", "a5-a4", "a5-b5"}


def test_a_piece_may_not_move_off_the_board():
    state = position("@... .... .... .... .... .... .... R5..@")
    assert notations(state) == {"a1-a2", "a1-b1"}


def test_a_piece_may_not_move_onto_a_friendly_piece():
    # Red 5 on a1 and 3 on b1 and 2 on a2.
    state = position("@... .... .... .... .... .... R2... R5R3.@")
    assert notations(state) == {"a2-a3", "a2-b2", "b1-b2", "b1-c1"}


def test_a_piece_may_not_move_onto_a_stronger_enemy():
    # Red 5 on a3; Blue 6 on a4 and 9 on b3 stop it.
    state = position("@... .... .... .... B6... R5B9.. .... ...@")
    assert notations(state) == {"a3-a2"}


def test_a_piece_captures_an_enemy_of_equal_or_lower_strength():
    # "A piece captures an opposing piece by moving onto its square (equal or lower strength only)."
    # Red 5 on b4: Blue 5 on b5 and 4 on a4 may be taken, 6 on c4 and 9 on b3 not.
    state = position("@... .... .... .B5.. B4R5B6. .B9.. .... ...@")
    assert notations(state) == {"b4xb5", "b4xa4"}
    after = play(state, "b4xb5")
    assert GAME.write_position(after).split()[1] == "@.../..../..../.R5../B4.B6./.B9../..../...@"


def test_a_one_defeats_a_ten():
    # "Special Hierarchy Rule: A Strength 1 piece defeats a Strength 10 piece."
    state = position("@... .... .... .... .... R1B10.. .... ...@")
    assert notations(state) == {"a3xb3", "a3-a4", "a3-a2"}


def test_a_ten_cannot_capture_a_one():
    # "A Strength 10 piece cannot capture a Strength 1 piece."
    state = position("@... .... .... .... .... R1B10.. .... ...@", 1)
    assert notations(state) == {"b3-b4", "b3-b2", "b3-c3"}


def test_a_one_captures_another_one_and_a_zero_but_not_a_two():
    state = position("@... .... .... .... .B0.. B1R1B2. .... ...@")
    assert notations(state) == {"b3xa3", "b3xb4", "b3-b2"}


def test_a_ten_captures_everything_but_a_one():
    state = position("@... .... .... .... .B9.. B10R10B1. .B0.. ...@")
    assert notations(state) == {"b3xa3", "b3xb4", "b3xb2"}
