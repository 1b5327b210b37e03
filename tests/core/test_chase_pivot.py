"""Pivoting a tile: any tile, any new orientation, 1 gold to the opponent, no pivot back."""

from __future__ import annotations

import pytest
from test_chase_support import GAME, after, index, moves_of, position

from core.errors import IllegalMoveError
from core.games.chase.moves import Pivot

# South: tee d1 (South's pawn), star f1, line b3; North: arrow e3 (North's pawn), d8 (North's pawn).
BOARD = "d1=N.E.S@S,f1=N.NE.E.SE.S.SW.W.NW,b3=N.S,e3=NE@N,d8@N"


def test_any_tile_turns_to_any_orientation_that_shows_other_exits() -> None:
    # "Pivot any tile on the board in any direction within its square"; "Tiles that have a
    # pawn on it (yours or your opponent's) can be pivoted." A star shows the same exits
    # whichever way it lies, so it has no pivot.
    assert moves_of(position(BOARD, gold="3,3"), Pivot) == {
        "p:d1=E,S,W", "p:d1=N,S,W", "p:d1=N,E,W",
        "p:b3=E,W",
        "p:e3=SE", "p:e3=SW", "p:e3=NW",
    }  # fmt: skip


def test_a_pivot_turns_the_tile_and_pays_the_opponent_1_gold() -> None:
    # "Pay 1 gold to your opponent to pivot any one tile any way you'd like"
    state = after(position(BOARD, gold="3,3"), "p:e3=SW")
    assert state.exits[index("e3")] == 1 << 5  # SW
    assert state.loose == (2, 4)
    assert GAME.board_view(state).cells[index("e3")].mark == "exits:SW locked"


def test_the_opponent_may_not_pivot_the_same_tile_on_their_next_turn() -> None:
    # "Your opponent is prohibited from pivoting the same tile in their next turn."
    state = after(position(BOARD, gold="3,3"), "p:e3=SW")
    north = moves_of(state, Pivot)
    assert not any(move.startswith("p:e3") for move in north)
    assert "p:b3=E,W" in north
    assert "You may not pivot e3 this turn" in GAME.panel_lines(state, 1)
    with pytest.raises(IllegalMoveError, match="South pivoted e3 last turn"):
        GAME.parse_move(state, "p:e3=NE")
    # after North's turn the lock is gone, and North's own pivot locks its tile for South
    state = after(state, "p:d1=N,E,W")
    south = moves_of(state, Pivot)
    assert "p:e3=NE" in south and not any(move.startswith("p:d1") for move in south)


def test_a_player_without_gold_cannot_pivot() -> None:
    # Ruling 6: you may not choose an action you cannot pay for.
    assert moves_of(position(BOARD, gold="0,3"), Pivot) == set()
    with pytest.raises(IllegalMoveError, match="you cannot pay for a pivot"):
        GAME.parse_move(position(BOARD, gold="0,3"), "p:b3=E,W")


def test_a_stack_pays_for_a_pivot_when_there_is_no_loose_gold() -> None:
    # "if you have no loose gold coins and you owe your opponent 1 gold and your smallest
    # gold stack is 6 gold, the entire stack of 6 gold must be relinquished"
    state = position(BOARD + ",h1=N.S$6S,b1=N.S$7S", gold="0,3")
    state = after(state, "p:b3=E,W")
    assert state.loose == (0, 9)
    assert [sq for sq, _, _ in state.stacks] == [index("b1")]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("p:f1=N,S", "the star on f1 cannot be turned to show N,S"),
        ("p:b3=N,S", "the tile on b3 already shows N,S"),
        ("p:c5=N,S", "c5 has no tile"),
        ("p:d1=N,E", "the orthogonal tee on d1 cannot be turned to show N,E"),
    ],
)
def test_a_pivot_the_rules_forbid_says_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.parse_move(position(BOARD, gold="3,3"), text)


def test_gold_mode_has_no_pivots() -> None:
    assert moves_of(position("d1$3S@S,d8@N", mode="gold"), Pivot) == set()
