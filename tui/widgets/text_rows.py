"""Rows of plain text drawn one by one (Textual's line API), for small widgets of fixed height.

A widget that says a line or two is cheaper drawn row by row than as a ``Static``: each row
is one strip of the text in one style, and a row that changes is drawn again alone. Text from
a person is cut to the width in terminal cells and cleaned (``tui.plain_text``): it is shown
exactly as written, never read as markup.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tui.plain_text import cells, clip


def text_row(text: str, style: Style, width: int, padding: Style) -> Strip:
    """``text`` in ``style``, cut to ``width`` cells (``…`` where it was cut) and filled out to
    ``width`` in ``padding``."""
    shown = clip(text, width)
    strip = Strip([Segment(shown, style)], cells(shown)) if shown else Strip([], 0)
    return strip.extend_cell_length(width, padding)


def refresh_row(widget: Widget, y: int) -> None:
    """Have ``widget`` draw its row ``y`` again, and nothing else."""
    widget.refresh(Region(0, y, widget.size.width, 1))
