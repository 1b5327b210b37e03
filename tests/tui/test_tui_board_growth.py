"""Boards grow with the room they have (at 80x24 they are drawn as before), and a Chase tile's
arrows each sit on the side of the square they point to."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_colour_depths import RECORDS
from tui_helpers import SIZE, app_test, board_screen, make_app, square_lines

from core.squares import parse_square
from tui.widgets.board import BoardWidget
from tui.widgets.chase_board import ARROWS, DIRECTIONS, cell_exits

LARGE = (160, 50)
#: Where each direction points: columns right, lines down.
STEPS = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


@pytest.mark.parametrize(
    ("game", "size", "cell"),
    [
        ("martian chess", SIZE, (5, 2)),
        ("martian chess", LARGE, (11, 5)),
        ("martian chess for four", LARGE, (11, 5)),
        ("mac", LARGE, (11, 5)),
        ("macadam", LARGE, (11, 5)),
        ("chase", SIZE, (6, 3)),  # its arrow lines shared with the ranks above and below
        ("chase", (120, 40), (7, 3)),
        ("chase", LARGE, (11, 5)),
    ],
)
@app_test
async def test_squares_grow_with_the_room(
    game: str, size: tuple[int, int], cell: tuple[int, int], data_dir: Path
) -> None:
    app = make_app(data_dir, record=RECORDS[game]())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = app.screen.query_one(BoardWidget)
        geometry = board.geometry
        assert geometry is not None
        assert (geometry.cell_width, geometry.cell_height) == cell
        space = board.content_size
        assert geometry.size.width <= space.width and geometry.size.height <= space.height


@app_test
async def test_the_brackets_of_a_large_square_stay_by_its_piece(data_dir: Path) -> None:
    app = make_app(data_dir, record=RECORDS["martian chess"]())
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        board = screen.query_one(BoardWidget)
        board.cursor = parse_square("b1", 4, 8)
        lines = square_lines(screen, "b1")
        assert lines[2] == "  [  D  ]  "
        assert all(not line.strip() for index, line in enumerate(lines) if index != 2)


@pytest.mark.parametrize("size", [(120, 40), LARGE])
@app_test
async def test_each_arrow_sits_where_it_points(size: tuple[int, int], data_dir: Path) -> None:
    app = make_app(data_dir, record=RECORDS["chase"]())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        board = screen.query_one(BoardWidget)
        view = board.view
        assert view is not None
        seen = 0
        for square, cell in enumerate(view.cells):
            exits = cell_exits(cell)
            if not exits:
                continue
            rank, file = divmod(square, 8)
            lines = square_lines(screen, "abcdefgh"[file] + str(rank + 1))
            assert len(lines) == (5 if size == LARGE else 3)  # the compass grows too
            middle = (len(lines) - 1) // 2, len(lines[0]) // 2
            drawn = {
                char: (x, y)
                for y, line in enumerate(lines)
                for x, char in enumerate(line)
                if char in ARROWS.values()
            }
            assert set(drawn) == {ARROWS[direction] for direction in exits}
            for direction in DIRECTIONS:
                if direction in exits:
                    x, y = drawn[ARROWS[direction]]
                    step = (sign(x - middle[1]), sign(y - middle[0]))
                    assert step == STEPS[direction], f"{direction} of {cell}: {lines}"
                    seen += 1
        assert seen >= 8
