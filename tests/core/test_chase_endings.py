"""How a game of Chase ends: no legal action, an unpayable debt, or a position three times."""

from __future__ import annotations

import pytest
from test_chase_support import GAME, after, position

from core.errors import IllegalMoveError
from core.games.chase.state import position_key


def test_a_player_with_no_legal_action_of_any_kind_loses() -> None:
    # "The game ends when an opponent has no more legal moves remaining, allowing the other
    # player to win the game." South pivots d1 and pays North 1; North has no tile to place,
    # too little gold to put down, no pawn that can move, and may not pivot d1 back.
    state = position("d1=N.S@S,d8@N", gold="3,0")
    assert GAME.outcome(state) is None
    state = after(state, "p:d1=E,W")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "North has no legal action left"
    assert outcome.result(2) == "1-0"
    assert list(GAME.legal_moves(state)) == []


def test_a_position_set_up_with_no_legal_action_is_already_over() -> None:
    state = position("d1@S,d8@N", gold="0,5")
    assert list(GAME.legal_moves(state)) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert GAME.write_position(state).endswith("end:N:no-action")
    assert GAME.read_position(GAME.write_position(state)) == state


def test_the_same_position_for_the_third_time_is_a_draw() -> None:
    # From the project's rulings: "Draw: the same position for the third time." Both players
    # pivot a tile and back; the gold goes round. The position after the first turn comes
    # back after the fifth and the ninth.
    state = position("b1=N.S@S,a1=N.S,h8=N.S@N", gold="5,5", deck="-")
    cycle = ["p:b1=E,W", "p:a1=E,W", "p:b1=N,S", "p:a1=N,S"]
    keys = []
    for turn in range(9):
        assert GAME.outcome(state) is None, f"over after {turn} turns"
        state = after(state, cycle[turn % 4])
        keys.append(position_key(state))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ()
    assert outcome.reason == "the same position came up for the third time"
    assert outcome.result(2) == "1/2-1/2"
    assert keys[0] == keys[4] == keys[8] and keys.count(keys[0]) == 3
    assert list(GAME.legal_moves(state)) == []


def test_placing_a_tile_starts_the_count_again() -> None:
    # A placed tile never leaves the board, so earlier positions cannot come back.
    state = position("b1=N.S@S,a1=N.S,h8=N.S@N", gold="5,5", deck="AA")
    state = after(state, "p:b1=E,W", "p:a1=E,W", "p:b1=N,S", "p:a1=N,S")
    assert len(state.history) == 5
    state = after(state, "T:d1=NE")
    assert state.history == (position_key(state),)


def test_the_position_counts_the_gold_and_the_pivot_lock() -> None:
    one = position("b1=N.S@S,a1=N.S,h8=N.S@N", gold="5,5")
    assert position_key(one) != position_key(position("b1=N.S@S,a1=N.S,h8=N.S@N", gold="4,6"))
    locked = position("b1=N.S@S,a1=N.S,h8=N.S@N", gold="5,5", lock="a1")
    assert position_key(one) != position_key(locked)


def test_an_unpayable_debt_ends_the_game_at_once() -> None:
    # The jump collects 2 from North, who has 1: North loses, and the game is over before
    # North's turn begins.
    state = after(position("d1=N@S,d2@N,d3=N.S,h8=N.S", gold="0,1"), "d1-d3")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert GAME.write_position(state).endswith("end:S:debt")


def test_a_finished_game_takes_no_more_moves() -> None:
    state = after(position("d1=N@S,d2@N,d3=N.S,h8=N.S", gold="0,1"), "d1-d3")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.parse_move(state, "p:h8=E,W")
