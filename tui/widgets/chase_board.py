"""The Chase board: every square shows its tile's exits as arrows at fixed places.

Where there is room (a board of 59 by 25 characters) a square is seven characters wide and
three lines high, the arrows round the pawn or gold stack like a compass, each on the side of
the square it points to (larger squares, where there is more room, keep the arrows at their
sides and corners); otherwise (at 80x24) six wide and two high, the northward arrows on the
top line and the others under them::

     ↖ ↑ ↗
     ← P3→          ↖↑↗P3      a pawn with 3 gold under it, on a tile with exits
     ↙ ↓ ↘*         ←↙↓↘→*     in all eight directions; ``*``: the square is selected

The text is ``P``/``p`` for a South/North pawn, ``G4``/``g4`` for a stack of gold (the
letter's case is the owner) and ``T``/``t`` for a bare tile of South's/North's colour. The
cursor is drawn in reverse, a selected square ends with ``*``, a square the selection may go
on to with ``•``, a hinted one with ``?``; all of it reads without colour (where there is
none, the squares of North's colour are drawn in reverse video and the last move
underlined). Everything else (clicks, the cursor, the geometry helpers tests use) is the
generic board widget's.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from core.squares import FILES
from core.view import BoardView, Cell
from tui.widgets.board import BoardWidget
from tui.widgets.board_geometry import CELL_SIZES as BOARD_CELL_SIZES
from tui.widgets.board_geometry import BoardGeometry

#: Square sizes (columns, lines) to try, largest first: the compass from three lines up,
#: growing as the generic board's squares do, an odd number of lines high so that the text
#: has as many lines above it as below.
CELL_SIZES = (*(size for size in BOARD_CELL_SIZES if size[1] >= 3 and size[1] % 2), (6, 2))
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ARROWS = dict(zip(DIRECTIONS, "↑↗→↘↓↙←↖", strict=True))
ASCII_ARROWS = dict(zip(DIRECTIONS, "^/>\\v/<\\", strict=True))
#: Where each direction's arrow goes: the top line, then the bottom line.
TOP_LINE = ("NW", "N", "NE")
BOTTOM_LINE = ("W", "SW", "S", "SE", "E")


def cell_exits(cell: Cell) -> tuple[str, ...]:
    """The direction names of the tile on a square, from its ``exits:N,E`` mark."""
    for word in cell.mark.split():
        if word.startswith("exits:"):
            return tuple(word[len("exits:") :].split(","))
    return ()


def arrow_line(exits: tuple[str, ...], places: tuple[str, ...], ascii: bool = False) -> str:
    """The arrows of ``exits`` that go on one line, each at its own place (blank if absent)."""
    glyphs = ASCII_ARROWS if ascii else ARROWS
    return "".join(glyphs[direction] if direction in exits else " " for direction in places)


def exits_glyphs(exits: tuple[str, ...], ascii: bool = False) -> str:
    """All the arrows of a tile in clockwise order from north, e.g. ``↑→↓``."""
    glyphs = ASCII_ARROWS if ascii else ARROWS
    return "".join(glyphs[direction] for direction in DIRECTIONS if direction in exits)


def tile_face(cell: Cell) -> int:
    """The seat whose colour a tile shows: its square's colour unless it is turned over."""
    return cell.region ^ (1 if "turned" in cell.mark.split() else 0)


class ChaseBoardWidget(BoardWidget):
    """The generic board widget with Chase's own way of drawing a square."""

    def _fit(self, view: BoardView) -> BoardGeometry:
        space = self.content_size
        for width, height in CELL_SIZES:
            geometry = BoardGeometry(
                view.width,
                view.height,
                view.file_walls,
                view.rank_walls,
                self.flipped,
                width,
                height,
            )
            if geometry.size.width <= space.width and geometry.size.height <= space.height:
                break
        return geometry

    def _board_lines(
        self, view: BoardView, geometry: BoardGeometry, lines: Iterable[int]
    ) -> list[list[Segment]]:
        return [self._board_line(view, geometry, line) for line in lines]

    def _board_line(self, view: BoardView, geometry: BoardGeometry, index: int) -> list[Segment]:
        """Line ``index`` of the drawn board: a line of a rank of squares, or the file letters
        under the last rank."""
        row, line = divmod(index, geometry.cell_height)
        if row >= geometry.height:
            cell_width = geometry.cell_width
            labels = "".join(FILES[geometry.file_at(c)].center(cell_width) for c in range(8))
            return [Segment("   " + labels, self._style("board--label"))]
        rank = geometry.rank_at(row)
        text_line = line == (geometry.cell_height - 1) // 2
        label = f"{rank + 1:>2} " if text_line else "   "
        segments = [Segment(label, self._style("board--label"))]
        for column in range(geometry.width):
            square = rank * view.width + geometry.file_at(column)
            cell = view.cells[square]
            if geometry.cell_height >= 3:
                segments.extend(self._compass_line(geometry, square, cell, line))
            else:
                segments.extend(self._square_line(square, cell, line))
        return segments

    def _style(self, component: str) -> Style:
        style = self.get_component_rich_style(component, partial=True)
        if self.colours == "none" and component != "board--label":
            return style.without_color  # a reversed square in the board's own two colours
        return style

    def _background(self, square: int, cell: Cell) -> Color:
        for name, squares in (
            ("selected", self.selected),
            ("target", self.targets),
            ("hint", self.hint),
            ("last", self.last_move),
        ):
            if square in squares:
                return self.get_component_styles(f"board--{name}").background
        return self.get_component_styles(f"board--region-{cell.region}").background

    def _styles(self, square: int, cell: Cell) -> tuple[Style, Style, Style]:
        """The square's plain style, its arrows' (the tile's colour) and its text's."""
        cursor = square == self.cursor
        if self.colours == "none":
            # The squares of North's colour (and the arrows of tiles showing it) in reverse
            # video; the last move underlined, the cursor as well, bold and inverting its
            # square.
            marked = Style(underline=cursor or square in self.last_move, bold=cursor)
            base = self.rich_style + marked + Style(reverse=(cell.region == 1) != cursor)
            arrows = self.rich_style + marked + Style(reverse=(tile_face(cell) == 1) != cursor)
        else:
            background = Style(bgcolor=self._background(square, cell).rich_color)
            base = self.rich_style + background
            if cursor:
                base += Style(reverse=True, bold=True)
            arrows = base
        arrows += self._style(f"board--owner-{tile_face(cell)}")
        owner = "neutral" if cell.owner is None else f"owner-{cell.owner}"
        return base, arrows, base + self._style(f"board--{owner}") + Style(bold=True)

    def _text(self, square: int, cell: Cell) -> str:
        if not cell.text and square in self.targets:
            return "*" if self.ascii else "•"
        return cell.text[:3]

    def _flag(self, square: int) -> str:
        """``*`` on a selected square, ``•`` on one the selection may go on to, ``?`` on the
        squares of a hint."""
        if square in self.selected:
            return "*"
        if square in self.targets:
            return "*" if self.ascii else "•"
        if square in self.hint:
            return "?"
        return " "

    def _square_line(self, square: int, cell: Cell, line: int) -> list[Segment]:
        """One line of a two-line square."""
        base, arrow_style, text_style = self._styles(square, cell)
        exits = cell_exits(cell)
        if line == 0:
            arrows = arrow_line(exits, TOP_LINE, self.ascii)
            text = self._text(square, cell).ljust(3)
            return [Segment(arrows, arrow_style), Segment(text, text_style)]
        arrows = arrow_line(exits, BOTTOM_LINE, self.ascii)
        return [Segment(arrows, arrow_style), Segment(self._flag(square), base + Style(bold=True))]

    def _compass_line(
        self, geometry: BoardGeometry, square: int, cell: Cell, line: int
    ) -> list[Segment]:
        """One line of a square of three lines or more: each arrow on the side of the square
        it points to, round the text in the middle (``compass_places``)."""
        base, arrow_style, text_style = self._styles(square, cell)
        width, height = geometry.cell_width, geometry.cell_height
        exits = cell_exits(cell)
        glyphs = ASCII_ARROWS if self.ascii else ARROWS
        row: list[tuple[str, Style]] = [(" ", arrow_style)] * width
        for direction, (x, y) in compass_places(width, height).items():
            if y == line and direction in exits:
                row[x] = (glyphs[direction], arrow_style)
        if line == (height - 1) // 2:
            text = self._text(square, cell).center(3)
            middle = width // 2
            row[middle - 1 : middle + 2] = [(char, text_style) for char in text]
        if line != (height - 1) // 2:  # the flag's column, the flag on the bottom line
            flag = self._flag(square) if line == height - 1 else " "
            row[width - 1] = (flag, base + Style(bold=True))
        return [Segment(char, style) for char, style in row]


def compass_places(width: int, height: int) -> dict[str, tuple[int, int]]:
    """Where each direction's arrow goes in a square of ``width`` by ``height`` (three lines
    or more): ``(column, line)``, round the text in the middle of the middle line."""
    left, middle, right = 1, width // 2, width - 2
    top, centre, bottom = 0, (height - 1) // 2, height - 1
    return {
        "N": (middle, top),
        "NE": (right, top),
        "E": (right, centre),
        "SE": (right, bottom),
        "S": (middle, bottom),
        "SW": (left, bottom),
        "W": (left, centre),
        "NW": (left, top),
    }
