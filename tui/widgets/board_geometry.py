"""Where each square of a board is drawn: the mapping between squares and character cells.

Rank labels take the first columns, file letters the last row; a canal or lane (a wall in the
``BoardView``) takes one column or row of its own. Flipping turns the board 180 degrees. The
board widget draws with this mapping and turns clicks back into squares with it, and tests
use it to click squares without magic numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.geometry import Region, Size

from core.view import BoardView

#: Rank labels and the space after them.
LABEL_WIDTH = 3
#: The most lines a square is drawn high.
MAX_CELL_HEIGHT = 9
#: Square sizes (columns, rows) to try, largest first: from three lines up a square is twice
#: as wide as high and one more (7x3, 9x4, ...), which on a terminal's tall cells reads as
#: square, so a board grows with the room it has.
CELL_SIZES = (
    *((2 * height + 1, height) for height in range(MAX_CELL_HEIGHT, 2, -1)),
    (5, 2),
    (3, 1),
)


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    width: int
    height: int
    file_walls: frozenset[int]
    rank_walls: frozenset[int]
    flipped: bool
    cell_width: int
    cell_height: int

    @classmethod
    def fit(cls, view: BoardView, flipped: bool, space: Size) -> BoardGeometry:
        """The geometry with the largest squares that fit in ``space`` (the smallest if none)."""
        for cell_width, cell_height in CELL_SIZES:
            geometry = cls(
                view.width,
                view.height,
                view.file_walls,
                view.rank_walls,
                flipped,
                cell_width,
                cell_height,
            )
            if geometry.size.width <= space.width and geometry.size.height <= space.height:
                return geometry
        return geometry

    # -- display order ----------------------------------------------------------------------

    def file_at(self, column: int) -> int:
        """The file drawn in display column ``column`` (0 = leftmost)."""
        return self.width - 1 - column if self.flipped else column

    def rank_at(self, row: int) -> int:
        """The rank drawn in display row ``row`` (0 = top)."""
        return row if self.flipped else self.height - 1 - row

    def wall_after_column(self, column: int) -> bool:
        """True if a wall runs right of display column ``column``."""
        if column >= self.width - 1:
            return False
        left, right = self.file_at(column), self.file_at(column + 1)
        return min(left, right) in self.file_walls

    def wall_after_row(self, row: int) -> bool:
        """True if a wall runs below display row ``row``."""
        if row >= self.height - 1:
            return False
        upper, lower = self.rank_at(row), self.rank_at(row + 1)
        return min(upper, lower) in self.rank_walls

    # -- positions --------------------------------------------------------------------------

    def column_x(self, column: int) -> int:
        walls = sum(1 for c in range(column) if self.wall_after_column(c))
        return LABEL_WIDTH + column * self.cell_width + walls

    def row_y(self, row: int) -> int:
        walls = sum(1 for r in range(row) if self.wall_after_row(r))
        return row * self.cell_height + walls

    @property
    def size(self) -> Size:
        """The board with its labels, in characters."""
        width = self.column_x(self.width - 1) + self.cell_width
        height = self.row_y(self.height - 1) + self.cell_height + 1
        return Size(width, height)

    def display_cell(self, square: int) -> tuple[int, int]:
        """The display column and row (0, 0 = top left) where ``square`` is drawn."""
        rank, file = divmod(square, self.width)
        column = self.width - 1 - file if self.flipped else file
        row = rank if self.flipped else self.height - 1 - rank
        return column, row

    def square_region(self, square: int) -> Region:
        """The characters of ``square``, relative to the top left of the drawn board."""
        column, row = self.display_cell(square)
        return Region(self.column_x(column), self.row_y(row), self.cell_width, self.cell_height)

    def square_at(self, x: int, y: int) -> int | None:
        """The square drawn at ``(x, y)`` relative to the board's top left, if any."""
        column = next(
            (c for c in range(self.width) if 0 <= x - self.column_x(c) < self.cell_width), None
        )
        row = next(
            (r for r in range(self.height) if 0 <= y - self.row_y(r) < self.cell_height), None
        )
        if column is None or row is None:
            return None
        return self.rank_at(row) * self.width + self.file_at(column)
