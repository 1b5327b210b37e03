"""How a square of the board looks on a terminal of a given colour depth: its characters with
their colours reduced as the terminal reduces them (``tui/ssh/colours.py``, Rich's own
downgrade) and the attributes left where there is no colour."""

from __future__ import annotations

from typing import NamedTuple

from rich.color import Color
from rich.style import Style

from tui.ssh.colours import reduced_style
from tui.widgets.board import BoardWidget
from tui.widgets.colour_depth import ColourDepth


class DrawnCell(NamedTuple):
    """One character cell as the terminal shows it: its colours are the numbers the terminal
    is sent (``#rrggbb`` in truecolor), ``None`` for the terminal's own."""

    text: str
    color: int | str | None
    bgcolor: int | str | None
    bold: bool
    reverse: bool
    underline: bool


def sent(color: Color | None) -> int | str | None:
    """What the terminal is told of ``color``: its number, or its hex in truecolor."""
    if color is None or color.is_default:
        return None
    if color.number is not None:
        return color.number
    return color.get_truecolor().hex


def drawn_cell(text: str, style: Style | None, depth: ColourDepth) -> DrawnCell:
    reduced = reduced_style(style or Style(), depth)
    return DrawnCell(
        text,
        sent(reduced.color),
        sent(reduced.bgcolor),
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


def ground(look: tuple[DrawnCell, ...]) -> frozenset[tuple[int | str | None, bool]]:
    """What shows behind a square's text: its cells' background colours and reverse video."""
    return frozenset((cell.bgcolor, cell.reverse) for cell in look)
