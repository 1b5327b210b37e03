"""Martian Chess: how each piece moves, zones and ownership, captures, field promotion and
the no-rejection rule. Positions are set up from position text; legal moves are asserted in
full as notation strings."""

from __future__ import annotations

import pytest

from core import IllegalMoveError, find_game
from core.squares import parse_square

GAME = find_game("martian-chess")


def legal(state) -> set[str]:
    return {GAME.format_move(state, move) for move in GAME.legal_moves(state)}


def legal_at(position: str) -> set[str]:
    return legal(GAME.read_position(position))


def play(state, *moves: str):
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state


def square(name: str, width: int = 4) -> int:
    return parse_square(name, width, 8)


# -- starting positions --------------------------------------------------------------------


def test_two_player_start_south_moves():
    state = GAME.new()
    assert GAME.to_move(state) == 0
    assert legal(state) == {
        "b1-a1",
        "b2-a1",
        "b2-a3",
        "b3-a2",
        "b3-a4",
        "b3-c4",
        "c3-b4",
        "c3-d4",
        "d3-d4",
        "d3-d5",
        "clock",
    }


def test_two_player_start_north_moves_when_north_starts():
    state = GAME.new({"first": "2"})
    assert GAME.to_move(state) == 1
    assert legal(state) == {
        "c8-d8",
        "c7-d6",
        "c7-d8",
        "c6-b5",
        "c6-d5",
        "c6-d7",
        "b6-a5",
        "b6-c5",
        "a6-a5",
        "a6-a4",
        "clock",
    }


def test_four_player_start_south_west_moves():
    state = GAME.new({"players": "4"})
    assert legal(state) == {
        "c1-d1",
        "c1-e1",
        "c2-d1",
        "c2-d3",
        "a3-a4",
        "a3-a5",
        "b3-a4",
        "b3-c4",
        "c3-b4",
        "c3-d2",
        "c3-d4",
        "clock",
    }


def test_four_player_start_north_east_moves_when_north_east_starts():
    state = GAME.new({"players": "4", "first": "3"})
    assert GAME.to_move(state) == 2
    assert legal(state) == {
        "f8-e8",
        "f8-d8",
        "f7-e6",
        "f7-e8",
        "h6-h5",
        "h6-h4",
        "g6-f5",
        "g6-h5",
        "f6-e5",
        "f6-e7",
        "f6-g5",
        "clock",
    }


# -- how the pieces move -------------------------------------------------------------------


def test_pawn_moves_one_square_diagonally_in_any_direction():
    assert legal_at("q3/4/4/4/4/4/1p2/4 1 0/0 - -") == {"b2-a1", "b2-c1", "b2-a3", "b2-c3"}


def test_drone_moves_one_or_two_squares_orthogonally():
    assert legal_at("q3/4/4/4/4/4/1d2/4 1 0/0 - -") == {
        "b2-a2",
        "b2-c2",
        "b2-d2",
        "b2-b1",
        "b2-b3",
        "b2-b4",
    }


def test_queen_moves_any_distance_in_a_straight_line_over_the_canal():
    assert legal_at("q3/4/4/4/4/4/1q2/4 1 0/0 - -") == {
        "b2-a2",
        "b2-c2",
        "b2-d2",
        "b2-b1",
        "b2-b3",
        "b2-b4",
        "b2-b5",
        "b2-b6",
        "b2-b7",
        "b2-b8",
        "b2-a1",
        "b2-c1",
        "b2-a3",
        "b2-c3",
        "b2-d4",
    }


def test_four_player_queen_slides_through_several_zones():
    state = GAME.read_position("p6p/8/8/8/8/3q4/8/7p 1 0/0/0/0 - - teams")
    assert legal(state) == {
        *(f"d3-{f}3" for f in "abcefgh"),
        *(f"d3-d{r}" for r in "1245678"),
        "d3-e4",
        "d3-f5",
        "d3-g6",
        "d3-h7",
        "d3-c4",
        "d3-b5",
        "d3-a6",
        "d3-e2",
        "d3-f1",
        "d3-c2",
        "d3-b1",
    }
    # d3-f5 passes e4 in South-East's zone and ends in North-East's zone.
    after = play(state, "d3-f5")
    assert GAME.board_view(after).cells[square("f5", 8)].owner == 2


def test_drone_cannot_jump_and_stops_on_a_capture():
    assert legal_at("q3/4/4/1p2/1d2/4/4/4 1 0/0 - -") == {
        "b4-a4",
        "b4-c4",
        "b4-d4",
        "b4-b3",
        "b4-b2",
        "b4xb5",
    }


def test_queen_is_blocked_by_own_piece_and_stops_on_a_capture():
    assert legal_at("4/4/p3/4/4/2d1/4/q3 1 0/0 - -") == {
        "a1-a2",
        "a1-a3",
        "a1-a4",
        "a1-a5",
        "a1xa6",
        "a1-b1",
        "a1-c1",
        "a1-d1",
        "a1-b2",
        "c3-b3",
        "c3-a3",
        "c3-d3",
        "c3-c4",
        "c3-c5",
        "c3-c2",
        "c3-c1",
    }


# -- zones and ownership -------------------------------------------------------------------


def test_only_pieces_in_your_zone_move():
    state = GAME.read_position("q3/4/4/4/4/4/1p2/4 1 0/0 - -")
    assert all(GAME.move_path(state, move)[0] == square("b2") for move in GAME.legal_moves(state))
    with pytest.raises(IllegalMoveError, match="a8-a7: the piece on a8 is not in your zone"):
        GAME.parse_move(state, "a8-a7")


def test_a_piece_crossing_the_canal_changes_owner():
    state = play(GAME.read_position("q3/4/4/4/3d/4/4/p3 1 0/0 - -"), "d4-d5")
    assert GAME.to_move(state) == 1
    assert GAME.board_view(state).cells[square("d5")].owner == 1
    assert {m for m in legal(state) if m.startswith("d5")} == {
        "d5-c5",
        "d5-b5",
        "d5-d6",
        "d5-d7",
        "d5-d3",
    }
    state = play(state, "a8-a7")
    assert not any(m.startswith("d5") for m in legal(state))


def test_moving_onto_own_piece_is_illegal_without_a_merge():
    assert legal_at("q3/4/4/4/1d2/1d2/4/4 1 0/0 - -") == {
        "b3-a3",
        "b3-c3",
        "b3-d3",
        "b3-b2",
        "b3-b1",
        "b4-a4",
        "b4-c4",
        "b4-d4",
        "b4-b5",
        "b4-b6",
    }


def test_capture_removes_the_piece_and_the_capturer_changes_owner():
    state = play(GAME.read_position("q3/4/4/1p2/1d2/4/4/p3 1 0/0 - -"), "b4xb5")
    assert GAME.write_position(state) == "q3/4/4/1d2/4/4/4/p3 2 1/0 b4-b5 -"
    assert GAME.board_view(state).cells[square("b5")].owner == 1


@pytest.mark.parametrize(("target", "points"), [("b5", 1), ("a5", 2), ("c5", 3)])
def test_a_capture_scores_the_pips_of_the_captured_piece(target, points):
    state = play(GAME.read_position("4/4/4/dpq1/1q2/4/4/p3 1 0/0 - -"), f"b4x{target}")
    assert GAME.scores(state) == (points, 0)


def test_the_capture_is_credited_to_the_mover():
    state = play(GAME.read_position("4/4/4/1q2/1d2/4/4/p3 2 4/1 - -"), "b5xb4")
    assert GAME.scores(state) == (4, 3)


def test_teammates_may_capture_each_other():
    # South-West (seat 1) captures its partner North-East's drone on e5.
    state = GAME.read_position("p6p/8/8/4d3/3q4/8/8/p6p 1 0/0/0/0 - - teams")
    assert "d4xe5" in legal(state)
    assert GAME.scores(play(state, "d4xe5")) == (2, 0, 0, 0)


# -- field promotion -----------------------------------------------------------------------


def test_drone_onto_pawn_makes_a_queen_when_the_zone_has_none():
    state = GAME.read_position("q3/4/4/4/4/2p1/2d1/4 1 0/0 - -")
    assert legal(state) == {
        "c2-b2",
        "c2-a2",
        "c2-d2",
        "c2-c1",
        "c2-c3=Q",
        "c3-b4",
        "c3-d4",
        "c3-b2",
        "c3-d2",
    }
    assert GAME.write_position(play(state, "c2-c3=Q")) == "q3/4/4/4/4/2q1/4/4 2 0/0 - -"


def test_pawn_onto_drone_makes_a_queen_when_the_zone_has_none():
    state = GAME.read_position("q3/4/4/4/4/2d1/1p2/4 1 0/0 - -")
    assert legal(state) == {
        "b2-a1",
        "b2-c1",
        "b2-a3",
        "b2-c3=Q",
        "c3-b3",
        "c3-a3",
        "c3-d3",
        "c3-c4",
        "c3-c5",
        "c3-c2",
        "c3-c1",
    }
    assert GAME.write_position(play(state, "b2-c3")) == "q3/4/4/4/4/2q1/4/4 2 0/0 - -"


def test_no_queen_merge_while_the_zone_has_a_queen():
    state = GAME.read_position("q3/4/4/4/4/2p1/2d1/q3 1 0/0 - -")
    assert legal(state) == {
        *(f"a1-a{r}" for r in "234567"),
        "a1xa8",
        "a1-b1",
        "a1-c1",
        "a1-d1",
        "a1-b2",
        "c2-b2",
        "c2-a2",
        "c2-d2",
        "c2-c1",
        "c3-b4",
        "c3-d4",
        "c3-b2",
        "c3-d2",
    }
    with pytest.raises(IllegalMoveError, match="only while your zone has no queen"):
        GAME.parse_move(state, "c2-c3")


def test_two_pawns_make_a_drone_when_the_zone_has_none():
    state = GAME.read_position("q3/4/4/4/4/2p1/1p2/4 1 0/0 - -")
    assert legal(state) == {
        "b2-a1",
        "b2-c1",
        "b2-a3",
        "b2-c3=D",
        "c3-b4",
        "c3-d4",
        "c3-d2",
        "c3-b2=D",
    }
    assert GAME.write_position(play(state, "c3-b2=D")) == "q3/4/4/4/4/4/1d2/4 2 0/0 - -"


def test_no_drone_merge_while_the_zone_has_a_drone():
    state = GAME.read_position("q3/4/4/4/4/2p1/1p2/d3 1 0/0 - -")
    assert legal(state) == {
        "a1-a2",
        "a1-a3",
        "a1-b1",
        "a1-c1",
        "b2-a1=Q",
        "b2-c1",
        "b2-a3",
        "c3-b4",
        "c3-d4",
        "c3-d2",
    }
    with pytest.raises(IllegalMoveError, match="only while your zone has no drone"):
        GAME.parse_move(state, "b2-c3")


def test_a_merge_may_use_the_drone_two_square_step():
    assert legal_at("q3/4/4/4/4/p3/4/d3 1 0/0 - -") == {
        "a1-a2",
        "a1-a3=Q",
        "a1-b1",
        "a1-c1",
        "a3-b4",
        "a3-b2",
    }


def test_a_merge_must_be_a_legal_move_of_the_moving_piece():
    # The drone cannot jump a2 to reach a3; the pawn on a2 cannot move straight onto a3.
    state = GAME.read_position("q3/4/4/4/4/p3/p3/d3 1 0/0 - -")
    assert legal(state) == {
        "a1-a2=Q",
        "a1-b1",
        "a1-c1",
        "a2-b3",
        "a2-b1",
        "a3-b4",
        "a3-b2",
    }
    with pytest.raises(IllegalMoveError, match="a1-a3: the pawn on a2 is in the way"):
        GAME.parse_move(state, "a1-a3")


def test_a_queen_never_merges():
    # The zone has no drone, yet queen + pawn is no field promotion either way.
    assert legal_at("q3/4/4/4/4/4/1p2/q3 1 0/0 - -") == {
        *(f"a1-a{r}" for r in "234567"),
        "a1xa8",
        "a1-b1",
        "a1-c1",
        "a1-d1",
        "b2-c1",
        "b2-a3",
        "b2-c3",
    }


# -- no rejection --------------------------------------------------------------------------


def test_no_rejection_forbids_moving_the_crossed_piece_straight_back():
    state = GAME.read_position("q3/4/4/4/2d1/4/4/p3 1 0/0 c5-c4 -")
    assert legal(state) == {"c4-b4", "c4-a4", "c4-d4", "c4-c6", "c4-c3", "c4-c2", "a1-b2"}
    with pytest.raises(IllegalMoveError, match="c4-c5: that would reject North's last move"):
        GAME.parse_move(state, "c4-c5")
    # Without the crossing the same move is fine.
    assert "c4-c5" in legal_at("q3/4/4/4/2d1/4/4/p3 1 0/0 - -")


def test_no_rejection_applies_after_a_capture_and_for_one_turn_only():
    state = play(GAME.read_position("q3/4/4/2d1/2p1/4/4/p3 2 0/0 - -"), "c5xc4")
    assert GAME.write_position(state) == "q3/4/4/4/2d1/4/4/p3 1 0/1 c5-c4 -"
    assert "c4-c5" not in legal(state)
    state = play(state, "a1-b2", "a8-a7")
    assert "c4-c5" in legal(state)


def test_no_rejection_survives_calling_the_clock():
    state = play(GAME.read_position("q3/4/4/4/2d1/4/4/p3 1 0/0 c5-c4 o"), "clock")
    assert GAME.to_move(state) == 0
    assert "c4-c5" not in legal(state)


def test_rejection_is_allowed_with_four_players():
    state = play(GAME.read_position("p6p/8/8/8/4d3/8/8/p6p 4 0/0/0/0 - - teams"), "e4-d4")
    assert GAME.write_position(state).split()[3] == "-"
    assert legal(state) == {
        "d4-c4",
        "d4-b4",
        "d4-d3",
        "d4-d2",
        "d4-d5",
        "d4-d6",
        "d4-e4",
        "d4-f4",
        "a1-b2",
    }
