"""How a square of the board looks on a terminal of a given colour depth: its characters with
their colours reduced as the terminal reduces them (``tui/ssh/colours.py``, Rich's own
downgrade) and the attributes left where there is no colour."""

from __future__ import annotations

from typing import NamedTuple

from rich.style import Style

from tui.ssh.colours import reduced_style
from tui.widgets.board import BoardWidget
from tui.widgets.colour_depth import ColourDepth


class DrawnCell(NamedTuple):
    """One character cell as the terminal shows it."""

    text: str
    color: str | None
    bgcolor: str | None
    bold: bool
    reverse: bool
    underline: bool


def drawn_cell(text: str, style: Style | None, depth: ColourDepth) -> DrawnCell:
    reduced = reduced_style(style or Style(), depth)
    return DrawnCell(
        text,
        None if reduced.color is None else reduced.color.name,
        None if reduced.bgcolor is None else reduced.bgcolor.name,
        bool(reduced.bold),
        bool(reduced.reverse),
        bool(reduced.underline),
    )


def square_look(board: BoardWidget, square: int, depth: ColourDepth) -> tuple[DrawnCell, ...]:
    """Every cell of ``square`` as drawn now, line by line."""
    region = board.square_region(square)
    gutter = board.styles.gutter
    left = region.x - gutter.left
    cells: list[DrawnCell] = []
    for y in range(region.y, region.bottom):
        strip = board.render_line(y - gutter.top).crop(left, left + region.width)
        for segment in strip:
            cells.extend(drawn_cell(char, segment.style, depth) for char in segment.text)
    return tuple(cells)


def backgrounds(look: tuple[DrawnCell, ...]) -> set[str | None]:
    """The background colours of a square's cells."""
    return {cell.bgcolor for cell in look}
