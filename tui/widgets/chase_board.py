"""The Chase board: every square shows its tile's exits as arrows, each on the side or corner
of the square it points to, round the pawn or gold stack in the middle.

Where there is room (a board of 59 by 25 characters) a square is seven characters wide and
three lines high, the arrows round the text like a compass (larger squares keep the arrows at
their sides and corners). Where there is not (80x24) a square is six wide, its text line holds
the west and east arrows, and the line between two ranks is shared: it carries the northward
arrows of the square below it on the even columns and the southward arrows of the square
above it on the odd ones, so that eight ranks take 17 lines, not 24. Each pair of columns is a
third of the square (left, middle, right), so every arrow still sits on its side or corner;
the two on a pair never look alike, as they point opposite ways::

     ↖ ↑ ↗          ↖ ↑ ↗       a South pawn on a tile with exits in all eight directions,
     ← P →          ←g12→       in seven-by-three squares and (right) at 80x24, under a
     ↙ ↓ ↘          ↖↙↑↓↗↘      stack of 12 of North's gold on another such tile: the
                    ← P →*      line between them holds the arrows of both; ``*``, the
                     ↙ ↓ ↘      pawn's square is selected

On a flipped board (north at the bottom) every arrow is turned round with it, so that it
still points at the square its exit leads to.

The text is ``P``/``p`` for a South/North pawn (``P3``: with 3 gold under it), ``G4``/``g4``
for a stack of gold (the letter's case is the owner) and ``T``/``t`` for a bare tile of
South's/North's colour. The cursor is drawn in reverse (its arrows too), a selected square has
``*`` at its right edge, a square the selection may go on to ``•``, a hinted one ``?``; all of
it reads without colour (where there is none, the squares of North's colour and the arrows of
tiles showing it are drawn in reverse video, the last move underlined). Everything else
(clicks, the cursor, the redrawing of changed squares) is the generic board widget's, in the
geometry drawn here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby

from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from core.squares import FILES
from core.view import BoardView, Cell
from tui.widgets.board import BoardWidget
from tui.widgets.board_geometry import CELL_SIZES as BOARD_CELL_SIZES
from tui.widgets.board_geometry import BoardGeometry

#: Square sizes (columns, lines) of the compass, largest first: from three lines up, growing
#: as the generic board's squares do, an odd number of lines high so that the text has as
#: many lines above it as below. Below them the board falls back to shared arrow lines.
CELL_SIZES = tuple(size for size in BOARD_CELL_SIZES if size[1] >= 3 and size[1] % 2)
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ARROWS = dict(zip(DIRECTIONS, "↑↗→↘↓↙←↖", strict=True))
ASCII_ARROWS = dict(zip(DIRECTIONS, "^/>\\v/<\\", strict=True))
OPPOSITE = {direction: DIRECTIONS[(i + 4) % 8] for i, direction in enumerate(DIRECTIONS)}
#: Where each direction's arrow goes in a square of the shared layout: ``(column, line)``,
#: line -1 the line above the text (shared with the rank above), 1 the one below. The
#: northward arrows take the even columns and the southward ones the odd, so that a shared
#: line holds both ranks' arrows apart; each pair of columns is a third of the square.
SHARED_PLACES = {
    "NW": (0, -1),
    "N": (2, -1),
    "NE": (4, -1),
    "W": (0, 0),
    "E": (4, 0),
    "SW": (1, 1),
    "S": (3, 1),
    "SE": (5, 1),
}
SHARED_WIDTH = 6
#: The columns of a shared line that belong to the square below it (its northward arrows).
NORTHWARD_COLUMNS = frozenset(x for x, line in SHARED_PLACES.values() if line < 0)
#: Where the text starts on its line in the shared layout, in the middle third (a third
#: character goes left of it), and the flag's column, the square's right edge.
SHARED_TEXT_COLUMN = 2
SHARED_FLAG_COLUMN = 5


def cell_exits(cell: Cell) -> tuple[str, ...]:
    """The direction names of the tile on a square, from its ``exits:N,E`` mark."""
    for word in cell.mark.split():
        if word.startswith("exits:"):
            return tuple(word[len("exits:") :].split(","))
    return ()


def exits_glyphs(exits: tuple[str, ...], ascii: bool = False) -> str:
    """All the arrows of a tile in clockwise order from north, e.g. ``↑→↓``."""
    glyphs = ASCII_ARROWS if ascii else ARROWS
    return "".join(glyphs[direction] for direction in DIRECTIONS if direction in exits)


def tile_face(cell: Cell) -> int:
    """The seat whose colour a tile shows: its square's colour unless it is turned over."""
    return cell.region ^ (1 if "turned" in cell.mark.split() else 0)


@dataclass(frozen=True, slots=True)
class SharedRankGeometry(BoardGeometry):
    """A board whose ranks share their arrow lines: each rank takes two lines (its text line
    and the line under it) and one more line tops the board. A square covers three lines, its
    text line and the shared lines above and below it, so that drawing it again draws all its
    arrows again; a click on a shared line goes to the square whose arrow column it is. Chase
    has no rank walls, and this geometry draws none."""

    @property
    def pitch(self) -> int:
        """Lines from one rank's text line to the next one's."""
        return self.cell_height - 1

    def row_y(self, row: int) -> int:
        return row * self.pitch

    def square_at(self, x: int, y: int) -> int | None:
        column = next(
            (c for c in range(self.width) if 0 <= x - self.column_x(c) < self.cell_width), None
        )
        if column is None or not 0 <= y <= self.height * self.pitch:
            return None
        row, line = divmod(y, self.pitch)
        if line == 0 and x - self.column_x(column) not in NORTHWARD_COLUMNS:
            row -= 1  # the odd columns of a shared line are the upper rank's
        return self.display_square(column, min(max(row, 0), self.height - 1))

    def display_square(self, column: int, row: int) -> int:
        """The square drawn in display column ``column`` and row ``row``."""
        return self.rank_at(row) * self.width + self.file_at(column)


class ChaseBoardWidget(BoardWidget):
    """The generic board widget with Chase's own way of drawing a square."""

    def _fit(self, view: BoardView) -> BoardGeometry:
        space = self.content_size
        shape = (view.width, view.height, view.file_walls, view.rank_walls, self.flipped)
        for width, height in CELL_SIZES:
            geometry = BoardGeometry(*shape, width, height)
            if geometry.size.width <= space.width and geometry.size.height <= space.height:
                return geometry
        return SharedRankGeometry(*shape, SHARED_WIDTH, 3)

    def _board_lines(
        self, view: BoardView, geometry: BoardGeometry, lines: Iterable[int]
    ) -> list[list[Segment]]:
        if isinstance(geometry, SharedRankGeometry):
            return [self._shared_board_line(view, geometry, line) for line in lines]
        return [self._compass_board_line(view, geometry, line) for line in lines]

    def _file_labels(self, geometry: BoardGeometry) -> list[Segment]:
        """The file letters under the board, each under its square's text."""
        width = geometry.cell_width
        labels = "".join(FILES[geometry.file_at(c)].center(width) for c in range(geometry.width))
        return [Segment("   " + labels, self._style("board--label"))]

    def _compass_board_line(
        self, view: BoardView, geometry: BoardGeometry, index: int
    ) -> list[Segment]:
        """Line ``index`` of a board of compass squares: a line of a rank of squares, or the
        file letters under the last rank."""
        row, line = divmod(index, geometry.cell_height)
        if row >= geometry.height:
            return self._file_labels(geometry)
        rank = geometry.rank_at(row)
        text_line = line == (geometry.cell_height - 1) // 2
        label = f"{rank + 1:>2} " if text_line else "   "
        segments = [Segment(label, self._style("board--label"))]
        for column in range(geometry.width):
            square = rank * view.width + geometry.file_at(column)
            segments.extend(self._compass_line(geometry, square, view.cells[square], line))
        return segments

    def _shared_board_line(
        self, view: BoardView, geometry: SharedRankGeometry, index: int
    ) -> list[Segment]:
        """Line ``index`` of a board of shared arrow lines: a rank's text line (odd), the
        arrow line above a rank and below the one over it (even), or the file letters."""
        row, line = divmod(index, geometry.pitch)
        if row > geometry.height or (row == geometry.height and line):
            return self._file_labels(geometry)
        label = f"{geometry.rank_at(row) + 1:>2} " if line else "   "
        cells: list[tuple[str, Style]] = []
        for column in range(geometry.width):
            if line:
                cells += self._shared_text_cells(view, geometry.display_square(column, row))
            else:
                above = geometry.display_square(column, row - 1) if row else None
                below = geometry.display_square(column, row) if row < geometry.height else None
                cells += self._shared_arrow_cells(view, above, below)
        segments = [Segment(label, self._style("board--label"))]
        segments += [
            Segment("".join(char for char, _ in run), style)
            for style, run in groupby(cells, key=lambda cell: cell[1])
        ]
        return segments

    def _shared_text_cells(self, view: BoardView, square: int) -> list[tuple[str, Style]]:
        """A square's text line in the shared layout: its west and east arrows at its sides,
        its text in the middle and its flag at its right edge."""
        cell = view.cells[square]
        base, arrow_style, text_style = self._styles(square, cell)
        glyphs = ASCII_ARROWS if self.ascii else ARROWS
        row = [(" ", base)] * SHARED_WIDTH
        for direction in self._screen_exits(cell):
            x, line = SHARED_PLACES[direction]
            if line == 0:
                row[x] = (glyphs[direction], arrow_style)
        text = self._text(square, cell)
        start = SHARED_TEXT_COLUMN - max(0, len(text) - 2)
        for x, char in enumerate(text, start):
            row[x] = (char, text_style)
        if cell.text or square not in self.targets:  # else the text is the target's own dot
            row[SHARED_FLAG_COLUMN] = (self._flag(square), base + Style(bold=True))
        return row

    def _shared_arrow_cells(
        self, view: BoardView, above: int | None, below: int | None
    ) -> list[tuple[str, Style]]:
        """One square's width of a shared arrow line: the southward arrows of the square
        ``above`` it and the northward ones of the square ``below``, each in its own tile's
        colour."""
        glyphs = ASCII_ARROWS if self.ascii else ARROWS
        row = [(" ", self.rich_style)] * SHARED_WIDTH
        for square, side in ((above, 1), (below, -1)):
            if square is None:
                continue
            cell = view.cells[square]
            style = self._styles(square, cell, shared=True)[1]
            for direction in self._screen_exits(cell):
                x, line = SHARED_PLACES[direction]
                if line == side:
                    row[x] = (glyphs[direction], style)
        return row

    def _screen_exits(self, cell: Cell) -> tuple[str, ...]:
        """The directions a square's exits point to on the screen: turned round on a flipped
        board, where north is down."""
        exits = cell_exits(cell)
        return tuple(OPPOSITE[direction] for direction in exits) if self.flipped else exits

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

    def _styles(self, square: int, cell: Cell, shared: bool = False) -> tuple[Style, Style, Style]:
        """The square's plain style, its arrows' (the tile's colour) and its text's; with
        ``shared``, for its arrows on a shared line, on the board's own ground rather than the
        square's colour (the line is no one square's)."""
        cursor = square == self.cursor
        if self.colours == "none":
            # The squares of North's colour (and the arrows of tiles showing it) in reverse
            # video; the last move underlined, the cursor as well, bold and inverting its
            # square.
            marked = Style(underline=cursor or square in self.last_move, bold=cursor)
            base = self.rich_style + marked + Style(reverse=(cell.region == 1) != cursor)
            arrows = self.rich_style + marked + Style(reverse=(tile_face(cell) == 1) != cursor)
        else:
            base = self.rich_style
            if not shared:
                base += Style(bgcolor=self._background(square, cell).rich_color)
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

    def _compass_line(
        self, geometry: BoardGeometry, square: int, cell: Cell, line: int
    ) -> list[Segment]:
        """One line of a square of three lines or more: each arrow on the side of the square
        it points to, round the text in the middle (``compass_places``)."""
        base, arrow_style, text_style = self._styles(square, cell)
        width, height = geometry.cell_width, geometry.cell_height
        exits = self._screen_exits(cell)
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
