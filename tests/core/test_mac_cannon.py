"""The cannon (strength 0): its step, and its jump capture like the xiangqi cannon."""

from __future__ import annotations

from test_mac_helpers import notations, play, position


def test_a_cannon_steps_one_square_and_captures_only_a_zero():
    # "Moves one square orthogonally. Can capture an opponent piece of Strength 0 by moving
    # one step." Red cannon b4 beside a Blue 0 (a4), 1 (c4) and 2 (b5).
    state = position("@... .... .... .B2.. B0R0B1. .... .... ...@")
    assert notations(state) == {"b4xa4", "b4-b3"}


def test_a_cannon_jumps_over_exactly_one_piece_to_capture_any_strength():
    # "Can capture an opponent's piece of any strength by jumping over exactly one piece in a
    # straight orthogonal line." Red cannon a1, screen (own 3) a3, Blue 10 a6, empties around.
    state = position("@... .... B10... .... .... R3... .... R0..@")
    assert notations(state) == {"a1-a2", "a1-b1", "a1xa6", "a3-a2", "a3-a4", "a3-b3"}


def test_the_screen_may_be_an_enemy_piece_and_is_not_captured():
    # "The piece being jumped over (the "screen") is not captured."
    state = position("@... .... .... .... B9... B1... R0... ...@")
    assert notations(state) == {"a2xa4", "a2-a1", "a2-b2"}
    after = play(state, "a2xa4")
    assert after.board[8] != 0  # the screen on a3 is still there


def test_a_cannon_cannot_jump_without_capturing():
    # "It cannot jump over a screen without capturing." Red cannon a1, Blue 3 on a3 as the
    # screen; beyond it only empty squares and a Red 5 on a7: no jump.
    state = position("...@ R5... .... .... .... B3... .... R0..@")
    assert notations(state) == {"a1-a2", "a1-b1", "a7-a8", "a7-b7", "a7-a6"}


def test_a_cannon_jumps_over_one_piece_only():
    # "by jumping over exactly one piece": Red cannon a1, screens a3 and a4, Blue 9 on a6.
    # The first piece after the screen (the Blue 4) is the one it may capture.
    state = position("...@ .... B9... .... B4... R3... .... R0..@")
    assert {text for text in notations(state) if text.startswith("a1")} == {
        "a1-a2",
        "a1-b1",
        "a1xa4",
    }


def test_a_portal_is_a_screen():
    # "A Portal Tile can act as a screen piece for a Cannon's Jump Capture."
    state = position(".... .... .... .... .... B7... @... R0..@")
    assert notations(state) == {"a1xa3", "a1-b1", "a1-a2-c1", "a1-a2-d2"}


def test_a_cannon_cannot_jump_into_a_portal():
    # "A Cannon cannot jump into a Portal": a portal beyond the screen ends the line.
    state = position("@... .... .... .... B7... @... B3... R0...")
    assert notations(state) == {"a1-b1"}


def test_a_cannon_captures_only_face_up_enemy_pieces():
    state = position("@... .... .... .... b9... B3... .... R0..@", mode="dark", colours="RB")
    assert {text for text in notations(state) if text.startswith("a1")} == {"a1-a2", "a1-b1"}


def test_a_face_down_piece_is_a_screen():
    # "A down-facing piece cannot be captured, but a Cannon can use it as a screen to jump over."
    state = position("@... .... .... .... B9... b3... .... R0..@", mode="dark", colours="RB")
    assert notations(state) == {"a1-a2", "a1-b1", "a1xa4", "flip:a3"}


def test_empty_squares_may_lie_before_and_after_the_screen():
    # Red cannon a1, screen a4, Blue 6 on a8 with empty squares between.
    state = position("B6... ...@ .... .... R4... .... .... R0.@.")
    assert "a1xa8" in notations(state)
    blocked = position("B6... ...@ B4... .... R4... .... .... R0.@.")
    assert "a1xa8" not in notations(blocked)
    assert "a1xa6" in notations(blocked)
