"""How a game of Macadam ends: the goal, crossing over, a player without a move, repetition."""

from __future__ import annotations

import pytest
from test_macadam_support import GAME, after, moves_of, position, state_of

from core import NotationError

START = GAME.write_position(GAME.new())


def test_ending_a_move_on_the_opponents_goal_wins() -> None:
    # "move one pawn into the opponent's two-square goal."
    state = after(position(south="c6 d7 a2", north="a7 h7"), "c6-e8")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "South reached North's goal"
    assert GAME.legal_moves(state) == []


def test_north_wins_on_souths_goal() -> None:
    state = after(position(south="a2 h2", north="f3 e2", side="n"), "f3-d1")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "North reached South's goal"


def test_only_where_a_move_ends_counts_for_the_goal() -> None:
    # The chain passes through e8 and ends on g6: the game goes on.
    state = after(position(south="c6 d7 f7 a2", north="a7 h7"), "c6-e8-g6")
    assert GAME.outcome(state) is None
    assert GAME.legal_moves(state)


# South has five pawns across the lane, North two (a3 and h3); c4-c6 makes the sixth.
CROSSING = position(south="c5 d5 e5 f5 g5 c3 c4 h1", north="a3 h3 a8 b8 g8 h8 a6 h6")


def test_six_pawns_across_against_two_or_fewer_wins() -> None:
    # "Bring 6 pawns into the opponent's side while he/she brought fewer than 3 pawns in
    # your side."
    state = after(CROSSING, "c4-c6")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "South has 6 pawns on North's side and North only 2 on South's"


def test_six_across_is_not_enough_while_the_opponent_has_three_on_your_side() -> None:
    text = position(south="c5 d5 e5 f5 g5 c3 c4 h1", north="a3 h3 b3 b8 g8 h8 a6 h6")
    assert GAME.outcome(after(text, "c4-c6")) is None


def test_five_across_is_not_enough_even_against_none() -> None:
    text = position(south="c5 d5 e5 f5 c3 c4 h1 a1", north="a8 b8 g8 h8 a6 h6 b7 g7")
    state = after(text, "c4-c6")
    assert (state.south >> 32).bit_count() == 5
    assert GAME.outcome(state) is None


# South has six across (rank 5) and North three across (e3 e4 h3); North to move.
HANDOVER = position(south="a5 b5 c5 f5 g5 h5 a1 h1", north="e3 e4 h3 a8 b8 g8 h8 a7", side="n")


def test_only_the_player_who_moved_is_checked() -> None:
    # North jumps e3 home over e4: South now has 6 across against North's 2, but that is not
    # checked after North's move.
    state = after(HANDOVER, "e3-e5")
    assert GAME.outcome(state) is None
    # If the lead still holds after South's own move, South wins ...
    won = after(HANDOVER, "e3-e5", "a1-a2")
    assert GAME.outcome(won) is not None and GAME.outcome(won).winners == (0,)


def test_the_lead_must_still_hold_after_the_players_own_move() -> None:
    # South to move with 6 across against 2: bringing b5 home over b4 leaves 5, no win.
    lost_lead = position(south="a5 b5 c5 f5 g5 h5 b4 h1", north="e4 h3 e5 a8 b8 g8 h8 a7", side="s")
    state = after(lost_lead, "b5-b3")
    assert (state.south >> 32).bit_count() == 5
    assert GAME.outcome(state) is None


def test_a_player_without_a_legal_move_loses() -> None:
    # South's pawns all stand apart on North's side: none can slide or jump.
    text = position(south="a5 c5 e5 a7 c7 e7 g7 g5", north="a1 b1 c1 f1 g1 h1 b8 h8")
    state = state_of(text)
    assert GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "South has no legal move"


def test_a_move_that_leaves_the_opponent_without_a_move_wins() -> None:
    # South's only moves start with h6-f8 (over g7); North fills f8.
    text = position(south="a5 c5 e5 a7 c7 e7 g7 h6", north="f7 a1 b1 c1 f1 g1 h1 a8", side="n")
    assert moves_of(text.replace(" n ", " s ")) == {
        "h6-f8", "h6-f8-d6", "h6-f8-d6-b4", "h6-f8-d6-b8", "h6-f8-d6-f4",
    }  # fmt: skip
    state = after(text, "f7-f8")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "South has no legal move"


def test_there_is_no_pass() -> None:
    # "On your turn you have two choices of move": a slide or a jump, nothing else.
    state = GAME.new()
    assert GAME.actions(state) == ()
    assert all(len(GAME.move_path(state, move)) >= 2 for move in GAME.legal_moves(state))
    with pytest.raises(NotationError):
        GAME.parse_move(state, "pass")


SHUFFLE = ["a2-a3", "a7-a6", "a3-a2", "a6-a7"]


def test_the_third_occurrence_of_a_position_draws() -> None:
    twice = after(START, *SHUFFLE)
    assert GAME.outcome(twice) is None
    almost = after(START, *SHUFFLE, *SHUFFLE[:3])
    assert GAME.outcome(almost) is None
    thrice = after(START, *SHUFFLE, *SHUFFLE)
    outcome = GAME.outcome(thrice)
    assert outcome is not None and outcome.is_draw
    assert outcome.reason == "the same position occurred for the third time"
    assert GAME.legal_moves(thrice) == []


def test_a_position_is_the_pawns_and_the_side_to_move() -> None:
    # South loses a tempo (a2-a3-a4-a2 against North's a7-a6-a7): the start board comes
    # back with North to move, which is a different position from the start.
    tempo = ["a2-a3", "a7-a6", "a3-a4", "a6-a7", "a4-a2"]
    back = ["a7-a6", "a2-a3", "a6-a7", "a3-a2"]
    state = after(START, *tempo)
    assert (state.south, state.north, state.side) == (GAME.new().south, GAME.new().north, 1)
    state = after(START, *tempo, *back)  # the start board a third time, twice North to move
    assert GAME.outcome(state) is None
    state = after(START, *tempo, *back, *back)  # third time with North to move
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
