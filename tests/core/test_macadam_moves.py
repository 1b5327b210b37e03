"""Slides and jumps: one scenario per sentence of the rules, legal moves asserted in full."""

from __future__ import annotations

import pytest
from test_macadam_support import GAME, after, moves_of, position


def test_a_slide_goes_any_number_of_empty_squares_forward_backward_left_or_right() -> None:
    # "Forward, backward, to the left or to the right, as many squares as you want."
    assert moves_of(position(south="b2", north="h8")) == {
        "b2-b3", "b2-b4", "b2-b1", "b2-a2", "b2-c2", "b2-d2", "b2-e2", "b2-f2", "b2-g2", "b2-h2",
    }  # fmt: skip


def test_north_slides_the_same_way_on_its_own_side() -> None:
    assert moves_of(position(south="a1", north="g7", side="n")) == {
        "g7-g8", "g7-g6", "g7-g5", "g7-h7", "g7-f7", "g7-e7", "g7-d7", "g7-c7", "g7-b7", "g7-a7",
    }  # fmt: skip


def test_a_slide_never_crosses_the_lane() -> None:
    # "You cannot ... cross the center lane": d4 cannot go up at all, d5 stays on North's side.
    assert moves_of(position(south="d4", north="h8")) == {
        "d4-d3", "d4-d2", "d4-a4", "d4-b4", "d4-c4", "d4-e4", "d4-f4", "d4-g4", "d4-h4",
    }  # fmt: skip
    assert moves_of(position(south="a1", north="d5", side="n")) == {
        "d5-d6", "d5-d7", "d5-a5", "d5-b5", "d5-c5", "d5-e5", "d5-f5", "d5-g5", "d5-h5",
    }  # fmt: skip


def test_a_slide_cannot_pass_over_a_pawn_of_either_side() -> None:
    # "You cannot jump over another pawn": b3 (North's) and e2 (South's) stop b2's slides.
    text = position(south="b2 e2", north="b3 h8")
    assert moves_of(text) == {
        "b2-b1", "b2-a2", "b2-c2", "b2-d2",
        "e2-e3", "e2-e4", "e2-d2", "e2-c2", "e2-f2", "e2-g2", "e2-h2",
    }  # fmt: skip


def test_a_pawn_on_the_opponents_side_cannot_slide() -> None:
    # "MOVE AUTHORIZED ONLY IN YOUR SIDE": the pawn on d5 has no move, a1 has its slides.
    assert moves_of(position(south="a1 d5", north="h8")) == {
        "a1-a2", "a1-a3", "a1-a4", "a1-b1", "a1-c1",
    }  # fmt: skip


def test_no_slide_passes_over_or_stops_on_your_own_goal() -> None:
    # "you cannot cross or stop within your own goal squares": c1 stops before d1, d3 stops
    # at d2, f1 cannot go left.
    assert moves_of(position(south="c1 d3 f1", north="h8")) == {
        "c1-b1", "c1-a1", "c1-c2", "c1-c3", "c1-c4",
        "d3-d4", "d3-d2", "d3-c3", "d3-b3", "d3-a3", "d3-e3", "d3-f3", "d3-g3", "d3-h3",
        "f1-f2", "f1-f3", "f1-f4", "f1-g1", "f1-h1",
    }  # fmt: skip
    assert moves_of(position(south="a1", north="e7", side="n")) == {
        "e7-e6", "e7-e5", "e7-a7", "e7-b7", "e7-c7", "e7-d7", "e7-f7", "e7-g7", "e7-h7",
    }  # fmt: skip


# Each direction: the jumping pawn, its neighbour, where the jump lands, and the neighbour's
# own jump back over it (if it stays on the board). All stand on North's side, so neither
# can slide; the pawns land clear of the goals.
DIRECTIONS = [
    ("b6", "b7", "b8", "b7-b5"),  # forward
    ("a6", "b7", "c8", None),  # diagonally forward right
    ("h6", "g7", "f8", None),  # diagonally forward left
    ("e6", "f6", "g6", "f6-d6"),  # right
    ("e6", "d6", "c6", "d6-f6"),  # left
    ("e6", "e5", "e4", "e5-e7"),  # backward, landing across the lane
    ("e6", "d5", "c4", "d5-f7"),  # diagonally backward left
    ("e6", "f5", "g4", "f5-d7"),  # diagonally backward right
]


@pytest.mark.parametrize(("start", "friend", "land", "back"), DIRECTIONS)
def test_a_pawn_jumps_over_an_adjacent_own_pawn_in_all_eight_directions(
    start: str, friend: str, land: str, back: str | None
) -> None:
    # "By jumping over one of your other pawn laterally or in diagonal."
    expected = {f"{start}-{land}"} | ({back} if back else set())
    assert moves_of(position(south=f"{start} {friend}", north="a8")) == expected


def test_jumps_go_anywhere_on_the_board_and_cross_the_lane_both_ways() -> None:
    # "MOVE AUTHORIZED ON THE WHOLE BOARD": c4 jumps out over c5, c5 jumps home over c4.
    assert moves_of(position(south="c4 c5", north="h8")) == {
        "c4-c6", "c5-c3",
        "c4-c3", "c4-c2", "c4-c1", "c4-b4", "c4-a4", "c4-d4", "c4-e4", "c4-f4", "c4-g4", "c4-h4",
    }  # fmt: skip


def test_a_jump_needs_the_square_beyond_empty() -> None:
    assert moves_of(position(south="e6 f6", north="g6 a8")) == {"f6-d6"}


def test_no_jump_over_an_opponents_pawn_even_within_a_chain() -> None:
    # "You cannot jump over one opponent pawn under any circumstance.": d6 cannot jump e7,
    # and the chain d5-d7 cannot go on over e7 to f7.
    assert moves_of(position(south="d5 d6", north="e7 a8")) == {"d5-d7", "d6-d4"}


def test_a_chain_of_jumps_is_one_move_and_may_stop_after_any_jump() -> None:
    # "Should the pawn land next to another of yours, you may play it again, and so forth."
    assert moves_of(position(south="c5 d6 e6 f5", north="a8")) == {
        "c5-e7", "c5-e7-e5", "c5-e7-e5-g5", "c5-e7-e5-c7",
        "d6-f6", "d6-f6-f4", "d6-b4",
        "e6-c6", "e6-c6-c4", "e6-g4",
        "f5-d7", "f5-d7-d5", "f5-d7-d5-b5", "f5-d7-d5-f7",
    }  # fmt: skip
    state = after(position(south="c5 d6 e6 f5", north="a8"), "c5-e7-e5-g5")
    assert GAME.write_position(state).split()[0] == "p7/8/3PP3/5PP1/8/8/8/8"


def test_a_chain_never_lands_twice_on_a_square_and_the_start_counts() -> None:
    # The ring c5 e5 e7 c7 would lead back to c5: every chain stops one short of it.
    moves = moves_of(position(south="c5 d5 e6 d7 c6", north="a8"))
    assert {move for move in moves if move.startswith("c5")} == {
        "c5-c7", "c5-c7-e7", "c5-c7-e7-e5", "c5-e5", "c5-e5-e7", "c5-e5-e7-c7",
    }  # fmt: skip


def test_a_turn_never_combines_a_slide_and_a_jump() -> None:
    # "You cannot during your same one turn combine the move alone and the jump move.":
    # after the slide c3-c4, c4 could jump c5, but the slide ended the turn.
    moves = moves_of(position(south="c3 c5", north="h8"))
    assert "c3-c4" in moves
    assert not any(move.startswith("c3-c4-") for move in moves)
    assert moves == {
        "c3-c4", "c3-c2", "c3-c1", "c3-b3", "c3-a3", "c3-d3", "c3-e3", "c3-f3", "c3-g3", "c3-h3",
    }  # fmt: skip


def test_no_jump_lands_on_your_own_goal() -> None:
    # c3 over d2 would land on e1, South's own goal.
    assert moves_of(position(south="c3 d2", north="a8")) == {
        "c3-c4", "c3-c2", "c3-c1", "c3-b3", "c3-a3", "c3-d3", "c3-e3", "c3-f3", "c3-g3", "c3-h3",
        "d2-d3", "d2-d4", "d2-c2", "d2-b2", "d2-a2", "d2-e2", "d2-f2", "d2-g2", "d2-h2",
        "d2-b4",
    }  # fmt: skip
    # North: e6 over e7 would land on e8, North's own goal.
    assert moves_of(position(south="a1", north="e6 e7", side="n")) == {
        "e7-e5",
        "e6-e5", "e6-a6", "e6-b6", "e6-c6", "e6-d6", "e6-f6", "e6-g6", "e6-h6",
        "e7-a7", "e7-b7", "e7-c7", "e7-d7", "e7-f7", "e7-g7", "e7-h7",
    }  # fmt: skip


def test_a_chain_may_pass_through_the_opponents_goal_and_jump_on() -> None:
    # c6 lands on e8, North's goal, and may jump on over f7 to g6.
    assert moves_of(position(south="c6 d7 f7", north="a1")) == {"c6-e8", "c6-e8-g6", "d7-b5"}


def test_nothing_is_captured() -> None:
    # "There is no pawn catch in Macadam": the pawns jumped over stay.
    state = after(position(south="c5 d6 e6 f5", north="a8"), "c5-e7-e5-g5")
    assert (state.south.bit_count(), state.north.bit_count()) == (4, 1)
    state = after(GAME.write_position(GAME.new()), "a2-c4", "h7-f5")
    assert (state.south.bit_count(), state.north.bit_count()) == (8, 8)


def test_the_start_position_offers_slides_and_jumps() -> None:
    moves = moves_of(GAME.write_position(GAME.new()))
    assert len(moves) == 68
    assert {"a2-c4", "a2-c4-e2-g2-g4", "d3-f3-h3-h1", "e3-g1"} <= moves
    assert "c2-e4-e2-c4" in moves and "d3-b1" in moves
