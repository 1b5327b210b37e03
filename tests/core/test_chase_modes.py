"""The two other modes: Tiles (fees paid with tiles, no gold) and Gold (no tiles)."""

from __future__ import annotations

from test_chase_support import GAME, after, index, moves_of, position, stacks

from core.games.chase.moves import AddGold, Merge, Pivot, Place, Walk

LIGHT = [f"{f}{r}" for r in range(1, 9) for f in "abcdefgh" if ("abcdefgh".index(f) + r) % 2 == 0]


# -- Tiles ---------------------------------------------------------------------------------------

# North's tiles b8, h8, a7 carry no pawn; its pawn stands on d2 (no tile).
TILES = "d1=N@S,d2@N,d3=N.S,b8=N.S,h8=N.S,a7=N.S"


def test_tiles_mode_has_no_gold_to_add_or_merge() -> None:
    # "To play this mode, remove the gold from gameplay"
    state = GAME.new({"mode": "tiles"})
    assert state.loose == (0, 0)
    state = position(TILES, mode="tiles", gold="0,0", deck="A")
    assert moves_of(state, AddGold) == moves_of(state, Merge) == set()
    assert moves_of(state, Place) and moves_of(state, Walk) == {"d1-d3"}


def test_fees_are_paid_by_turning_tiles_over_to_the_opponents_colour() -> None:
    # "If, for example, your pawn is jumped you would turn over two of your tiles to your
    # opponent's color." Ruling 18: those nearest the payer's own back rank first.
    state = position(TILES, mode="tiles", gold="0,0")
    moved = after(state, "d1-d3")
    assert moved.turned == 1 << index("b8") | 1 << index("h8")
    cells = GAME.board_view(moved).cells
    assert cells[index("b8")].text == "T" and cells[index("b8")].mark == "exits:N,S turned"
    assert cells[index("a7")].text == "t"
    assert GAME.debts(state, GAME.parse_move(state, "d1-d3"), 1) == (
        "South jumped your pawn on d2: you turned 2 tiles over to South (b8, h8)",
    )
    assert "b8=N.S~" in GAME.write_position(moved)


def test_a_turned_tile_belongs_to_its_new_colour() -> None:
    # North's tile c7 turned over to South's colour: North's pawn may no longer step onto it,
    # South's may.
    north = "d8=SW@N,c7=N.S,h1=N.S@S"
    assert moves_of(position(north, mode="tiles", gold="0,0", turn="N"), Walk) == {"d8-c7"}
    turned = north.replace("c7=N.S", "c7=N.S~")
    assert moves_of(position(turned, mode="tiles", gold="0,0", turn="N"), Walk) == set()
    south = "c6=N@S,c7=N.S~,d8=SW@N"
    assert moves_of(position(south, mode="tiles", gold="0,0"), Walk) == {"c6-c7"}


def test_losing_the_last_tile_you_could_pay_with_loses() -> None:
    # "If your only tile remaining is the one your pawn is on, you have lost the game."
    # North owes 2 and has exactly 2 tiles without a pawn: paying would leave it only tiles
    # under pawns.
    state = position("d1=N@S,d2@N,d3=N.S,b8=N.S,h8=N.S,f8=N.S@N", mode="tiles", gold="0,0")
    outcome = GAME.outcome(after(state, "d1-d3"))
    assert outcome is not None and outcome.winners == (0,)
    three = position(TILES + ",f8=N.S", mode="tiles", gold="0,0")
    assert GAME.outcome(after(three, "d1-d3")) is None


def test_a_pivot_costs_a_tile_and_needs_one_left_over() -> None:
    state = position("d1=N.S@S,f1=N.S,d8=N.S@N,b8=N.S,h8=N.S", mode="tiles", gold="0,0")
    assert moves_of(state, Pivot) == set()  # f1 is South's only free tile
    state = position("d1=N.S@S,f1=N.S,b1=N.S,d8=N.S@N", mode="tiles", gold="0,0")
    assert "p:d8=E,W" in moves_of(state, Pivot)
    assert after(state, "p:d8=E,W").turned == 1 << index("b1")


# -- Gold ----------------------------------------------------------------------------------------


def test_gold_mode_starts_by_putting_gold_on_your_colour() -> None:
    # "remove the tiles from gameplay and jump to/from and sweep across the gold coins";
    # ruling 20: new stacks go on squares of your colour, under your own pawn too.
    state = GAME.new({"mode": "gold"})
    assert moves_of(state) == {f"g{amount}:{name}" for name in LIGHT for amount in range(2, 25)}


def test_gold_mode_pawns_jump_to_and_from_their_own_gold_in_any_direction() -> None:
    # "You may jump across your opponent's gold (paying the appropriate fee) but you can only
    # jump to and from gold of your own color." "You may only sweep across your own gold."
    board = "d1$3S@S,d2$4N,d3$2S,e2$2S,b3$2S,h8$2N@N"
    state = position(board, mode="gold", gold="5,5")
    assert moves_of(state, Walk) == {"d1-e2", "d1-e2-d3", "d1-d3", "d1-d3-e2", "d1-b3"}
    assert after(state, "d1-d3").loose == (1, 9)
    assert after(state, "d1-e2-d3").loose == (5, 5)


def test_gold_mode_has_no_placing_and_no_pivots() -> None:
    state = position("d1$3S@S,d3$2S,h8$2N@N", mode="gold", gold="5,5")
    assert moves_of(state, Place) == moves_of(state, Pivot) == set()


def test_in_gold_mode_a_pawn_without_gold_under_it_gets_some() -> None:
    # A pawn whose stack went to pay a debt stands on a bare square and cannot move until gold
    # is put under it, whatever the square's colour (ruling 20).
    state = position("e3@S,d3$2S,h8$2N@N", mode="gold", gold="2,5")
    assert moves_of(state, Walk) == set()
    assert moves_of(state, AddGold) >= {"g2:e3"}
    assert stacks(after(state, "g2:e3"))["e3"] == (2, "S")


def test_gold_mode_claims_need_the_stack_plus_one() -> None:
    state = position("d1$3S@S,e3$4N,g3$2N@N,h8$2N@N", mode="gold", gold="5,5")
    claims = {move for move in moves_of(state, AddGold) if move.endswith(("e3", "g3"))}
    assert claims == {"g5:e3"}  # g3 carries North's pawn
