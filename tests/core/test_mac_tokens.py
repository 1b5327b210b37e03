"""Power tokens: drawing them, keeping them secret, and the four tokens' effects."""

from __future__ import annotations

import pytest
from test_mac_helpers import GAME, notations, play, position

from core.errors import IllegalMoveError, NotationError
from core.games.mac.pieces import PEEK, UNKNOWN_TOKEN
from core.games.mac.state import MacState
from core.games.mac.view import peeking

FAR_PORTALS = "..@@"  # rank 8 in most scenarios: portals out of the way on c8 and d8


def tokens(board: str, hands: str, to_move: int = 0, **fields) -> MacState:
    fields.setdefault("mode", "standard+tokens")
    return position(f"{FAR_PORTALS} {board}", to_move, hands=hands, **fields)


# -- the pile and the hands ---------------------------------------------------------------------


def test_the_pile_holds_six_of_each_token_and_peek_only_in_dark_chess():
    standard = GAME.new({"tokens": "on"}, 5)
    assert sorted(standard.pile) == sorted([0] * 6 + [1] * 6 + [2] * 6)
    dark = GAME.new({"tokens": "on", "mode": "dark"}, 5)
    assert sorted(dark.pile) == sorted([0] * 6 + [1] * 6 + [2] * 6 + [3] * 6)
    light = GAME.new({"tokens": "on", "mode": "light"}, 5)
    assert PEEK not in light.pile and len(light.pile) == 18
    assert GAME.new({"tokens": "on"}, 6).pile != standard.pile  # shuffled by the seed
    assert GAME.new({}, 5).pile == ()


def test_the_owner_of_a_captured_piece_draws_the_top_token():
    # "Whenever one of your pieces is captured, you draw one Power token."
    state = tokens(".... .... .... .... .... .B3.. .R5..", "-/-", pile="dp+")
    after = play(state, "b1xb2")
    assert after.hands == ((), (1,))  # Blue drew the Double Step on top
    assert after.pile == (2, 0)


def test_nothing_is_drawn_from_an_empty_pile():
    state = tokens(".... .... .... .... .... .B3.. .R5..", "-/-", pile="-")
    assert play(state, "b1xb2").hands == ((), ())


def test_the_owner_draws_whichever_seat_plays_that_colour():
    # Random Light Chess: seat 0 plays Blue here; the captured Blue piece is seat 0's.
    state = tokens(
        "B9... .... .... .... .... .R3.. .B3R5.",
        "-/-",
        1,
        mode="light+tokens",
        colours="BR",
        pile="d",
    )
    after = play(state, "c1xb1")
    assert after.hands == ((1,), ())


def test_a_hand_is_secret_but_its_size_is_not():
    state = tokens("B9... .... .... .... .... .... .R5..", "+d/p", pile="pp")
    assert GAME.view(state, 0).hands == ((0, 1), (UNKNOWN_TOKEN,))
    assert GAME.view(state, 1).hands == ((UNKNOWN_TOKEN, UNKNOWN_TOKEN), (2,))
    assert GAME.view(state, None).hands == ((UNKNOWN_TOKEN,) * 2, (UNKNOWN_TOKEN,))
    assert GAME.view(state, 0).pile == (UNKNOWN_TOKEN, UNKNOWN_TOKEN)
    assert GAME.panel_lines(GAME.view(state, 0), 0)[-1] == "hand: +1, Double Step"
    assert GAME.panel_lines(GAME.view(state, 0), 1)[-1] == "hand: 1 token"
    assert GAME.has_secrets(state)
    assert not GAME.has_secrets(tokens("B9... .... .... .... .... .... .R5..", "-/-"))


def test_at_most_one_token_a_turn():
    # "You may play one Power token at the start of your turn before moving."
    state = tokens("B9... .... .... .... .... .B4.. .R3..", "+p/-")
    assert all(text.count(";") <= 1 for text in notations(state))
    with pytest.raises(NotationError):
        GAME.parse_move(state, "+1:b1;push:b2-c2;b1-b2")


def test_a_token_is_playable_only_when_a_move_follows():
    # Pushing the Blue 7 onto b1 would leave the Red 5 on a1 without a move.
    state = tokens(".... .... .... .... .... B9... R5.B7.", "p/-")
    assert not any(text.startswith("push:c1-b1") for text in notations(state))
    with pytest.raises(IllegalMoveError, match="cannot capture"):
        GAME.parse_move(state, "push:c1-b1;a1xb1")


# -- +1 -----------------------------------------------------------------------------------------


def test_plus_one_raises_a_piece_s_strength_then_the_turn_s_move_follows():
    # "+1: Increases a piece's strength by 1." The Red 3 on a1 may then take the Blue 4.
    state = tokens(".... .... .... .... .... B4... R3...", "+/-")
    assert notations(state) == {"a1-b1", "+1:a1;a1-b1", "+1:a1;a1xa2"}
    after = play(state, "+1:a1;a1-b1")
    assert GAME.write_position(after).split()[1].endswith("B4.../.R3+..")
    assert after.hands == ((), ())


def test_plus_one_stays_with_its_piece():
    state = tokens(".... .... .... .... .... B4... R3+...", "-/-")
    assert notations(state) == {"a1-b1", "a1xa2"}


def test_a_piece_gets_at_most_one_plus_one():
    # "A piece can only receive one +1 power up."
    state = tokens(".... .... .... .... .... B5... R3+...", "+/-")
    assert notations(state) == {"a1-b1"}


def test_a_nine_with_plus_one_is_a_ten():
    # "Strength 9 becomes 10 (now capturable by 1)."
    state = tokens(".... .... .... .... .... B1... R9+B9..", "-/-")
    assert notations(state) == {"a1xb1"}  # a 10 cannot take the 1, but takes the 9
    blue = tokens(".... .... .... .... .... B1... R9+...", "-/-", 1)
    assert "a2xa1" in notations(blue)


def test_a_ten_with_plus_one_is_an_eleven_still_captured_by_a_one():
    # "Strength 10 becomes 11 (still capturable by 1)." An 11 is no "Strength 10 piece": it
    # takes the 1 like any stronger piece (ruling 1).
    state = tokens(".... .... .... .... .... B1... R10+...", "-/-")
    assert notations(state) == {"a1xa2", "a1-b1"}
    blue = tokens(".... .... .... .... .... B1... R10+...", "-/-", 1)
    assert "a2xa1" in notations(blue)


def test_a_cannon_with_plus_one_steps_onto_a_zero_or_a_one_and_still_jumps():
    # "Cannon (0) keeps Jump Capture, but can now also capture a 0 or 1 with a single step."
    one = tokens(".... .... .... .... .... B1... R0+B10..", "-/-")
    assert notations(one) == {"a1xa2"}  # the 1, not the 10
    zero = tokens(".... .... B7... .... .... B2... R0+B0..", "-/-")
    assert notations(zero) == {"a1xb1", "a1xa5"}  # step onto the 0; the 2 is only a screen


def test_a_cannon_with_plus_one_is_no_one_against_a_ten():
    state = tokens(".... .... .... .... .... B10... R0+...", "-/-", 1)
    assert "a2xa1" in notations(state)


def test_a_one_with_plus_one_is_a_two():
    state = tokens(".... .... .... .... .... B10... R1+B2..", "-/-")
    assert notations(state) == {"a1xb1"}
    blue = tokens(".... .... .... .... .... B10... R1+...", "-/-", 1)
    assert "a2xa1" in notations(blue)


# -- Double Step -------------------------------------------------------------------------------


def test_double_step_takes_two_steps_and_may_not_end_where_it_began():
    # "Choose a piece to take 2 orthogonal steps instead of 1 step."
    state = tokens(".... .... .... .... .... .... R5...", "d/-")
    assert notations(state) == {
        "a1-a2",
        "a1-b1",
        "ds:a1-a2-a3",
        "ds:a1-a2-b2",
        "ds:a1-b1-c1",
        "ds:a1-b1-b2",
    }
    after = play(state, "ds:a1-b1-b2")
    assert after.board[5] != 0 and after.board[0] == 0 and after.hands == ((), ())
    with pytest.raises(IllegalMoveError, match="pass"):
        GAME.parse_move(state, "ds:a1-a2-a1")


def test_double_step_ends_at_the_first_capture():
    state = tokens(".... .... .... .... .... B3B4.. R5...", "d/-")
    assert notations(state) == {
        "a1xa2",
        "a1-b1",
        "ds:a1xa2",
        "ds:a1-b1xb2",
        "ds:a1-b1-c1",
    }
    with pytest.raises(IllegalMoveError, match="ends with the capture"):
        GAME.parse_move(state, "ds:a1xa2-a3")


def test_double_step_through_a_portal():
    # Portals c8 and d8; the Red 5 on b8 enters c8 and steps out of d8 to d7, then steps on.
    state = position(
        ".R5@@ .... .... .... .... .... .... ....", hands="d/-", mode="standard+tokens"
    )
    # The second step may itself go through a portal: into d8 and out of c8 to c7 (not to
    # b8, where the piece began).
    assert {text for text in notations(state) if text.startswith("ds:b8-c8")} == {
        "ds:b8-c8-d7-c7",
        "ds:b8-c8-d7-d6",
        "ds:b8-c8-d7-d8-c7",
    }


def test_a_cannon_does_not_jump_in_a_double_step():
    # Red cannon a1, screen a3, Blue 9 on a4: the jump is a plain move; a Double Step is
    # two steps, and a cannon's step takes no 3 or 9.
    state = tokens(".... .... .... B9... B3... .... R0...", "d/-")
    assert notations(state) == {
        "a1xa4",
        "a1-a2",
        "a1-b1",
        "ds:a1-a2-b2",
        "ds:a1-b1-c1",
        "ds:a1-b1-b2",
    }


# -- Push ----------------------------------------------------------------------------------------


def test_push_moves_an_enemy_one_step_then_the_turn_s_move_follows():
    # "Move one opponent's piece 1 step orthogonally."
    state = tokens(".... .... .... .... .... .B4.. R5...", "p/-")
    assert notations(state) == {
        "a1-a2",
        "a1-b1",
        "push:b2-a2;a1xa2",
        "push:b2-a2;a1-b1",
        "push:b2-c2;a1-a2",
        "push:b2-c2;a1-b1",
        "push:b2-b3;a1-a2",
        "push:b2-b3;a1-b1",
        "push:b2-b1;a1-a2",
        "push:b2-b1;a1xb1",
    }
    after = play(state, "push:b2-b1;a1xb1")
    assert GAME.write_position(after).split()[1].endswith("/.R5..")


def test_a_push_never_captures_and_moves_only_enemy_pieces():
    # The Blue 4 on b2 is surrounded by pieces: no push of it. The Blue 9 on b3 may go to
    # a3, c3 or b4, not onto the Blue 4. Red's own pieces are never pushed.
    state = tokens(".... .... .... .... .B9.. R7B4R3. .R5..", "p/-")
    pushes = {text.split(";")[0] for text in notations(state) if text.startswith("push")}
    assert pushes == {"push:b3-a3", "push:b3-c3", "push:b3-b4"}


def test_a_face_down_piece_cannot_be_pushed():
    state = position(
        "..@@ .... .... .... .... .... b4... R5...", mode="dark+tokens", colours="RB", hands="p/-"
    )
    assert notations(state) == {"a1-b1", "flip:a2"}


def test_push_into_a_portal_and_the_pusher_chooses_the_exit():
    # "You may Push an opponent's piece into a Portal and decide where it exits." Portals b8
    # and b2: the Blue 6 on b3 goes into b2 and out of b8 to a8 or b7; not onto the Red 9 on
    # c8, since a push never captures.
    state = position(
        ".@R9. .... .... .... .... .B6.. .@R5. R3...", hands="p/-", mode="standard+tokens"
    )
    exits = {text.split(";")[0] for text in notations(state) if text.startswith("push:b3-b2")}
    assert exits == {"push:b3-b2-a8", "push:b3-b2-b7"}
    after = play(state, "push:b3-b2-a8;c2-c3")
    assert GAME.write_position(after).split()[1].startswith("B6@R9.")


# -- Peek ----------------------------------------------------------------------------------------


def test_peek_looks_at_one_or_two_face_down_pieces_secretly():
    # "Secretly look at up to 2 covered pieces." Face-down: a red 7 on a8 and a blue 3 on b8.
    state = position(
        "r7b3@@ .... .... .... .... .... .... R5...",
        mode="dark+tokens",
        hands="k/-",
        colours="RB",
    )
    peeks = {text.split(";")[0] for text in notations(state) if text.startswith("peek")}
    assert peeks == {"peek:a8", "peek:b8", "peek:a8,b8"}
    after = play(state, "peek:a8,b8;a1-a2")
    assert after.peeked == ((28, 29), ())
    mine = GAME.board_view(GAME.view(after, 0)).cells
    assert (mine[28].text, mine[28].mark) == ("r7", "hidden")
    assert mine[29].text == "b3"
    for other in (1, None):
        cells = GAME.board_view(GAME.view(after, other)).cells
        assert (cells[28].text, cells[29].text) == ("?", "?")
    assert GAME.has_secrets(after)
    assert GAME.panel_lines(GAME.view(after, 0), 0)[-1] == "peeked: a8 R7, b8 B3"


def test_the_pieces_peeked_at_show_to_the_mover_before_the_turn_s_action():
    # The Peek informs the flip or move of the same turn: the mover sees the pieces at once.
    state = position(
        "r7b3@@ .... .... .... .... .... .... R5.b6.",
        mode="dark+tokens",
        hands="k/-",
        colours="RB",
    )
    before = GAME.view(state, 0)
    seen = peeking(state, before, (28, 29))
    cells = GAME.board_view(seen).cells
    assert [cells[square].text for square in (28, 29, 2)] == ["r7", "b3", "?"]
    assert seen.peeked == ((28, 29), ())
    assert GAME.panel_lines(seen, 0)[-1] == "peeked: a8 R7, b8 B3"
    single = GAME.board_view(peeking(state, before, (29, 29))).cells
    assert [single[square].text for square in (28, 29)] == ["?", "b3"]
    # Nothing changed for anyone else: the state, the other seat's view, a spectator's.
    assert state.peeked == ((), ())
    for other in (1, None):
        cells = GAME.board_view(GAME.view(state, other)).cells
        assert [cells[square].text for square in (28, 29)] == ["?", "?"]
