"""Debts: gold passed over, pawns jumped, pawns left on tiles their owner lost, paid in order."""

from __future__ import annotations

import pytest
from test_chase_support import GAME, after, gold_total, index, moves_of, position, stacks

from core.errors import IllegalMoveError
from core.games.chase.moves import Walk


def debts(state, text: str, seat: int | None) -> tuple[str, ...]:
    return GAME.debts(state, GAME.parse_move(state, text), seat)


def test_jumping_across_the_opponents_gold_costs_its_size() -> None:
    # "When jumping across your opponent's gold, pay an amount that is equal to the gold being
    # jumped across."
    state = position("d1=N@S,d2=N.S$3N,d3=N.S,d8@N", gold="5,5")
    assert after(state, "d1-d3").loose == (2, 8)
    assert debts(state, "d1-d3", 0) == (
        "You jumped over North's gold on d2: you paid North 3 gold",
    )
    assert debts(state, "d1-d3", 1) == ("South jumped over your gold on d2: South paid you 3 gold",)


def test_your_own_gold_is_jumped_for_free() -> None:
    state = position("d1=N@S,d2=N.S$3S,d3=N.S,d8@N", gold="5,5")
    assert after(state, "d1-d3").loose == (5, 5)


def test_a_jumped_pawn_costs_its_owner_2_plus_the_stack_under_it() -> None:
    # "Pay 2 gold to your opponent for each of your pawns jumped. If your pawn is on top of a
    # gold stack, in addition to paying 2 gold you must also pay as much gold as your pawn is
    # on top of." The jumper pays for the gold first (ruling 15), then collects.
    state = position("d1=N@S,d2=N.S$3N@N,d3=N.S", gold="5,5")
    assert after(state, "d1-d3").loose == (7, 3)
    assert debts(state, "d1-d3", None) == (
        "South jumped over North's gold on d2: South paid North 3 gold",
        "South jumped North's pawn on d2: North paid South 5 gold",
    )


def test_debts_are_paid_and_collected_in_the_order_they_happen() -> None:
    # "if you jump over your opponent's gold stack before jumping their pawn in the same move,
    # the fee for passing over their tile would be paid before you collect for their pawn
    # being jumped." Without gold, South cannot pay for d2's gold before collecting for d4's
    # pawn; the other way round it can.
    gold_first = position("d1=N@S,d2=N.S$2N,d3=N.S,d4@N,d5=N.S", gold="0,5", deck="A")
    assert "d1-d5" not in moves_of(gold_first, Walk)
    with pytest.raises(IllegalMoveError, match="you cannot pay for the gold this move passes"):
        GAME.parse_move(gold_first, "d1-d5")
    pawn_first = position("d1=N@S,d2@N,d3=N.S,d4=N.S$2N,d5=N.S", gold="0,5")
    assert "d1-d5" in moves_of(pawn_first, Walk)
    assert after(pawn_first, "d1-d5").loose == (0, 5)


def test_debts_are_paid_loose_gold_first_then_whole_stacks_smallest_first() -> None:
    # "It can only be given to their opponent in whole, with no change provided." North owes
    # 2 with 1 loose coin: the coin and then its smallest stack (3 on b8) go.
    state = position("d1=N@S,d2@N,d3=N.S,b8=N.S$3N,f8=N.S$5N", gold="0,1")
    moved = after(state, "d1-d3")
    assert moved.loose == (4, 0)
    assert stacks(moved) == {"f8": (5, "N")}
    assert debts(state, "d1-d3", 1) == (
        "South jumped your pawn on d2: you paid South 4 gold for a debt of 2 (no change is "
        "given), giving up the stack on b8",
    )
    assert gold_total(moved) == gold_total(state)


def test_a_pawn_left_on_a_tile_its_owner_lost_costs_2_every_turn_until_it_moves() -> None:
    # "If you surrender the gold on a tile that is not your color you no longer have control
    # of the tile and need to either move on your next turn OR pay 2 gold for each of your
    # turns your pawn remains upon your opponent's tile." North's pawn on f3 (South's tile,
    # claimed with North's 2): North pays for its pawn on d2 with that stack, f3 goes back
    # to South, and at the start of North's turn the pawn there costs 2 more.
    state = position("d1=N@S,d2@N,d3=N.S,f3=N.S$2N@N,f4=N.S,h2=N.S$6N", gold="0,0")
    moved = after(state, "d1-d3")
    assert stacks(moved) == {}
    assert moved.loose == (8, 0)
    assert debts(state, "d1-d3", 1) == (
        "South jumped your pawn on d2: you paid South 2 gold, giving up the stack on f3",
        "Your pawn on f3 stands on a tile it does not control: you paid South 6 gold for a "
        "debt of 2 (no change is given), giving up the stack on h2",
    )
    assert GAME.outcome(moved) is None
    assert moves_of(moved) == {"f3-f4"}  # North's only way out


def test_the_stranded_fee_comes_every_turn_until_the_pawn_moves() -> None:
    # North's pawn stands on South's bare tile f3.
    state = position("d1=N.S@S,f3=N.S@N,f4=N.S,h5=N.S,d8=N.S", turn="N", gold="9,9")
    state = after(state, "p:h5=E,W")  # North pivots instead of moving off f3
    assert state.loose == (10, 8)
    state = after(state, "p:d8=E,W")  # South pays 1, then North 2 as its turn starts
    assert state.loose == (11, 7)
    state = after(state, "f3-f4")  # North's pawn steps onto its own tile
    state = after(state, "p:d8=N,S")
    assert state.loose == (10, 8)  # no fee any more


def test_a_debt_that_all_your_gold_cannot_pay_loses() -> None:
    # "so does a player who owes a debt that all their gold cannot pay" (loses); nothing is
    # paid.
    state = position("d1=N@S,d2@N,d3=N.S", gold="0,1")
    moved = after(state, "d1-d3")
    outcome = GAME.outcome(moved)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "North could not pay a debt"
    assert moved.loose == (0, 1)
    assert debts(state, "d1-d3", 1) == (
        "South jumped your pawn on d2: you cannot pay 2 gold and lose",
    )
    assert list(GAME.legal_moves(moved)) == []


def test_the_gold_of_both_players_together_never_changes() -> None:
    state = position("d1=N@S,d2=N.S$3N@N,d3=N.S,b8=N.S$4N,f1=N.S$2S", gold="5,5")
    total = gold_total(state)
    for move in GAME.legal_moves(state):
        assert gold_total(GAME.apply(state, move)) == total


def test_a_jumped_pawn_on_a_tile_without_a_stack_costs_2() -> None:
    state = position("d1=N@S,d2=N.S@N,d3=N.S", gold="0,4")
    assert after(state, "d1-d3").loose == (2, 2)
    assert index("d3") in after(state, "d1-d3").pawns[0]
