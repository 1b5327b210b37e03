"""The options: free placement (start=free) and who moves first (first=1/2/random)."""

from __future__ import annotations

import pytest
from test_macadam_support import GAME, after

from core import IllegalMoveError, OptionError
from core.games.macadam.state import MacadamState
from core.view import TrayItem

SOUTH_HALF = {f"@{file}{rank}" for file in "abcdefgh" for rank in "1234"} - {"@d1", "@e1"}
NORTH_HALF = {f"@{file}{rank}" for file in "abcdefgh" for rank in "5678"} - {"@d8", "@e8"}
DOT_PLACEMENTS = [
    "@a2", "@a7", "@c2", "@c7", "@f2", "@f7", "@h2", "@h7",
    "@b3", "@b6", "@d3", "@d6", "@e3", "@e6", "@g3", "@g6",
]  # fmt: skip


def free(first: str = "1", seed: int = 0) -> MacadamState:
    return GAME.new({"start": "free", "first": first}, seed)


def test_the_options_and_their_defaults() -> None:
    assert GAME.resolve_options({}) == {"start": "dots", "first": "1"}
    with pytest.raises(OptionError):
        GAME.resolve_options({"start": "random"})
    assert GAME.seat_names(GAME.resolve_options({})) == ("South", "North")


def test_free_placement_starts_with_an_empty_board_and_south_to_place() -> None:
    state = free()
    assert GAME.phase(state) == "placement"
    assert GAME.to_move(state) == 0
    assert state.south == state.north == 0
    assert GAME.tray(state) == (TrayItem("p", "pawn", 8),)
    assert GAME.outcome(state) is None


def test_a_pawn_is_placed_anywhere_on_your_own_side_outside_your_own_goal() -> None:
    state = free()
    assert {GAME.format_move(state, move) for move in GAME.legal_moves(state)} == SOUTH_HALF
    state = GAME.play(state, GAME.parse_move(state, "@c3"))
    assert GAME.to_move(state) == 1
    assert {GAME.format_move(state, move) for move in GAME.legal_moves(state)} == NORTH_HALF


def test_the_players_alternate_south_first_and_the_hand_empties() -> None:
    state = free()
    seats, hands = [], []
    for text in DOT_PLACEMENTS:
        seats.append(GAME.to_move(state))
        hands.append(GAME.tray(state)[0].count)
        state = GAME.play(state, GAME.parse_move(state, text))
    assert seats == [0, 1] * 8
    assert hands == [8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]
    assert GAME.tray(state) == ()
    assert GAME.phase(state) == "play"


def test_an_occupied_square_cannot_take_another_pawn() -> None:
    state = GAME.play(free(), GAME.parse_move(free(), "@c3"))
    state = GAME.play(state, GAME.parse_move(state, "@c6"))
    assert "@c3" not in {GAME.format_move(state, move) for move in GAME.legal_moves(state)}
    with pytest.raises(IllegalMoveError, match="c3 is already taken"):
        GAME.parse_move(state, "@c3")


def test_placing_on_your_own_goal_or_the_other_side_is_refused_with_a_reason() -> None:
    with pytest.raises(IllegalMoveError, match="own goal"):
        GAME.parse_move(free(), "@d1")
    with pytest.raises(IllegalMoveError, match="own side of the lane"):
        GAME.parse_move(free(), "@c6")


def test_after_placement_the_battle_begins_with_the_chosen_first_player() -> None:
    # Placing every pawn on its dot gives the dots start, with South or North to move.
    for first, seat in (("1", 0), ("2", 1)):
        state = free(first)
        for text in DOT_PLACEMENTS:
            state = GAME.play(state, GAME.parse_move(state, text))
        expected = GAME.new({"first": first})
        assert state == expected
        assert GAME.to_move(state) == seat


def test_placement_turns_do_not_count_for_repetition() -> None:
    state = free()
    for text in DOT_PLACEMENTS:
        state = GAME.play(state, GAME.parse_move(state, text))
    assert GAME.write_position(state).split()[3] == "-"
    shuffle = ["a2-a3", "a7-a6", "a3-a2", "a6-a7"]
    text = GAME.write_position(state)
    assert GAME.outcome(after(text, *shuffle)) is None
    assert GAME.outcome(after(text, *shuffle, *shuffle)).is_draw


def test_first_two_lets_north_move_first_from_the_dots() -> None:
    state = GAME.new({"first": "2"})
    assert GAME.to_move(state) == 1
    assert GAME.phase(state) == "play"
    moves = {GAME.format_move(state, move) for move in GAME.legal_moves(state)}
    assert len(moves) == 68 and all(move[1] in "5678" for move in moves)


def test_first_random_is_drawn_from_the_seed() -> None:
    firsts = {seed: GAME.to_move(GAME.new({"first": "random"}, seed)) for seed in range(40)}
    assert set(firsts.values()) == {0, 1}
    assert all(GAME.to_move(GAME.new({"first": "random"}, s)) == f for s, f in firsts.items())
    # With free placement South always places first; the draw decides the battle.
    for seed, first in firsts.items():
        state = GAME.new({"start": "free", "first": "random"}, seed)
        assert GAME.to_move(state) == 0 and state.battle_first == first


def test_placement_move_gives_the_legal_placement_or_none() -> None:
    state = free()
    c3 = 2 * 8 + 2
    assert GAME.placement_move(state, "p", c3) == GAME.parse_move(state, "@c3")
    assert GAME.placement_move(state, "p", 3) is None  # d1, South's own goal
    assert GAME.placement_move(state, "p", 6 * 8) is None  # a7, North's side
    assert GAME.placement_move(state, "x", c3) is None
    assert GAME.placement_move(GAME.new(), "p", c3) is None  # the battle has begun


def test_during_placement_a_pawn_move_is_refused_and_in_battle_a_placement() -> None:
    with pytest.raises(IllegalMoveError, match="still being placed"):
        GAME.parse_move(free(), "a2-a3")
    with pytest.raises(IllegalMoveError, match="already placed"):
        GAME.parse_move(GAME.new(), "@c4")


def test_a_square_alone_places_during_placement() -> None:
    assert GAME.parse_move(free(), "c3") == GAME.parse_move(free(), "@c3")
    assert GAME.parse_move(free(), "P@C3") == GAME.parse_move(free(), "@c3")


def test_the_dots_start_is_the_ruled_layout() -> None:
    # South a2 c2 f2 h2 b3 d3 e3 g3, North a7 c7 f7 h7 b6 d6 e6 g6.
    assert GAME.write_position(GAME.new()) == "8/p1p2p1p/1p1pp1p1/8/8/1P1PP1P1/P1P2P1P/8 s play -"
