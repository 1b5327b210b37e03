"""Martian Chess position text, and the board as the interface draws it."""

from __future__ import annotations

import pytest

from core import PositionError, find_game
from core.games.martian_chess.moves import CLOCK, Move
from core.squares import parse_square
from core.view import Cell

GAME = find_game("martian-chess")

TWO_PLAYER_START = "qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq 1 0/0 - o"
FOUR_PLAYER_START = "qqd2dqq/qdp2pdq/dpp2ppd/8/8/dpp2ppd/qdp2pdq/qqd2dqq 1 0/0/0/0 - o teams"


def test_two_player_start_text():
    assert GAME.write_position(GAME.new()) == TWO_PLAYER_START


def test_four_player_start_text_and_options():
    assert GAME.write_position(GAME.new({"players": "4"})) == FOUR_PLAYER_START
    ffa = GAME.new({"players": "4", "teams": "off", "clock": "off", "first": "4"})
    assert GAME.write_position(ffa) == FOUR_PLAYER_START.replace(
        "1 0/0/0/0 - o teams", "4 0/0/0/0 - - ffa"
    )


def test_start_setup_squares_match_the_rulings():
    cells = GAME.board_view(GAME.new()).cells

    def text(name: str) -> str:
        return cells[parse_square(name, 4, 8)].text

    for letter, squares in {
        "Q": "d1 c1 d2 a8 b8 a7",
        "D": "b1 c2 d3 c8 b7 a6",
        "P": "b2 c3 b3 c7 b6 c6",
    }.items():
        assert [text(name) for name in squares.split()] == [letter] * 6
    assert sum(1 for cell in cells if cell.text) == 18


@pytest.mark.parametrize(
    "text",
    [
        TWO_PLAYER_START,
        FOUR_PLAYER_START,
        "q3/4/4/4/2d1/4/4/p3 1 0/1 c5-c4 -",
        "4/4/4/2d1/4/4/4/q3 2 7/11 c4-c5 c6",
        "q3/4/4/4/3d/4/4/4 2 0/0 - c7",
        "p6p/8/8/4d3/8/8/8/p6p 3 2/1/2/0 - c0 ffa",
    ],
)
def test_position_text_round_trips(text):
    state = GAME.read_position(text)
    assert GAME.write_position(state) == text
    assert GAME.read_position(GAME.write_position(state)) == state


def test_reading_accepts_upper_case_pieces():
    assert GAME.read_position(TWO_PLAYER_START.upper().replace("O", "o")) == GAME.new()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty"),
        ("q3/4/4/4/4/4/4 1 0/0 - o", "8 ranks"),
        ("q3/4/4/4/4/4/4/k3 1 0/0 - o", "'k' on rank 1"),
        ("q3/4/4/4/4/4/4/5 1 0/0 - o", "4 squares wide"),
        ("q4/5/5/5/5/5/5/5 1 0/0 - o", "4 squares wide"),
        ("q3/4/4/4/4/4/4/p3 1 0/0 -", "5 fields"),
        ("q3/4/4/4/4/4/4/p3 1 0/0 - o teams", "5 fields"),
        ("p7/8/8/8/8/8/8/p6p 1 0/0/0/0 - o", "6 fields"),
        ("q3/4/4/4/4/4/4/p3 3 0/0 - o", "seat to move must be 1 to 2"),
        ("q3/4/4/4/4/4/4/p3 x 0/0 - o", "seat to move must be a whole number"),
        ("q3/4/4/4/4/4/4/p3 1 0/0/0 - o", "2 scores"),
        ("q3/4/4/4/4/4/4/p3 1 0/-1 - o", "a score must be a whole number"),
        ("q3/4/4/4/4/4/4/p3 1 0/0 - x", "the clock must be"),
        ("q3/4/4/4/4/4/4/p3 1 0/0 - c8", "the clock must be"),
        ("p7/8/8/8/8/8/8/p6p 1 0/0/0/0 - o both", "'teams' or 'ffa'"),
        ("p7/8/8/8/4d3/8/8/p6p 1 0/0/0/0 e5-e4 o teams", "only kept in the two-player"),
        ("q3/4/4/4/2d1/4/4/p3 1 0/0 c5c4c3 -", "must look like c4-c5"),
        ("q3/4/4/4/2d1/4/4/p3 1 0/0 c5-c9 -", "off the board"),
        ("q3/4/4/4/2d1/4/4/p3 2 0/0 c5-c4 -", "into the zone of the seat to move"),
        ("q3/4/4/4/2d1/4/4/p3 1 0/0 c3-c4 -", "into the zone of the seat to move"),
        ("q3/4/4/2p1/2d1/4/4/p3 1 0/0 c5-c4 -", "not a move the piece there just made"),
        ("q3/4/4/4/2d1/4/4/p3 1 0/0 a8-c4 -", "not a move the piece there just made"),
        ("q3/4/4/4/2p1/4/4/p3 1 0/0 c5-c4 -", "not a move the piece there just made"),
        ("4/4/4/4/4/4/4/4 1 0/0 - o", "more than one zone is empty"),
    ],
)
def test_bad_position_text_names_the_problem(text, problem):
    with pytest.raises(PositionError, match=problem):
        GAME.read_position(text)


def test_board_view_two_players():
    view = GAME.board_view(GAME.read_position("q3/4/4/1p2/1d2/4/4/4 1 0/0 - -"))
    assert (view.width, view.height) == (4, 8)
    assert view.rank_walls == frozenset({3})
    assert view.file_walls == frozenset()
    assert view.cells[parse_square("b5", 4, 8)] == Cell(text="P", owner=1, region=1)
    assert view.cells[parse_square("b4", 4, 8)] == Cell(text="D", owner=0, region=0)
    assert view.cells[parse_square("a8", 4, 8)] == Cell(text="Q", owner=1, region=1)
    assert view.cells[parse_square("a1", 4, 8)] == Cell(text="", owner=None, region=0)
    assert [cell.region for cell in view.cells] == [0] * 16 + [1] * 16


def test_board_view_four_players_regions_are_the_seats_zones():
    view = GAME.board_view(GAME.new({"players": "4"}))
    assert (view.width, view.height) == (8, 8)
    assert view.file_walls == frozenset({3})
    assert view.rank_walls == frozenset({3})
    regions = {
        name: view.cells[parse_square(name, 8, 8)].region for name in ("a1", "a8", "h8", "h1")
    }
    assert regions == {"a1": 0, "a8": 1, "h8": 2, "h1": 3}
    assert view.cells[parse_square("h8", 8, 8)] == Cell(text="Q", owner=2, region=2)
    assert all(len(cell.text) <= 1 for cell in view.cells)


def test_move_path_is_source_then_destination():
    state = GAME.new()
    b1, a1 = parse_square("b1", 4, 8), parse_square("a1", 4, 8)
    assert GAME.move_path(state, Move(b1, a1)) == (b1, a1)
    assert GAME.move_path(state, CLOCK) == ()
