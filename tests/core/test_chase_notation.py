"""Move notation: writing, reading (forgivingly), errors, and the squares a move is made by."""

from __future__ import annotations

import pytest
from test_chase_support import GAME, index, position

from core.errors import IllegalMoveError, NotationError
from core.games.chase.moves import AddGold, Merge, Pivot, Place, Walk

BOARD = "d1=N@S,d3=N.NE,e4=N.S,f1=N.S$2S,b3=N.S$3S,c5=N.S,h8=N.S@N"


def squares(*names: str) -> tuple[int, ...]:
    return tuple(index(name) for name in names)


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Place(index("h1"), 0b0001_0101), "T:h1=N,E,S"),
        (AddGold(index("c5"), 3), "g3:c5"),
        (Merge(squares("f1", "b3"), index("b3")), "m:f1+b3>b3"),
        (Pivot(index("e4"), 0b0100_0100), "p:e4=E,W"),
        (Walk(squares("d1", "d3", "e4")), "d1-d3-e4"),
    ],
)
def test_every_kind_of_move_is_written_without_spaces(move, text: str) -> None:
    state = position(BOARD, gold="5,5", deck="T")
    assert GAME.format_move(state, move) == text
    assert " " not in text
    assert GAME.parse_move(state, text) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("t:H1=n,e,s", Place(index("h1"), 0b0001_0101)),
        ("T:h1=S.N+E", Place(index("h1"), 0b0001_0101)),
        ("T:h1=S/N/E", Place(index("h1"), 0b0001_0101)),
        ("G3:C5", AddGold(index("c5"), 3)),
        ("g3 : c5", AddGold(index("c5"), 3)),
        ("M:B3,F1>B3", Merge(squares("f1", "b3"), index("b3"))),
        ("m:f1 & b3 > b3", Merge(squares("f1", "b3"), index("b3"))),
        ("P:e4=w/e", Pivot(index("e4"), 0b0100_0100)),
        ("d1xd3xe4", Walk(squares("d1", "d3", "e4"))),
        ("D1D3E4", Walk(squares("d1", "d3", "e4"))),
        (" d1 - d3 - e4 ", Walk(squares("d1", "d3", "e4"))),
    ],
)
def test_reading_is_forgiving_about_case_and_separators(text: str, move) -> None:
    assert GAME.parse_move(position(BOARD, gold="5,5", deck="T"), text) == move


@pytest.mark.parametrize(
    "text",
    ["", "zz", "!!!", "d1-", "T:d4", "T:d4=QQ", "g:c5", "gx:c5", "m:>c5", "p:c5", "z9-a1"],
)
def test_text_that_is_no_move_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(position(BOARD, gold="5,5", deck="A"), text)


def test_a_well_formed_move_the_rules_forbid_is_an_illegal_move_error() -> None:
    state = position(BOARD, gold="5,5", deck="A")
    for text in ("g9:c5", "d1-d2", "m:f1+c5>c5", "p:h1=E,W", "T:e4=NE"):
        with pytest.raises(IllegalMoveError):
            GAME.parse_move(state, text)


def test_every_listed_move_reads_back_as_itself() -> None:
    state = position(BOARD, gold="5,5", deck="Y")
    moves = list(GAME.legal_moves(state))
    assert {type(move) for move in moves} == {Place, AddGold, Merge, Pivot, Walk}
    for move in moves:
        assert GAME.parse_move(state, GAME.format_move(state, move)) == move


def test_the_squares_a_move_is_made_by() -> None:
    # A pawn move by its path; a merge by its stacks and then the destination; the rest by
    # their one square (the orientation or amount is then chosen from a list).
    state = position(BOARD, gold="5,5", deck="S")
    assert GAME.move_path(state, Walk(squares("d1", "d3", "e4"))) == squares("d1", "d3", "e4")
    assert GAME.move_path(state, Merge(squares("f1", "b3"), index("b3"))) == squares(
        "f1", "b3", "b3"
    )
    assert GAME.move_path(state, AddGold(index("c5"), 3)) == squares("c5")
    assert GAME.move_path(state, Place(index("h1"), 255)) == squares("h1")
    assert GAME.move_path(state, Pivot(index("e4"), 0b0100_0100)) == squares("e4")
    assert GAME.actions(state) == ()


def test_moves_sharing_a_square_differ_in_orientation_or_amount() -> None:
    state = position(BOARD, gold="5,5", deck="S")
    at_c5 = {
        GAME.format_move(state, move)
        for move in GAME.legal_moves(state)
        if GAME.move_path(state, move) == squares("c5")
    }
    assert at_c5 == {"g2:c5", "g3:c5", "g4:c5", "g5:c5", "p:c5=E,W"}


def test_play_takes_any_legal_path_and_refuses_an_illegal_one() -> None:
    state = position("b1=NE@S,c2=NE,d3=N.NW,c4=SE,d8@N")
    long_way = Walk(squares("b1", "c2", "d3", "c4"))
    assert long_way not in list(GAME.legal_moves(state))
    assert GAME.play(state, long_way) == GAME.play(state, Walk(squares("b1", "d3", "c4")))
    with pytest.raises(IllegalMoveError, match="c4 is not in a straight line"):
        GAME.play(state, Walk(squares("b1", "c4")))


def test_a_pawn_move_from_the_g_file_is_not_gold() -> None:
    state = position("g2=NW@S,e4=N.S,h8=N.S@N", gold="5,5")
    assert GAME.parse_move(state, "g2e4") == Walk(squares("g2", "e4"))
    assert GAME.parse_move(state, "g2:e4") == AddGold(index("e4"), 2)
