"""Placing tiles: the next tile of the open stack, turned as you like, on your own colour."""

from __future__ import annotations

import pytest
from test_chase_support import GAME, after, index, moves_of, position

from core.errors import IllegalMoveError
from core.games.chase.moves import Place

LIGHT = [f"{f}{r}" for r in range(1, 9) for f in "abcdefgh" if ("abcdefgh".index(f) + r) % 2 == 0]
DARK = [f"{f}{r}" for r in range(1, 9) for f in "abcdefgh" if ("abcdefgh".index(f) + r) % 2 == 1]


def tiled_except(squares: list[str], *free: str) -> str:
    """Board items putting an N-S tile on every one of ``squares`` except ``free``."""
    return ",".join(f"{name}=N.S" for name in squares if name not in free)


def test_light_and_dark_square_lists() -> None:
    assert "b1" in LIGHT and "a1" in DARK and len(LIGHT) == len(DARK) == 32


def test_a_tile_goes_on_an_empty_square_of_your_colour_turned_any_way() -> None:
    # "You can only place tiles upon your own color squares." The orthogonal tee shows four
    # different exit sets in its four orientations.
    state = position(tiled_except(LIGHT, "d1", "f3"), deck="TX")
    assert moves_of(state, Place) == {
        "T:d1=N,E,S", "T:d1=E,S,W", "T:d1=N,S,W", "T:d1=N,E,W",
        "T:f3=N,E,S", "T:f3=E,S,W", "T:f3=N,S,W", "T:f3=N,E,W",
    }  # fmt: skip


def test_north_places_on_dark_squares() -> None:
    state = position(tiled_except(DARK, "a1", "h8"), turn="N", deck="V")
    assert moves_of(state, Place) == {
        "T:a1=NE,SE", "T:a1=SE,SW", "T:a1=SW,NW", "T:a1=NE,NW",
        "T:h8=NE,SE", "T:h8=SE,SW", "T:h8=SW,NW", "T:h8=NE,NW",
    }  # fmt: skip


def test_your_own_pawn_may_stand_there_an_enemy_pawn_may_not() -> None:
    # "A pawn can only jump to and from a square upon which they have placed a tile": the tile
    # goes under your own pawn; an opponent's pawn keeps the square free of tiles.
    board = tiled_except(LIGHT, "d1", "f3") + ",d1@S,f3@N"
    assert moves_of(position(board, deck="S"), Place) == {"T:d1=N,NE,E,SE,S,SW,W,NW"}


@pytest.mark.parametrize(
    ("letter", "shapes"),
    [
        ("X", {"NE,SE,SW,NW"}),
        ("P", {"N,E,S,W"}),
        ("S", {"N,NE,E,SE,S,SW,W,NW"}),
        ("D", {"NE,SW", "SE,NW"}),
        ("I", {"N,S", "E,W"}),
        ("V", {"NE,SE", "SE,SW", "SW,NW", "NE,NW"}),
        ("Y", {"NE,SE,SW", "SE,SW,NW", "NE,SW,NW", "NE,SE,NW"}),
        ("T", {"N,E,S", "E,S,W", "N,S,W", "N,E,W"}),
        ("A", {"NE", "SE", "SW", "NW"}),
    ],
)
def test_turns_showing_the_same_exits_are_one_placement(letter: str, shapes: set) -> None:
    state = position(tiled_except(LIGHT, "d3"), deck=letter)
    assert moves_of(state, Place) == {f"T:d3={shape}" for shape in shapes}


def test_placing_takes_the_next_tile_and_the_rest_stay_in_view() -> None:
    # "you must draw the next available tile ... You can still see the tiles that come after"
    state = position("d1@S,d8@N", deck="YSAXPI")
    assert [kind.name for kind in GAME.next_tiles(state)] == [
        "diagonal tee", "star", "arrow", "diagonal cross", "orthogonal cross",
    ]  # fmt: skip
    placed = after(state, "T:d1=NE,SE,SW")
    assert GAME.write_position(placed).split()[3] == "deck:SAXPI"
    assert placed.exits[index("d1")] and placed.to_move == 1
    assert GAME.board_view(placed).cells[index("d1")].mark == "exits:NE,SE,SW"
    assert [kind.letter for kind in GAME.next_tiles(placed)] == ["S", "A", "X", "P", "I"]


def test_a_placed_tile_shows_its_placers_colour_and_is_theirs() -> None:
    state = after(position("d1@S,d8@N", deck="SS"), "T:f1=N,NE,E,SE,S,SW,W,NW")
    cell = GAME.board_view(state).cells[index("f1")]
    assert cell.text == "T" and cell.owner == 0
    assert "g2:f1" in moves_of(after(state, "T:e7=N,NE,E,SE,S,SW,W,NW"))


def test_no_tile_can_be_placed_once_the_stack_is_empty() -> None:
    assert moves_of(position("d1=N@S,d8@N", deck="-", gold="0,0"), Place) == set()


def test_gold_mode_has_no_placing() -> None:
    assert moves_of(position("d1@S,d8@N", mode="gold"), Place) == set()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("T:e1=N,E,S", "South places tiles on light squares only"),
        ("T:b1=N,E,S", "b1 already has a tile"),
        ("T:f1=N,E,S", "North's pawn stands on f1"),
        ("T:d3=N,E", r"the next tile \(orthogonal tee\) shows N,E,S or E,S,W"),
    ],
)
def test_a_placement_the_rules_forbid_says_why(text: str, reason: str) -> None:
    state = position("b1=N.S,f1@N,d8@N", deck="TS")
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.parse_move(state, text)
