"""Move notation: writing, forgiving reading, and the reasons illegal moves are refused."""

from __future__ import annotations

import pytest
from test_mac_helpers import GAME, notations, play, position

from core.errors import IllegalMoveError, NotationError

BATTLE = position("..@@ .... .... .B3.. R1R3.. .... .R0.. ....")
TOKENS = position(
    "b7b3@@ .... .... .... .... .B4.. .R0.. R5...",
    mode="dark+tokens",
    colours="RB",
    hands="+dkp/-",
    pile="+",
)
PLACING = GAME.new({}, next(seed for seed in range(9) if GAME.new({}, seed).to_move == 0))


@pytest.mark.parametrize("state", [BATTLE, TOKENS, PLACING], ids=["battle", "tokens", "placing"])
def test_every_legal_move_reads_back_from_its_notation(state):
    moves = GAME.legal_moves(state)
    assert moves
    for move in moves:
        text = GAME.format_move(state, move)
        assert " " not in text
        assert GAME.parse_move(state, text) == move
    assert len({GAME.format_move(state, move) for move in moves}) == len(moves)


def test_the_notation_of_each_kind_of_move():
    assert notations(BATTLE) == {
        "a4-a5",
        "a4-a3",
        "b2-b3",
        "b2-a2",
        "b2-c2",
        "b2-b1",
        "b2xb5",
        "b4xb5",
        "b4-c4",
        "b4-b3",
    }
    assert "0@a1" in notations(PLACING) and "10@d4" in notations(PLACING)
    assert "p@b2" in notations(PLACING)
    found = notations(TOKENS)
    for text in (
        "flip:a8",
        "a1-a2",
        "+1:a1;a1-a2",
        "+1:b2;flip:b8",
        "ds:a1-b1-c1",
        "push:b3-b4;a1-a2",
        "push:b3-c3;b2-b3",
        "peek:a8;a1-a2",
        "peek:a8,b8;flip:a8",
    ):
        assert text in found, text


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("B2-B3", "b2-b3"),
        ("b2b3", "b2-b3"),
        (" b2 - b3 ", "b2-b3"),
        ("b2:b3", "b2-b3"),
        ("b4-b5", "b4xb5"),
        ("B4XB5", "b4xb5"),
    ],
)
def test_reading_is_forgiving_about_case_and_separators(typed, meant):
    assert GAME.parse_move(BATTLE, typed) == GAME.parse_move(BATTLE, meant)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("T@D4", "10@d4"),
        ("t@d4", "10@d4"),
        ("10d4", "10@d4"),
        ("P@b2", "p@b2"),
        ("portal@b2", "p@b2"),
        ("0 @ a1", "0@a1"),
    ],
)
def test_placements_read_forgivingly(typed, meant):
    assert GAME.parse_move(PLACING, typed) == GAME.parse_move(PLACING, meant)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("*a8", "flip:a8"),
        ("a8", "flip:a8"),
        ("F:A8", "flip:a8"),
        ("+1a1;a1-a2", "+1:a1;a1-a2"),
        ("+a1;a1a2", "+1:a1;a1-a2"),
        ("DS a1 b1 c1", "ds:a1-b1-c1"),
        ("double:a1-b1-c1", "ds:a1-b1-c1"),
        ("PUSH:b3b4;a1-a2", "push:b3-b4;a1-a2"),
        ("peek:b8,a8;*a8", "peek:a8,b8;flip:a8"),
        ("peek:a8,a8;a1-a2", "peek:a8;a1-a2"),
    ],
)
def test_tokens_and_flips_read_forgivingly(typed, meant):
    assert GAME.parse_move(TOKENS, typed) == GAME.parse_move(TOKENS, meant)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "b9-b3",
        "e2-e3",
        "b2-",
        "12@a1",
        "+1;b2-b3",
        "+1:a1,b2;a1-a2",
        "push:b3;a1-a2",
        "peek:a8,b8,c8;a1-a2",
        "zap:a1;a1-a2",
        "ds:flip:a8",
        "+1:a1;push:b3-b4;a1-a2",
    ],
)
def test_text_that_is_no_move_is_a_notation_error(text):
    with pytest.raises(NotationError):
        GAME.parse_move(TOKENS, text)


PORTALS = position("...B5 .... .... .R5@. .@.. ..R1. .... ....")  # portals b4, c5


@pytest.mark.parametrize(
    ("state", "text", "reason"),
    [
        (BATTLE, "b4-b6", "a 3 moves one square orthogonally"),
        (BATTLE, "b4-c5", "a 3 moves one square orthogonally"),
        (PORTALS, "b5-c6-c7", "steps one square orthogonally, and c6 is not next to b5"),
        (BATTLE, "b4-a4", "a4 holds your own piece"),
        (BATTLE, "b5-b6", "is Blue's"),
        (BATTLE, "a1-a2", "there is no piece on a1"),
        (BATTLE, "c8-c7", "c8 is a portal, not a piece"),
        (BATTLE, "b2-b3-b4", "one step per turn"),
        (position("..@@ .... .... .B5.. .R3.. .... .... ...."), "b4xb5", "a 3 cannot capture a 5"),
        (position("..@@ .... .... .B1.. .R10.. .... .... ...."), "b4xb5", "cannot capture a 1"),
        (position("..@@ .... .... .B1.. .R0.. .... .... ...."), "b4xb5", "captures only a 0"),
        (position("..@@ .... .... .B9.. .... .... .R0.. ...."), "b2xb5", "not 0"),
        (position("..@@ .B9.. .B4.. .R3.. .... .... .R0.. ...."), "b2xb7", "not 2"),
        (position("..@@ .... .... .... .R3.. .... .R0.. ...."), "b2xb6", "only to capture"),
        (position(".@.@ .... .... .... .R3.. .... .R0.. ...."), "b2xb8", "into a portal"),
        (PORTALS, "b5-c5-b5", "may not return to b5"),
        (PORTALS, "b5-c5-d5", "leaves the other portal (b4)"),
        (PORTALS, "b5-b4", "names its exit square"),
        (position("...B5 .... .... .... .... R5@@. .... ...."), "a3-b3-b3", "not land on a portal"),
        (PORTALS, "b5-b4-c6-c7", "one step per turn"),
        (PORTALS, "3@a1", "placed only before the battle"),
        (PORTALS, "flip:b5", "only Dark Chess"),
        (PORTALS, "+1:b5;b5-a5", "you hold no +1 token"),
        (PORTALS, "ds:b5-a5-a6", "you hold no Double Step token"),
        (PLACING, "a1-a2", "still being placed"),
        (PLACING, "3@a5", "places only on its own half"),
        (play(PLACING, "9@a1", "9@a8"), "9@b1", "Red has no 9 left to place"),
        (play(PLACING, "0@a1", "9@a8"), "3@a1", "a1 is already taken"),
        (play(PLACING, "p@a1", "9@a8"), "p@b1", "Red has no portal left"),
        (TOKENS, "flip:b2", "no face-down piece on b2"),
        (TOKENS, "a8-a7", "face-down piece cannot move"),
        (TOKENS, "+1:b3;a1-a2", "+1 goes on a face-up piece of yours"),
        (TOKENS, "push:a1-b1;b2-b3", "Push moves a face-up enemy piece"),
        (TOKENS, "push:b3-b2;a1-a2", "a push never captures"),
        (TOKENS, "peek:a1;a1-a2", "Peek looks at face-down pieces"),
        (TOKENS, "ds:a1-a2-a1", "that would be a pass"),
        (TOKENS, "ds:a1-a2", "Double Step takes two steps"),
        (TOKENS, "ds:a1-a2-a3-a4", "Double Step takes two steps"),
    ],
)
def test_an_illegal_move_is_refused_with_its_reason(state, text, reason):
    with pytest.raises(IllegalMoveError, match="^" + text.replace("+", r"\+")) as error:
        GAME.parse_move(state, text)
    assert reason in str(error.value)


def test_a_plus_one_piece_cannot_take_a_second():
    state = position("..@@ .... .... .... .R3+.. .... .... ....", mode="standard+tokens")
    state = state._replace(hands=((0,), ()))
    with pytest.raises(IllegalMoveError, match="already has its"):
        GAME.parse_move(state, "+1:b4;b4-b5")


def test_no_move_after_the_end():
    state = play(position("@... .... .... .... .... .B3.. .R5.. ...@"), "b2xb3")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.parse_move(state, "b3-b4")


def test_play_refuses_an_illegal_move_with_its_reason():
    move = GAME.parse_move(BATTLE, "b2-b3")
    after = GAME.play(BATTLE, move)
    with pytest.raises(IllegalMoveError, match="there is no piece on b2"):
        GAME.play(after, move)
