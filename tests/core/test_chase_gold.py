"""Gold on tiles: fortifying, claiming and merging stacks."""

from __future__ import annotations

import pytest
from test_chase_support import GAME, after, gold_total, index, moves_of, position, stacks

from core.errors import IllegalMoveError, NotationError
from core.games.chase.moves import AddGold, Merge

# South tiles: d1 (South's pawn), f1, a2 (claimed by North with 2); North tiles: c3, e3 (its own
# 2 gold), g3 (North's pawn), e5 (its own 4 gold), c5 (claimed by South with 2).
CLAIMS = "d1=N.S@S,f1=N.S,a2=N.S$2N,c3=N.S,e3=N.S$2N,g3=N.S@N,e5=N.S$4N,c5=N.S$2S"


def test_gold_goes_on_a_tile_two_coins_at_least_one_tile_at_a_time() -> None:
    # "Place a minimum of 2 gold on your own tile." "You cannot add gold to a tile upon which
    # your pawn rests." Unguarded opponent tiles take 2 or more, guarded ones their stack
    # plus one; "A tile with your opponent's pawn on it cannot be claimed."
    state = position(CLAIMS, gold="4,20")
    assert moves_of(state, AddGold) == {
        "g2:f1", "g3:f1", "g4:f1",  # your own tile
        "g2:c5", "g3:c5", "g4:c5",  # an opponent's tile you claimed: fortify it
        "g2:c3", "g3:c3", "g4:c3",  # an unguarded opponent tile
        "g3:e3", "g4:e3",  # guarded by 2: 3 or more
        "g3:a2", "g4:a2",  # your own tile, claimed by the opponent with 2
    }  # fmt: skip  # e5 takes 5 (you have 4); d1 has your pawn; g3 has North's pawn


def test_fewer_than_two_loose_coins_put_no_gold_anywhere() -> None:
    assert moves_of(position(CLAIMS, gold="1,20"), AddGold) == set()


def test_a_claim_puts_your_coins_on_top_and_the_whole_stack_becomes_yours() -> None:
    # "place as many gold as are stacked on the tile plus one, with your color face-up"
    state = after(position(CLAIMS, gold="4,20"), "g3:e3")
    assert stacks(state)["e3"] == (5, "S")
    assert state.loose == (1, 20)
    assert GAME.board_view(state).cells[index("e3")].text == "G5"
    assert gold_total(state) == gold_total(position(CLAIMS, gold="4,20"))


def test_a_claimed_tile_is_controlled_by_the_claimer() -> None:
    # "A pawn can only jump to and from ... one to/from which they claimed from their opponent"
    state = position("d1=N.NE.E.SE.S.SW.W.NW@S,f3=N.S$2S,d8@N")
    assert "d1-f3" in moves_of(state)
    assert "d1-f3" not in moves_of(position("d1=N.NE.E.SE.S.SW.W.NW@S,f3=N.S$2N,d8@N"))


def test_a_claimed_tile_can_be_claimed_back_on_a_later_turn() -> None:
    # "To re-claim a tile that your opponent has claimed, repeat the claim process"
    state = after(position(CLAIMS, gold="8,20", turn="N"), "g3:c5")
    assert stacks(state)["c5"] == (5, "N")
    state = after(state, "g6:c5")
    assert stacks(state)["c5"] == (11, "S")
    assert state.loose == (2, 17)


def test_claiming_needs_its_stack_plus_one() -> None:
    state = position(CLAIMS, gold="5,20")
    assert "g5:e5" in moves_of(state)
    with pytest.raises(IllegalMoveError, match="claiming e5 takes at least 5 gold"):
        GAME.parse_move(position(CLAIMS, gold="9,20"), "g4:e5")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("g2:d1", "your pawn stands on d1, so no gold can go there"),
        ("g2:g3", "North's pawn stands on g3, so it cannot be claimed"),
        ("g1:f1", "gold goes on a tile 2 coins or more at a time"),
        ("g5:f1", "you have only 4 loose gold"),
        ("g2:h1", "h1 has no tile"),
    ],
)
def test_gold_the_rules_forbid_says_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.parse_move(position(CLAIMS, gold="4,20"), text)


def test_you_may_fortify_your_own_tile_under_an_enemy_pawn() -> None:
    # Ruling 7: North's pawn on South's bare tile d3 has lost control of it; South may add
    # gold there (it is South's tile), though it is no claim. South's own pawn on North's bare
    # tile e5 blocks South from adding gold there.
    state = position("d1@S,d3=N.S@N,e5=N.S@S,d8@N", gold="2,24")
    assert moves_of(state, AddGold) == {"g2:d3"}


# -- merging -------------------------------------------------------------------------------------

# South's stacks: d1 4 (South's pawn on it), f1 2, b3 3; South's bare tiles h1 and h3 (South's
# pawn on it); North's tile e3 guarded by 4; North's pawn on c3.
MERGES = "d1=N.S$4S@S,f1=N.S$2S,b3=N.S$3S,h1=N.S,h3=E.W@S,c3=N.S@N,e3=N.S$4N"


def test_two_or_more_of_your_stacks_merge_in_place_or_onto_a_tile_you_control_or_claim() -> None:
    # "A stack of 2+ gold is being merged with at least one other of your gold stacks on the
    # board. The merged gold can then be left in place or moved to another tile"; "You can
    # remove gold from under your pawn(s)" but not put it there.
    state = position(MERGES, gold="0,20")
    assert moves_of(state, Merge) == {
        "m:d1+f1>f1", "m:d1+f1>h1", "m:d1+f1>e3",  # 6 gold: e3 takes 5
        "m:d1+b3>b3", "m:d1+b3>h1", "m:d1+b3>e3",
        "m:f1+b3>f1", "m:f1+b3>b3", "m:f1+b3>h1", "m:f1+b3>e3",  # 5 gold: just enough
        "m:d1+f1+b3>f1", "m:d1+f1+b3>b3", "m:d1+f1+b3>h1", "m:d1+f1+b3>e3",
    }  # fmt: skip
    others = moves_of(state) - moves_of(state, Merge)  # no loose gold, no tiles to place
    assert others and all(move.startswith("p:") for move in others)


def test_merging_onto_a_guarded_tile_claims_it_with_all_the_gold() -> None:
    state = after(position(MERGES, gold="0,20"), "m:f1+b3>e3")
    assert stacks(state) == {"d1": (4, "S"), "e3": (9, "S")}
    assert gold_total(state) == 4 + 2 + 3 + 4 + 20


def test_merging_takes_the_gold_off_tiles_which_show_their_own_colour_again() -> None:
    # South's pawn stands on North's tile e3, claimed with South's 2; merging that stack away
    # leaves the pawn on a tile it no longer controls.
    state = position("f1=N.S$2S,e3=N.S$2S@S,d8@N", gold="0,20")
    state = after(state, "m:f1+e3>f1")
    assert stacks(state) == {"f1": (4, "S")}
    cell = GAME.board_view(state).cells[index("e3")]
    assert cell.text == "P" and cell.mark == "exits:N,S"
    assert "Your pawn on e3 is on a tile you do not control: 2 a turn" in GAME.panel_lines(state, 0)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("m:f1+b3>h3", "your pawn stands on h3"),
        ("m:f1+b3>d1", "d1 carries your gold, so it must be one of the stacks merged"),
        ("m:d1+b3>d1", "your pawn stands on d1"),
        ("m:f1+h1>f1", "h1 carries none of your gold"),
        ("m:f1>b3", "a merge combines two or more of your stacks"),
        ("m:d1+f1>b3", "b3 carries your gold, so it must be one of the stacks merged"),
        ("m:d1+f1>c3", "North's pawn stands on c3, so it cannot be claimed"),
    ],
)
def test_a_merge_the_rules_forbid_says_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.parse_move(position(MERGES, gold="0,20"), text)


def test_a_claim_needs_enough_merged_gold() -> None:
    state = position("f1=N.S$2S,b3=N.S$2S,e3=N.S$4N,d8@N,d1@S", gold="0,20")
    with pytest.raises(IllegalMoveError, match="claiming e3 takes more than the 4 gold merged"):
        GAME.parse_move(state, "m:f1+b3>e3")


def test_merge_notation_is_forgiving_about_order_and_separators() -> None:
    state = position(MERGES, gold="0,20")
    assert GAME.parse_move(state, "M:B3,F1>H1") == Merge((index("f1"), index("b3")), index("h1"))
    with pytest.raises(NotationError):
        GAME.parse_move(state, "m:f1+b3")


def test_a_single_stack_is_locked() -> None:
    # "Once gold has been placed upon a tile it becomes locked and cannot be divided by the
    # player that controls it." With one stack and no loose gold, South can do nothing with it.
    state = position("f1=N.S$6S,d1=N@S,d8=E.W@N", gold="0,5")
    assert {move for move in moves_of(state) if not move.startswith("p:")} == set()
