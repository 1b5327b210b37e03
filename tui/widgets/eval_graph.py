"""The evaluation graph: the first side's win chance after each move of the main line.

Each move takes a column (up to three in a short game), or a column stands for a run of moves
when the game has more moves than the graph has columns (it then shows the last of them).
Each column is a bar from 0% at the bottom to 100% at the top, in eighths of a cell (``▁`` to
``█``). The current move's column is drawn in reverse video and a column holding a mistake
has ``?`` at its top, so both read without colour. In ASCII (``App.ascii_board``) the graph
draws its own bars: the app's filter would make every partly filled block ``_``, so a cell
filled to less than three eighths is ``_``, to less than six ``=``, and fuller ``#``. A click
on a column hands the move's index on the main line to the ``go_to`` the graph was made with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

#: A cell filled to 0 to 8 eighths from its bottom.
BLOCKS = " ▁▂▃▄▅▆▇█"
#: The same in ASCII.
ASCII_BLOCKS = " ___===##"
#: The most cells one move takes across, in a short game.
MAX_CELLS = 3
#: What the top of a column with a mistake shows.
MISTAKE_MARK = "?"


class EvalGraph(Widget):
    """See the module's docstring. ``points`` is the chance after each move (``None`` where
    a move is not judged), ``mistakes`` whether each move was a mistake, ``current`` the
    index of the current move (``-1``: none)."""

    DEFAULT_CSS = """
    EvalGraph {
        height: 5;
        border: round $primary 40%;
        border-title-color: $text-muted;
    }
    EvalGraph > .eval-graph--bar { color: $primary; }
    EvalGraph > .eval-graph--mistake { color: $error; text-style: bold; }
    """
    COMPONENT_CLASSES = {"eval-graph--bar", "eval-graph--mistake"}

    def __init__(self, go_to: Callable[[int], None], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.go_to = go_to

    points: reactive[tuple[float | None, ...]] = reactive(())
    mistakes: reactive[tuple[bool, ...]] = reactive(())
    current: reactive[int] = reactive(-1)

    def show(self, points: Sequence[float | None], mistakes: Sequence[bool], current: int) -> None:
        self.points = tuple(points)
        self.mistakes = tuple(mistakes)
        self.current = current

    def columns(self, width: int) -> list[range]:
        """The moves each column stands for, left to right."""
        count = len(self.points)
        if count <= width:
            cells = min(MAX_CELLS, width // max(1, count))
            return [range(index, index + 1) for index in range(count) for _ in range(cells)]
        return [range(c * count // width, (c + 1) * count // width) for c in range(width)]

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        base = self.rich_style
        bar = base + self.get_component_rich_style("eval-graph--bar")
        mistake = base + self.get_component_rich_style("eval-graph--mistake")
        blocks = ASCII_BLOCKS if getattr(self.app, "ascii_board", False) else BLOCKS
        segments: list[Segment] = []
        for column in self.columns(width):
            value = self.points[column[-1]]
            is_current = self.current in column
            style = bar + Style(reverse=True) if is_current else bar
            if y == 0 and any(self.mistakes[index] for index in column):
                segments.append(Segment(MISTAKE_MARK, mistake + Style(reverse=is_current)))
                continue
            if value is None:
                segments.append(Segment(" ", style))
                continue
            level = round(value * height * 8)
            fill = min(8, max(0, level - (height - 1 - y) * 8))
            segments.append(Segment(blocks[fill], style))
        return Strip(segments).adjust_cell_length(width, base)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        columns = self.columns(self.content_size.width)
        if offset.x < len(columns):
            self.go_to(columns[offset.x][-1])
