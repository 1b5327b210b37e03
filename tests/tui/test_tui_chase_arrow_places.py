"""Where the Chase board draws a tile's arrows at 80x24: each on the side or corner of its
square that it points to (north above the text, south below, west left of it, east right of
it, the diagonals at the corners), in Unicode and in ASCII, on a flipped board too, and
clicks on any of a square's cells, its arrows included, land on that square.

A square's six columns are read as three thirds (left, middle, right); its text is in the
middle one. The lines above and below a square's text may hold a neighbour's arrows too, but
never one pointing the same way as this square's arrows there: the line above holds only
this square's northward arrows, the line below only its southward ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Offset, Region
from tui_helpers import SIZE, app_test, board_screen, make_app

from core import GameRecord, find_game
from core.games.chase.state import ChaseState, stack_at
from core.squares import parse_square
from tui.widgets.board import BoardWidget
from tui.widgets.chase_board import ARROWS, ASCII_ARROWS, DIRECTIONS

CHASE = find_game("chase")
#: A terminal where the squares are three lines high, the arrows round the text (a compass).
LARGE = (120, 40)
STAR = "N.NE.E.SE.S.SW.W.NW"
#: Four star tiles in a block, under South's pawn (e4), 12 of North's gold (e5) and bare (d4,
#: d5), a tile with 4 of South's gold above them (e6), and a tile of each single exit on the
#: second rank, the ranks above and below it empty.
STACKED = (
    f"mode:regular turn:S gold:20,20 deck:TXPSI board:e4={STAR}@S,e5={STAR}$12N,"
    f"d4={STAR},d5={STAR},e6=N.E.S.W$4S,c6=N.S@N,"
    "a2=NW,b2=N,c2=NE,d2=E,e2=SE,f2=S,g2=SW,h2=W"
)
#: A star tile alone (b6, under North's pawn) and the single exits, no tile next to another
#: above or below it: every arrow near a square is its own, even in ASCII where ``/`` is
#: both north-east and south-west.
APART = (
    f"mode:regular turn:S gold:20,20 deck:TXPSI board:b6={STAR}@N,f6=N.S$3S,"
    "a2=NW,b2=N,c2=NE,d2=E,e2=SE,f2=S,g2=SW,h2=W"
)
#: The square of each single-exit tile and its exit.
SINGLES = {
    "a2": "NW",
    "b2": "N",
    "c2": "NE",
    "d2": "E",
    "e2": "SE",
    "f2": "S",
    "g2": "SW",
    "h2": "W",
}
#: Where each direction's arrow belongs: (third of the square, line) from the text's.
SIDES = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
OPPOSITE = {direction: DIRECTIONS[(i + 4) % 8] for i, direction in enumerate(DIRECTIONS)}


def chase_app(data_dir: Path, position: str, ascii: bool = False) -> Any:
    record = GameRecord(CHASE, {}, 1, ["Sam", "Nat"], position)
    return make_app(data_dir, record=record, games=[CHASE], ascii=ascii)


def board_of(app: Any) -> BoardWidget:
    return board_screen(app).query_one(BoardWidget)


def drawn_lines(board: BoardWidget) -> list[str]:
    """Every line of the board widget's content area as the terminal shows it."""
    return [board.render_line(y).text for y in range(board.content_size.height)]


def region_of(board: BoardWidget, name: str) -> Region:
    """The square's region in the content area's coordinates."""
    gutter = board.styles.gutter
    region = board.square_region(parse_square(name, 8, 8))
    return region.translate(Offset(-gutter.left, -gutter.top))


def text_place(lines: list[str], region: Region) -> tuple[int, int, int]:
    """The line of the square's text and its first and last column (an ASCII ``v`` is an
    arrow: no text of Chase has one)."""
    found = [
        (y, x)
        for y in range(region.y, region.bottom)
        for x in range(region.x, region.right)
        if lines[y][x].isalnum() and lines[y][x] != ASCII_ARROWS["S"]
    ]
    assert found, f"no text in {region}"
    assert len({y for y, _ in found}) == 1, f"text on more than one line: {found}"
    return found[0][0], min(x for _, x in found), max(x for _, x in found)


def drawn_sides(
    lines: list[str], region: Region, glyphs: dict[str, str]
) -> dict[str, tuple[int, int]]:
    """Each direction whose arrow is drawn round the square's text, on the line where an
    arrow pointing that way belongs to this square (the line above for the northward ones,
    the text line for west and east, the line below for the southward ones): the third of
    the square it is in and its line, both from the text's (-1, 0, 1)."""
    text_y, _, _ = text_place(lines, region)
    sides: dict[str, tuple[int, int]] = {}
    for direction, (_, line) in SIDES.items():
        y = text_y + line
        if not 0 <= y < len(lines):
            continue
        for x in range(region.x, region.right):
            if lines[y][x] == glyphs[direction]:
                assert direction not in sides, f"{direction} drawn twice: {lines[y]!r}"
                third = (x - region.x) * 3 // region.width - 1
                sides[direction] = (third, line)
    return sides


def assert_arrows_where_they_point(
    board: BoardWidget, name: str, exits: tuple[str, ...], ascii: bool = False
) -> None:
    lines = drawn_lines(board)
    region = region_of(board, name)
    glyphs = ASCII_ARROWS if ascii else ARROWS
    sides = drawn_sides(lines, region, glyphs)
    picture = "\n".join(line[region.x - 1 : region.right + 1] for line in lines[region.y - 1 :][:5])
    assert set(sides) == set(exits), f"{name}: drawn {sorted(sides)}, exits {exits}\n{picture}"
    for direction in exits:
        assert sides[direction] == SIDES[direction], f"{name} {direction}:\n{picture}"
    text_y, first, last = text_place(lines, region)
    third = region.width // 3
    assert first < region.x + 2 * third and last >= region.x + third, "text in the middle"
    for direction, beyond in (("W", lambda x: x < first), ("E", lambda x: x > last)):
        if direction in exits:
            row = lines[text_y][region.x : region.right]
            x = region.x + row.index(glyphs[direction])
            assert beyond(x), f"{name}: {direction} not beside the text: {row!r}"


@app_test
async def test_every_arrow_of_stacked_stars_and_single_exits_sits_where_it_points(
    data_dir: Path,
) -> None:
    app = chase_app(data_dir, STACKED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = board_of(app)
        for name in ("d4", "d5", "e4", "e5"):
            assert_arrows_where_they_point(board, name, DIRECTIONS)
        assert_arrows_where_they_point(board, "e6", ("N", "E", "S", "W"))
        for name, direction in SINGLES.items():
            assert_arrows_where_they_point(board, name, (direction,))
        # Eight ranks, each with its text line and the arrows shared with the next, fit.
        geometry = board.geometry
        assert geometry is not None
        assert geometry.size.height <= board.content_size.height


@pytest.mark.parametrize("ascii", [False, True])
@app_test
async def test_a_star_and_single_exits_apart_in_unicode_and_ascii(
    ascii: bool, data_dir: Path
) -> None:
    app = chase_app(data_dir, APART, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = board_of(app)
        assert_arrows_where_they_point(board, "b6", DIRECTIONS, ascii)
        assert_arrows_where_they_point(board, "f6", ("N", "S"), ascii)
        for name, direction in SINGLES.items():
            assert_arrows_where_they_point(board, name, (direction,), ascii)


@pytest.mark.parametrize("size", [SIZE, LARGE])
@app_test
async def test_on_a_flipped_board_each_arrow_turns_with_it(
    size: tuple[int, int], data_dir: Path
) -> None:
    """With north at the bottom a north exit leads down the screen: its arrow points down
    and sits below the text, at 80x24 and in the compass of larger squares."""
    app = chase_app(data_dir, STACKED)
    async with app.run_test(size=size) as pilot:
        await pilot.press("f")
        await pilot.pause()
        board = board_of(app)
        assert board.flipped
        assert_arrows_where_they_point(board, "e4", DIRECTIONS)
        assert_arrows_where_they_point(board, "e6", ("N", "E", "S", "W"))
        for name, direction in SINGLES.items():
            assert_arrows_where_they_point(board, name, (OPPOSITE[direction],))


def arrow_cell(board: BoardWidget, name: str, direction: str) -> tuple[int, int]:
    """Where the arrow of the exit ``direction`` of square ``name`` is drawn, relative to
    the widget's top left (for a click)."""
    lines = drawn_lines(board)
    region = region_of(board, name)
    text_y, _, _ = text_place(lines, region)
    y = text_y + SIDES[direction][1]
    row = lines[y][region.x : region.right]
    assert ARROWS[direction] in row, f"no {direction} arrow of {name} in {row!r}"
    gutter = board.styles.gutter
    return region.x + row.index(ARROWS[direction]) + gutter.left, y + gutter.top


async def click_cell(pilot: Any, cell: tuple[int, int]) -> None:
    assert await pilot.click(BoardWidget, offset=cell)
    await pilot.pause()


@app_test
async def test_a_click_on_a_squares_arrow_or_text_lands_on_that_square(data_dir: Path) -> None:
    """Adding gold: a click on the line between d5 and d4 on one of d4's northward arrows
    chooses d4, on one of d5's southward arrows, on the same line, d5; as do their west and
    east arrows; a click on d5's text, d5 being chosen, then adds the gold there."""
    app = chase_app(data_dir, STACKED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        board = board_of(app)
        d4, d5 = parse_square("d4", 8, 8), parse_square("d5", 8, 8)
        north_of_d4 = arrow_cell(board, "d4", "N")
        south_of_d5 = arrow_cell(board, "d5", "S")
        assert north_of_d4[1] == south_of_d5[1]  # one line, shared
        # d4 and d5 by turns: a second click on the square chosen would add the gold.
        for north, south in (("NW", "SW"), ("N", "S"), ("NE", "SE"), ("W", "E")):
            await click_cell(pilot, arrow_cell(board, "d4", north))
            assert board.selected == (d4,), north
            await click_cell(pilot, arrow_cell(board, "d5", south))
            assert board.selected == (d5,), south
        offset = board.square_click_offset(d5)
        await click_cell(pilot, (offset.x, offset.y))
        record = board_screen(app).record
        assert [node.notation for node in record.line()] == ["g2:d5"]
        assert isinstance(record.state, ChaseState)
        assert stack_at(record.state, d5) == (2, 0)
