"""Dark Chess and Random Light Chess: their setups, flips, colours and hidden pieces."""

from __future__ import annotations

from collections import Counter

import pytest
from test_mac_helpers import GAME, notations, play, position

from core.errors import IllegalMoveError, OptionError
from core.games.mac.pieces import ARMY, FACE_UP_COLOUR, FLIPPABLE, HIDDEN, PORTAL, printed

DARK = {"mode": "dark"}
LIGHT = {"mode": "light"}
B4, C5 = 13, 18


def army_of(board: tuple[int, ...]) -> Counter:
    return Counter((code >> 5 & 1, printed(code)) for code in board if code >= 128)


FULL_ARMIES = Counter({(colour, s): ARMY.count(s) for colour in (0, 1) for s in set(ARMY)})


# -- Dark Chess ---------------------------------------------------------------------------------


def test_dark_chess_lays_30_face_down_pieces_around_the_two_portals():
    # "Shuffle all 30 game pieces face down. Place the two Portal Tiles face up on two
    # squares where both players agree. Randomly arrange pieces face down to fill the board."
    state = GAME.new(DARK, 7)
    assert state.portals == (B4, C5)
    assert [square for square, code in enumerate(state.board) if code == PORTAL] == [B4, C5]
    assert all(FLIPPABLE[code] for square, code in enumerate(state.board) if code != PORTAL)
    assert army_of(state.board) == FULL_ARMIES
    assert state.colour_of_seat == (-1, -1)
    assert GAME.new(DARK, 8).board != state.board
    assert GAME.new(DARK, 7) == state


def test_the_portal_squares_are_an_option():
    state = GAME.new({"mode": "dark", "portals": "a1, d8"}, 1)
    assert state.portals == (0, 31)
    for bad in ("b4", "b4,b4", "z9,a1", "b4,c5,d6", ""):
        with pytest.raises(OptionError):
            GAME.new({"mode": "dark", "portals": bad}, 1)


def test_a_seeded_coin_decides_who_flips_first():
    firsts = {GAME.to_move(GAME.new(DARK, seed)) for seed in range(20)}
    assert firsts == {0, 1}


def test_the_first_turn_is_a_flip_of_any_face_down_piece():
    state = GAME.new(DARK, 3)
    squares = [f"{f}{r}" for r in range(1, 9) for f in "abcd" if f"{f}{r}" not in ("b4", "c5")]
    assert notations(state) == {f"flip:{square}" for square in squares}


def test_the_first_flip_decides_the_colours():
    # "The player who flips the first piece controls all pieces of that color."
    start = position("b7r3@@ .... .... .... .... .... .... ....", 1, mode="dark", colours="--")
    blue_flipped = play(start, "flip:a8")
    assert blue_flipped.colour_of_seat == (0, 1)  # seat 1 flipped a Blue piece: it is Blue
    red_flipped = play(start, "flip:b8")
    assert red_flipped.colour_of_seat == (1, 0)
    assert GAME.panel_lines(red_flipped, 1)[0] == "plays Red"
    assert GAME.panel_lines(start, 1)[0] == "colour: set by the first flip"


def test_a_turn_is_a_flip_or_a_move_of_your_own_face_up_piece():
    # "On your turn, either flip over one down-facing piece OR move one up-facing piece."
    state = position("b7B9@@ .... .... .... .... .... r2... R5...", mode="dark", colours="RB")
    assert notations(state) == {"flip:a8", "flip:a2", "a1-b1"}


def test_face_down_pieces_can_neither_move_nor_be_captured():
    # "A down-facing piece cannot be captured"
    state = position("..@@ .... .... .... .... .... b0... R5...", mode="dark", colours="RB")
    assert notations(state) == {"flip:a2", "a1-b1"}
    with pytest.raises(IllegalMoveError, match="face down and cannot be captured"):
        GAME.parse_move(state, "a1xa2")
    with pytest.raises(IllegalMoveError, match="face-down piece cannot move"):
        GAME.parse_move(state, "a2-a3")


def test_face_down_identities_are_hidden_from_everyone():
    state = GAME.new(DARK, 4)
    for seat in (0, 1, None):
        seen = GAME.view(state, seat)
        assert all(code in (HIDDEN, PORTAL) for code in seen.board)
        assert GAME.write_position(seen).split()[1] == "????/????/????/??@?/?@??/????/????/????"
        assert {cell.text for cell in GAME.board_view(seen).cells} == {"?", "()"}
    flipped = play(state, "flip:a1")
    for seat in (0, 1, None):
        assert GAME.view(flipped, seat).board[0] == flipped.board[0]
        assert FACE_UP_COLOUR[flipped.board[0]] >= 0


def test_a_flip_starts_the_quiet_count_again():
    # Ruling 9: in Dark Chess a flip, like a capture, resets the 20-turn count.
    state = position(
        "b7B9@@ .... .... .... .... .... r2... R5...", mode="dark", colours="RB", quiet=19
    )
    after = play(state, "flip:a2")
    assert after.quiet == 0 and GAME.outcome(after) is None
    moved = play(state, "a1-b1")
    assert GAME.outcome(moved) is not None and GAME.outcome(moved).is_draw


def test_everything_is_shown_once_the_game_is_over():
    state = position("..r7. .... .... .... .... .B3.. .R5.. .@@.", mode="dark", colours="RB")
    after = play(state, "b2xb3")
    assert GAME.outcome(after) is not None
    assert GAME.view(after, 1) == after
    assert GAME.board_view(GAME.view(after, None)).cells[30].text == "r7"


# -- Random Light Chess ------------------------------------------------------------------------


def test_light_chess_shuffles_all_pieces_and_portals_face_up():
    # "Shuffle and randomly place all 30 pieces and 2 Portals ... All pieces are flipped over
    # at the same time"
    state = GAME.new(LIGHT, 2)
    assert army_of(state.board) == FULL_ARMIES
    assert state.board.count(PORTAL) == 2 and len(state.portals) == 2
    assert not any(FLIPPABLE[code] for code in state.board)
    assert GAME.phase(state) == "play"
    assert GAME.new(LIGHT, 3).board != state.board


def test_a_coin_decides_who_moves_first_and_with_which_colour():
    # "Flip a game piece to decide who goes first and what color they will play."
    seen = set()
    for seed in range(40):
        state = GAME.new(LIGHT, seed)
        first = GAME.to_move(state)
        seen.add((first, state.colour_of_seat[first]))
        assert sorted(state.colour_of_seat) == [0, 1]
    assert seen == {(0, 0), (0, 1), (1, 0), (1, 1)}


def test_light_chess_is_then_played_normally():
    state = GAME.new(LIGHT, 2)
    assert not any(text.startswith("flip") for text in notations(state))
    assert GAME.seat_names(LIGHT) == ("South", "North")
    assert GAME.seat_names({}) == ("Red", "Blue")
