"""A tile is placed by the generic ``T:`` or by its own kind's letter, and is still written
with ``T:``; a letter of another kind is refused by naming the next tile."""

from __future__ import annotations

import re

import pytest
from test_chase_support import GAME, index, position

from core.errors import IllegalMoveError
from core.games.chase.moves import Pivot, Place
from core.games.chase.tiles import DECK

BOARD = "d1=N@S,h8=N.S@N"


@pytest.mark.parametrize("kind", DECK, ids=lambda kind: kind.letter)
def test_the_next_tiles_own_letter_places_it_as_t_does(kind) -> None:
    state = position(BOARD, deck=kind.letter + "S")
    for move in GAME.legal_moves(state):
        if not isinstance(move, Place):
            continue
        written = GAME.format_move(state, move)
        assert written.startswith("T:")
        by_letter = kind.letter + written[1:]
        assert GAME.parse_move(state, by_letter) == move
        assert GAME.parse_move(state, by_letter.lower()) == move
        assert GAME.format_move(state, GAME.parse_move(state, by_letter)) == written


def test_x_places_a_diagonal_cross() -> None:
    state = position(BOARD, deck="XS")
    move = GAME.parse_move(state, "X:e2=NE,SE,SW,NW")
    assert move == Place(index("e2"), GAME.parse_move(state, "T:e2=NE,SE,SW,NW").exits)
    assert GAME.format_move(state, move) == "T:e2=NE,SE,SW,NW"


@pytest.mark.parametrize(
    ("deck", "text", "sentence"),
    [
        ("X", "S:e2=NE,SE,SW,NW", "the next tile is a diagonal cross (X), not a star (S)"),
        ("X", "a:e2=NE", "the next tile is a diagonal cross (X), not an arrow (A)"),
        ("A", "X:e2=NE", "the next tile is an arrow (A), not a diagonal cross (X)"),
        ("X", "P:e2=N,E,S,W", "the next tile is a diagonal cross (X), not an orthogonal cross"),
    ],
)
def test_the_letter_of_another_kind_is_refused_naming_the_next_tile(
    deck: str, text: str, sentence: str
) -> None:
    with pytest.raises(IllegalMoveError, match="^" + re.escape(f"{text}: {sentence}")) as refused:
        GAME.parse_move(position(BOARD, deck=deck), text)
    assert "\n" not in str(refused.value)


def test_p_places_an_orthogonal_cross_on_an_empty_square_and_pivots_a_tile() -> None:
    state = position(BOARD, deck="P")
    assert GAME.parse_move(state, "P:e2=N,E,S,W") == Place(index("e2"), 0b0101_0101)
    assert GAME.parse_move(state, "p:d1=E") == Pivot(index("d1"), 0b0000_0100)


def test_without_tiles_to_place_the_rules_say_why() -> None:
    with pytest.raises(IllegalMoveError, match="the tile stack is empty"):
        GAME.parse_move(position(BOARD, deck="-"), "X:e2=NE,SE,SW,NW")
    with pytest.raises(IllegalMoveError, match="Gold mode has no tiles"):
        GAME.parse_move(position("d1@S,h8@N", mode="gold"), "X:e2=NE,SE,SW,NW")
