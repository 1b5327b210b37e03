"""Move notation: writing, forgiving reading, and one readable reason per illegal move."""

from __future__ import annotations

import pytest
from test_macadam_support import GAME, after, position, state_of
from test_macadam_support import index as square

from core import IllegalMoveError, NotationError
from core.games.macadam.moves import PawnMove, Placement

START = GAME.write_position(GAME.new())
CHAIN = position(south="c5 d6 e6 f5", north="a8")


def test_a_move_is_written_as_its_start_and_every_landing() -> None:
    state = state_of(CHAIN)
    move = PawnMove(square("c5"), square("g5"), (square("e7"), square("e5")))
    assert GAME.format_move(state, move) == "c5-e7-e5-g5"
    assert GAME.format_move(GAME.new(), PawnMove(square("a2"), square("a4"))) == "a2-a4"
    assert GAME.format_move(GAME.new(), Placement(square("c3"))) == "@c3"


@pytest.mark.parametrize(
    "text",
    ["c5-e7-e5-g5", "C5-E7-E5-G5", "c5e7e5g5", " c5 e7 e5 g5 ", "c5xe7xe5xg5", "c5:e7,e5/g5"],
)
def test_reading_forgives_case_and_separators(text: str) -> None:
    state = state_of(CHAIN)
    assert GAME.parse_move(state, text) == PawnMove(
        square("c5"), square("g5"), (square("e7"), square("e5"))
    )


def test_a_slide_and_a_single_jump_read_alike() -> None:
    # a2-a4 is a slide here (a3 empty) and a jump over a3 in the second position.
    slide = GAME.parse_move(GAME.new(), "a2-a4")
    jump = GAME.parse_move(state_of(position(south="a2 a3", north="h8")), "a2-a4")
    assert slide == jump == PawnMove(square("a2"), square("a4"))


@pytest.mark.parametrize("text", ["", "zz", "!!!", "a1-", "hello", "a9-a1", "i2-i3", "@", "@z9"])
def test_gibberish_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(GAME.new(), text)


def test_a_single_square_is_not_a_battle_move() -> None:
    with pytest.raises(NotationError, match="names one square"):
        GAME.parse_move(GAME.new(), "c3")


REASONS = [
    (START, "a3-a4", "a3-a4: there is no pawn on a3"),
    (START, "a7-a6", "a7-a6: the pawn on a7 is North's"),
    (START, "a2-a2", "a2-a2: a move must take the pawn to another square"),
    (START, "a2-b3", "a2-b3: a pawn slides along a rank or file, or jumps over a neighbouring"),
    (START, "b3-b5", "b3-b5: a slide cannot cross the centre lane"),
    (START, "c2-c7", "c2-c7: a slide cannot cross the centre lane"),
    (START, "a2-e2", "a2-e2: a slide cannot pass over the pawn on c2"),
    (START, "a2-c2", "a2-c2: c2 is not empty"),
    (position(south="b2", north="h8"), "b2-d4", "b2-d4: there is no pawn of yours on c3 to jump"),
    (START, "d3-e3", "d3-e3: e3 is not empty"),
    (START, "e3-e1", "e3-e1: a pawn may not pass over or stop on its own goal (d1 and e1)"),
    (position(south="c1", north="h8"), "c1-f1", "c1-f1: a pawn may not pass over or stop on"),
    (position(south="d5 a1", north="h8"), "d5-d6", "d5-d6: a pawn on the opponent's side"),
    (position(south="d5 d6", north="e7 a8"), "d6-f8", "d6-f8: a pawn never jumps over an"),
    (position(south="d5 d6", north="e7 a8"), "d5-d7-f7", "d5-d7-f7: a pawn never jumps over"),
    (position(south="c3 d2", north="a8"), "c3-e1", "c3-e1: a pawn may not pass over or stop"),
    (position(south="c3 c5", north="h8"), "c3-c4-c6", "c3-c4-c6: c3-c4 is not a jump"),
    (position(south="c3 c5", north="h8"), "c5-c7", "c5-c7: a pawn on the opponent's side cannot"),
    (position(south="c3 c5", north="h8"), "c5-e7-e5", "c5-e7-e5: there is no pawn of yours on d6"),
    (
        position(south="c5 d5 e6 d7 c6", north="a8"),
        "c5-e5-e7-c7-c5",
        "c5-e5-e7-c7-c5: a chain may not land on c5 twice (its starting square counts)",
    ),
    (
        position(south="e6 f6", north="g6 a8"),
        "e6-g6",
        "e6-g6: g6 is not empty",
    ),
]


@pytest.mark.parametrize(("text", "move", "reason"), REASONS, ids=[r[1] for r in REASONS])
def test_an_illegal_move_is_refused_with_its_reason(text: str, move: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError) as error:
        GAME.parse_move(state_of(text), move)
    assert str(error.value).startswith(reason)


def test_no_move_is_accepted_once_the_game_is_over() -> None:
    state = after(position(south="c6 d7 a2", north="a7 h7"), "c6-e8")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.parse_move(state, "a2-a3")


def test_play_refuses_an_illegal_move_value() -> None:
    with pytest.raises(IllegalMoveError, match="a2-a5 is not a legal move here"):
        GAME.play(GAME.new(), PawnMove(square("a2"), square("a5")))


def test_every_legal_move_reads_back_from_its_notation() -> None:
    for text in (START, CHAIN, position(south="c5 d5 e6 d7 c6", north="a8")):
        state = state_of(text)
        for move in GAME.legal_moves(state):
            written = GAME.format_move(state, move)
            assert " " not in written
            assert GAME.parse_move(state, written) == move
            assert GAME.parse_move(state, written.upper().replace("-", "")) == move
