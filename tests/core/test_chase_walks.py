"""Moving a pawn: a jump, a sweep, or a jump followed by a sweep. Legal moves in full.

South plays the light squares (b1, d1, ..., a2, c2, ...); North the dark ones. A move is
listed once per result (where the pawn ends, and what it jumped on the way), by the shortest
path found; any other path with that result may be typed too.
"""

from __future__ import annotations

import pytest
from test_chase_support import GAME, after, index, moves_of, position

from core.errors import IllegalMoveError
from core.games.chase.moves import Walk

STAR = "N.NE.E.SE.S.SW.W.NW"


def walks(board: str, turn: str = "S", gold: str = "24,24", mode: str = "regular") -> set[str]:
    return moves_of(position(board, turn=turn, gold=gold, mode=mode), Walk)


def test_a_pawn_needs_a_tile_under_it_to_move() -> None:
    # "A pawn needs to have a tile under it in order to move."
    assert walks(f"d1@S,c2={STAR},e2={STAR},d3={STAR},d8@N") == set()


def test_a_jump_goes_straight_over_tiles_that_allow_the_direction_and_empty_squares() -> None:
    # "Jump as far as you'd like over any tiles that allow you to travel in the linear
    # direction your pawn is moving (including opponent tiles)." "Un-tiled squares can be
    # jumped across though cannot be jumped from or to." d2 has no tile, d4 is North's tile
    # with a N exit, d5 has no N exit so nothing beyond it is reached.
    board = "d1=N@S,d3=N.S,d4=N.S,d5=E.W,d7=N.S,d8@N"
    assert walks(board) == {"d1-d3", "d1-d5"}


def test_a_jump_leaves_through_an_exit_of_its_starting_tile() -> None:
    assert walks("d1=NE@S,d3=N.S,d5=E.W,d8@N") == set()


def test_a_jump_lands_only_on_a_tile_you_control() -> None:
    # "Your pawn can only jump in a straight line from a tile you control to another tile you
    # control." d3 is South's but claimed by North; d5 is North's but claimed by South.
    assert walks("d1=N@S,d3=N.S$2N,d4=N.S,d5=N.S$2S,d8@N") == {"d1-d5"}


def test_an_enemy_pawn_is_jumped_when_its_square_allows_the_direction() -> None:
    # "If your opponent's pawn(s) are encountered they may also be jumped if you eventually
    # land on a tile you control"; "Without a tile a pawn may be jumped by your opponent from
    # any direction." North's pawn on d2 (no tile) and on d4 (a tile with a N exit).
    board = "d1=N@S,d2@N,d3=N.S,d4=N.S@N,d5=N.S,d8@N"
    assert walks(board) == {"d1-d3", "d1-d5"}
    assert walks("d1=N@S,d2=E.W@N,d3=N.S,d8@N") == set()  # d2's tile has no N exit


def test_your_own_pawns_are_never_jumped_or_swept_across() -> None:
    # "If playing with multiple pawns, your own pawn may not be jumped or swept across."
    assert walks("d1=N@S,d2@S,d3=N.S,d8@N") == set()
    assert walks("b1=NE@S,c2=NE@S,d3=NE,d8@N") == {"c2-d3"}  # none for the pawn on b1


def test_a_sweep_steps_across_connecting_tiles_you_control_through_their_exits() -> None:
    # "In a sweep, you move across any connecting tiles you control in the directions
    # indicated by the tiles." "A tile may allow you to get to the next tile but not come
    # back the same way." b1 -> c2 -> d3 -> c4; c4 points back at d3 but d3 is behind it.
    board = "b1=NE@S,c2=NE,d3=N.NW,c4=SE,d8@N"
    assert walks(board) == {"b1-c2", "b1-d3", "b1-d3-c4"}
    # the path square by square is the same move as the listed one
    state = position(board)
    typed = GAME.parse_move(state, "b1-c2-d3-c4")
    assert typed == Walk(tuple(index(name) for name in ("b1", "c2", "d3", "c4")))
    assert GAME.play(state, typed) == GAME.play(state, GAME.parse_move(state, "b1-d3-c4"))


def test_a_sweep_never_crosses_an_opponents_tile() -> None:
    # "You cannot sweep across your opponent's tiles unless you are jumping them in your
    # sweep." c2 is claimed by North; c3 is North's.
    assert walks("b1=NE.N@S,c2=NE$2N,b2=N.S,d8@N") == set()


def test_a_sweep_hops_an_enemy_pawn_onto_a_tile_of_yours_right_behind_it() -> None:
    # "To jump your opponent's pawn(s) during a sweep, your jump must be linear. Further, the
    # tile immediately after each pawn being jumped must be one you control."
    board = "b1=NE@S,c2=NE,d3@N,e4=N.S,d8@N"
    assert walks(board) == {"b1-c2", "b1-e4"}
    state = position(board)
    assert GAME.format_move(state, GAME.parse_move(state, "b1-c2-e4")) == "b1-c2-e4"
    assert walks("b1=NE@S,c2=NE,d3@N,e4=N.S$2N,d8@N") == {"b1-c2"}


def test_each_enemy_pawn_is_jumped_once_per_turn() -> None:
    # "The same pawn can only be jumped once per turn (without exception)." From d3 the pawn
    # hops d4 to d5, steps to c4 and could hop d4 again to e4, but may not.
    board = "d3=N@S,d4@N,d5=SW,c4=E,e4=N.S,d8@N"
    assert walks(board) == {"d3-d5", "d3-d5-c4"}
    with pytest.raises(IllegalMoveError, match="the pawn on d4 was already jumped this turn"):
        GAME.parse_move(position(board), "d3-d5-c4-e4")


def test_no_tile_twice_and_no_end_where_the_turn_began() -> None:
    # "You cannot sweep across any tile more than once." "You cannot end a sweep on the same
    # tile you began your turn from." The ring b1 c2 b3 a2 leads back to b1.
    board = "b1=NE@S,c2=NW,b3=SW,a2=SE,d8@N"
    assert walks(board) == {"b1-c2", "b1-c2-b3", "b1-c2-b3-a2"}
    with pytest.raises(IllegalMoveError, match="the move visits b1 twice"):
        GAME.parse_move(position(board), "b1-c2-b3-a2-b1")


def test_after_a_jump_the_sweep_may_cross_the_tile_where_the_turn_began() -> None:
    # Ruling 13: the jump from b1 over North's pawn on b2 lands on b5; the sweep goes
    # b5-a4-b3-a2, back across b1 and on to c2, which it reaches with the pawn on b2 jumped.
    board = "b1=N.NE@S,b2@N,b3=N.SW,b5=SW,a4=SE,a2=SE,c2=N.S,d8@N"
    assert walks(board) == {
        "b1-c2", "b1-b3", "b1-b3-a2", "b1-b5", "b1-b5-a4", "b1-b5-a4-b3-a2-b1-c2",
    }  # fmt: skip
    with pytest.raises(IllegalMoveError, match="cannot end on the tile where the turn began"):
        GAME.parse_move(position(board), "b1-b5-a4-b3-a2-b1")


def test_a_pawn_on_a_tile_it_no_longer_controls_may_still_move_off_it() -> None:
    # Ruling 10: "need to either move on your next turn OR pay 2 gold"
    assert walks("e3=N.S@S,e4=N.S,d8@N") == {"e3-e4"}


# A chain of ten of South's tiles from b1: b1 c2 d3 e4 f5 g6 h7 g8 f7 e6.
CHAIN = "b1=NE@S,c2=NE,d3=NE,e4=NE,f5=NE,g6=NE,h7=NW,g8=SW,f7=SW,e6=N.S,d8@N"


def test_a_sweep_over_ten_tiles_without_a_jump_is_a_taunt() -> None:
    # "If, on your turn, you sweep without jumping and sweep across 10 or more tiles,
    # collect 1 gold for every 10 of your tiles that you sweep across." "The tile you begin
    # from counts as tile number one in the taunt move." The jump b1-h7 and its sweep reach
    # e6 without a taunt; the whole sweep reaches it with one.
    assert walks(CHAIN) == {
        "b1-c2", "b1-d3", "b1-e4", "b1-f5", "b1-g6", "b1-h7", "b1-h7-g8", "b1-h7-g8-f7",
        "b1-h7-g8-f7-e6", "b1-c2-d3-e4-f5-g6-h7-g8-f7-e6",
    }  # fmt: skip
    state = position(CHAIN, gold="3,3")
    taunt = after(state, "b1-c2-d3-e4-f5-g6-h7-g8-f7-e6")
    assert taunt.loose == (4, 2)
    assert after(state, "b1-h7-g8-f7-e6").loose == (3, 3)
    assert GAME.debts(state, GAME.parse_move(state, "b1-c2-d3-e4-f5-g6-h7-g8-f7-e6"), 0) == (
        "Your sweep was a taunt: North paid you 1 gold",
    )


def test_only_tiles_of_your_colour_earn_the_taunt() -> None:
    # "Pay your opponent 1 gold for every 10 tiles of their color they sweep across": a
    # claimed tile of North's colour (c3) counts towards the ten but earns nothing.
    eleven = "b1=NE@S,c2=N,c3=E$2S,d3=NE,e4=NE,f5=NE,g6=NE,h7=NW,g8=SW,f7=SW,e6=N.S,d8@N"
    state = position(eleven, gold="3,3")
    assert after(state, "b1-c2-c3-d3-e4-f5-g6-h7-g8-f7-e6").loose == (4, 2)
    ten = eleven.replace(",e6=N.S", "")
    assert after(position(ten, gold="3,3"), "b1-c2-c3-d3-e4-f5-g6-h7-g8-f7").loose == (3, 3)


def test_hops_count_in_a_taunt() -> None:
    # "You can also jump over your opponent's pawn(s) in the taunt (as normal)": ten tiles
    # b1 c2 d3 e4 g6 h7 g8 f7 e6 d7, hopping North's pawn on f5 (a square without a tile).
    # The pawn's 2 gold is collected first, then the taunt's 1.
    board = CHAIN.replace("f5=NE", "f5@N").replace("e6=N.S,d8@N", "e6=NW,d7=N.S")
    state = position(board, gold="3,3")
    move = GAME.parse_move(state, "b1-c2-d3-e4-g6-h7-g8-f7-e6-d7")
    assert move in GAME.legal_moves(state)
    assert GAME.play(state, move).loose == (6, 0)
    assert GAME.debts(state, move, 1) == (
        "South jumped your pawn on f5: you paid South 2 gold",
        "South's sweep was a taunt: you paid South 1 gold",
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("d1-d2", "d2 is not a tile you control"),
        ("d1-e3", "e3 is not in a straight line from d1"),
        ("d1-d3-d5", "a sweep goes one tile at a time or hops one enemy pawn"),
        ("d1-d6", "the tile on d5 has no exit to the N, so it cannot be jumped over"),
        ("d3-d5", "there is no pawn of yours on d3"),
    ],
)
def test_a_pawn_move_the_rules_forbid_says_why(text: str, reason: str) -> None:
    state = position("d1=N@S,d3=N.S,d4=N.S,d5=E.W,d6=N.S$2S,d8@N")
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.parse_move(state, text)


def test_the_rule_texts_example_of_a_taunt_with_two_pawns_jumped() -> None:
    # "If, for example, your opponent's taunt is 22 tiles long and they were able to jump
    # over 2 of your pawns (either of which were not on a gold stack) without re-using any
    # tiles, you would pay them 6 gold." Here 21 tiles of South's colour and two hops, over
    # d7 and e2: 2 + 2 for the pawns, 2 for the taunt.
    route = ("b1", "c2", "b3", "c4", "b5", "c6", "b7", "c8", "e6", "d5", "e4",
             "d3", "f1", "g2", "f3", "g4", "f5", "g6", "f7", "g8", "h7")  # fmt: skip
    exits = ("NE", "NW", "NE", "NW", "NE", "NW", "NE", "SE", "SW", "SE", "SW",
             "SE", "NE", "NW", "NE", "NW", "NE", "NW", "NE", "SE", "N")  # fmt: skip
    board = ",".join(f"{square}={exit}" for square, exit in zip(route, exits, strict=True))
    state = position(board.replace("b1=NE", "b1=NE@S") + ",d7@N,e2@N", gold="0,6")
    move = GAME.parse_move(state, "-".join(route))
    assert move in GAME.legal_moves(state)
    assert GAME.play(state, move).loose == (6, 0)
    assert GAME.debts(state, move, 1) == (
        "South jumped your pawn on d7: you paid South 2 gold",
        "South jumped your pawn on e2: you paid South 2 gold",
        "South's sweep was a taunt: you paid South 2 gold",
    )
