"""Quiet turns: a placement, a pivot or gold put on a square, settled without the ledger.

``rules._quiet_turn`` works such a turn out directly when it owes nothing but a pivot fee paid
from loose gold, which holds when the opponent has no stranded pawn (none of those moves changes
who controls a square an opponent's pawn stands on). These tests hold it to the ledger's answer
on every such move of random games in every mode, and check that the turns it must hand back to
the ledger (a stranded opponent, a pivot paid with stacks or tiles) still collect their debts.
"""

from __future__ import annotations

import random

import pytest
from test_chase_properties import OPTION_SETS, random_game
from test_chase_support import GAME, after, position

from core.games.chase import rules
from core.games.chase.ledger import PIVOTED
from core.games.chase.moves import AddGold, Pivot, Place

QUIET_KINDS = (Place, Pivot, AddGold)


def quiet_candidates(state, rng: random.Random, most: int = 25) -> list:
    """Up to ``most`` of the state's placements, pivots and gold moves, drawn at random."""
    moves = [move for move in GAME.legal_moves(state) if isinstance(move, QUIET_KINDS)]
    return rng.sample(moves, min(most, len(moves)))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda options: str(options) or "default")
def test_a_quiet_turn_ends_exactly_where_the_ledger_ends_it(options: dict) -> None:
    quiet = handed_back = 0
    for seed in range(4):
        rng = random.Random(seed)
        states, _ = random_game(options, seed, 80)
        for state in states:
            for move in quiet_candidates(state, rng):
                ledger = rules._perform(state, move)
                parts = rules._quiet_turn(state, move)
                if parts is None:
                    handed_back += 1
                    continue
                quiet += 1
                assert parts == ledger.parts()
                assert ledger.loser < 0
                owed = [debt[0] for debt in ledger.debts]
                assert owed == ([PIVOTED] if isinstance(move, Pivot) else [])
    assert quiet > 0  # the shortcut is taken in every mode ...
    if options.get("mode") == "tiles":
        assert handed_back > 0  # ... and Tiles mode's pivots, paid with tiles, go to the ledger


def test_a_stranded_opponent_still_pays_after_a_placement() -> None:
    # North's pawn stands on South's bare tile f3: it owes 2 at the start of each of its turns.
    state = position("d1=N.S@S,f3=N.S@N,f4=N.S,d8=N.S", gold="9,9", deck="SS")
    assert rules._quiet_turn(state, GAME.parse_move(state, "T:b1=N,NE,E,SE,S,SW,W,NW")) is None
    assert after(state, "T:b1=N,NE,E,SE,S,SW,W,NW").loose == (11, 7)


def test_a_stranded_opponent_still_pays_after_gold_is_put_down() -> None:
    state = position("d1=N.S@S,f3=N.S@N,f4=N.S,d8=N.S", gold="9,9")
    assert rules._quiet_turn(state, GAME.parse_move(state, "g2:f4")) is None
    assert after(state, "g2:f4").loose == (9, 7)  # South's 2 on f4, then North's fee of 2


def test_a_pivot_paid_from_stacks_goes_to_the_ledger() -> None:
    # South has no loose gold: the pivot fee comes from its stack on f1 (no change is given).
    state = position("d1=N.S@S,f1=N.S$3S,d8=N.S@N", gold="0,5")
    pivot = GAME.parse_move(state, "p:d8=E,W")
    assert isinstance(pivot, Pivot)
    assert rules._quiet_turn(state, pivot) is None
    pivoted = GAME.apply(state, pivot)
    assert pivoted.loose == (0, 8) and pivoted.stacks == ()
