"""Where the board widget draws each square, and the way back from a point to a square."""

from __future__ import annotations

import pytest
from textual.geometry import Size

from core.view import BoardView, Cell
from tui.widgets.board_geometry import LABEL_WIDTH, BoardGeometry


def view(width: int, height: int, file_walls: set[int], rank_walls: set[int]) -> BoardView:
    cells = tuple(Cell() for _ in range(width * height))
    return BoardView(width, height, cells, frozenset(file_walls), frozenset(rank_walls))


BOARDS = [view(4, 8, set(), {3}), view(8, 8, {3}, {3}), view(5, 5, set(), set())]


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("space", [Size(44, 20), Size(100, 40), Size(30, 12)])
def test_every_point_of_a_square_leads_back_to_it(
    board: BoardView, flipped: bool, space: Size
) -> None:
    geometry = BoardGeometry.fit(board, flipped, space)
    seen: set[tuple[int, int]] = set()
    for square in range(board.width * board.height):
        region = geometry.square_region(square)
        for y in range(region.y, region.bottom):
            for x in range(region.x, region.right):
                assert geometry.square_at(x, y) == square
                assert (x, y) not in seen
                seen.add((x, y))


def test_the_largest_squares_that_fit_are_chosen() -> None:
    board = BOARDS[1]
    assert BoardGeometry.fit(board, False, Size(44, 20)).cell_width == 5
    assert BoardGeometry.fit(board, False, Size(43, 20)).cell_width == 3
    assert BoardGeometry.fit(board, False, Size(80, 30)).cell_width == 7
    geometry = BoardGeometry.fit(board, False, Size(44, 20))
    assert geometry.size == Size(LABEL_WIDTH + 8 * 5 + 1, 8 * 2 + 1 + 1)


def test_canals_take_a_line_of_their_own_between_the_right_squares() -> None:
    geometry = BoardGeometry.fit(BOARDS[1], False, Size(44, 20))
    d4, e4, d5 = 3 * 8 + 3, 3 * 8 + 4, 4 * 8 + 3
    assert geometry.square_region(e4).x == geometry.square_region(d4).right + 1
    assert geometry.square_region(d4).y == geometry.square_region(d5).bottom + 1
    assert geometry.square_at(geometry.square_region(d4).right, 0) is None


def test_flipping_turns_the_board_half_a_turn() -> None:
    board = BOARDS[0]
    upright = BoardGeometry.fit(board, False, Size(44, 20))
    flipped = BoardGeometry.fit(board, True, Size(44, 20))
    a1, d8 = 0, 31
    assert flipped.square_region(a1) == upright.square_region(d8)
    assert flipped.display_cell(a1) == (3, 0)
    assert upright.display_cell(a1) == (0, 7)
