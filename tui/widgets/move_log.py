"""The move log: the numbered moves of the line through the current position.

The first row is the start position; moves after the current one (what redo would replay)
are drawn dim. Clicking a row posts ``MoveLog.RowClicked`` with the row's entry index
(``-1`` for the start); the screen decides what that means. Each new set of rows or current
row is published on ``shown_signal`` (for the panel under the log that shows the current
move whole, ``tui.widgets.move_detail``).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.signal import Signal
from textual.strip import Strip

from tui.plain_text import clean
from tui.play.describe import LogEntry
from tui.play.move_tree_rows import TreeRow
from tui.textual_internals import lengthen_scroll_quietly

#: Rows kept drawn: a few screenfuls.
MAX_DRAWN_ROWS = 512


class MoveLog(ScrollView, can_focus=False):
    COMPONENT_CLASSES = {"move-log--current", "move-log--ahead", "move-log--number"}

    #: The rows: moves of a line, or the whole tree's rows (``MoveTree``).
    entries: reactive[tuple[LogEntry | TreeRow, ...]] = reactive(())
    #: Index of the current entry; ``-1`` is the start position.
    current: reactive[int] = reactive(-1)

    class RowClicked(Message):
        def __init__(self, log: MoveLog, index: int) -> None:
            super().__init__()
            self.log = log
            self.index = index

        @property
        def control(self) -> MoveLog:
            return self.log

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._styles: tuple[Style, Style, Style] | None = None
        #: The width and the top row of the view while the log draws its lines.
        self._frame: tuple[int, int] | None = None
        #: Rows as drawn, by what they show (a change of style is a row of its own): once the
        #: log is full, every move scrolls it by a row and every row on view is drawn again,
        #: each as it was drawn one row lower.
        self._drawn: dict[tuple[int, LogEntry | TreeRow | None, Style, int], Strip] = {}
        #: Published with the log after each ``show``.
        self.shown_signal: Signal[MoveLog] = Signal(self, "shown")

    def show(self, entries: tuple[LogEntry | TreeRow, ...], current: int) -> None:
        """Set the entries and the current one together, then keep the current row in view.

        A move changes a row or two: only those are repainted, in the same frame as the
        scroll that keeps the current row in view (a scroll repaints the whole log anyway).
        """
        old_entries, old_current = self.entries, self.current
        self.set_reactive(MoveLog.entries, entries)
        self.set_reactive(MoveLog.current, current)
        self.shown_signal.publish(self)
        self._fit_virtual_size()
        # Once more after the next layout, in case that changes the log's height.
        self.call_after_refresh(self._scroll_current_into_view)
        if not self.scrollable_content_region.height:  # not laid out yet
            self.refresh()
            return
        top = self.scroll_offset.y
        self._scroll_current_into_view()
        if self.scroll_offset.y != top:
            self.refresh()
            return
        changed = {old_current, current}
        changed.update(
            index
            for index in range(max(len(entries), len(old_entries)))
            if index >= len(entries)
            or index >= len(old_entries)
            or entries[index] != old_entries[index]
        )
        self.refresh_rows(changed)

    def _fit_virtual_size(self) -> None:
        """No width of its own: rows are cut to the log's width, so it never scrolls sideways.
        While every row fits, the virtual height is the view's: a new row then repaints just
        itself, where a new virtual size would lay the screen out and repaint the whole log.
        Once the log scrolls, a new row makes it longer without laying the screen out again
        (``lengthen_scroll_quietly``): the log keeps its place and size, only its scrollbar
        changes."""
        rows = len(self.entries) + 1
        virtual_size = Size(0, max(rows, self.scrollable_content_region.height))
        if virtual_size != self.virtual_size and not lengthen_scroll_quietly(self, virtual_size):
            self.virtual_size = virtual_size

    def on_resize(self) -> None:
        self._fit_virtual_size()

    def refresh_rows(self, indices: set[int]) -> None:
        """Repaint the rows of these entry indices (``-1``: the start row) that are in view."""
        top, height = self.scroll_offset.y, self.scrollable_content_region.height
        visible = sorted(row for row in {index + 1 for index in indices} if 0 <= row - top < height)
        if len(visible) > height // 2:
            self.refresh()
        elif visible:
            self.refresh_lines(visible[0], visible[-1] - visible[0] + 1)

    def _scroll_current_into_view(self) -> None:
        self._scroll_into_view(self.current)

    def _scroll_into_view(self, index: int) -> None:
        """Scroll just enough to show the row of entry ``index`` (``-1``: the start)."""
        row = index + 1
        top = self.scroll_offset.y
        height = self.scrollable_content_region.height
        if row < top:
            self.scroll_to(y=row, animate=False)
        elif row >= top + height:
            self.scroll_to(y=row - height + 1, animate=False)

    def watch_current(self) -> None:
        self.refresh()

    def watch_entries(self) -> None:
        self.refresh()

    def fitted_text(self, index: int, width: int) -> str:
        """The text of entry ``index``'s row for a row ``width`` cells wide (what does not
        fit is cut off when the row is drawn)."""
        return self.row_text(index)

    def row_text(self, index: int) -> str:
        if index < 0:
            return "    start"
        entry = self.entries[index]
        return clean(f"{entry.ply:>4}. {entry.notation:<11} {entry.mover}")

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draw the lines in ``crop``, with the view's width and top looked up once."""
        self._frame = (self.scrollable_content_region.width, self.scroll_offset.y)
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def view_frame(self) -> tuple[int, int]:
        """The width of the rows and the row at the top of the view."""
        return self._frame or (self.scrollable_content_region.width, self.scroll_offset.y)

    def drawn_row(self, index: int, style: Style, width: int) -> Strip:
        """The row of entry ``index`` (``-1``: the start) in ``style``, cut or filled to
        ``width`` cells; drawn once for as long as it shows the same."""
        entry = self.entries[index] if index >= 0 else None
        key = (index, entry, style, width)
        strip = self._drawn.get(key)
        if strip is None:
            if len(self._drawn) >= MAX_DRAWN_ROWS:
                self._drawn.clear()
            text = self.fitted_text(index, width)
            strip = Strip([Segment(text, style)]).adjust_cell_length(width, style)
            self._drawn[key] = strip
        return strip

    def _row_styles(self) -> tuple[Style, Style, Style]:
        """The plain, current and ahead row styles, looked up once until the styles change."""
        if self._styles is None:
            base = self.rich_style
            self._styles = (
                base,
                base + self.get_component_rich_style("move-log--current"),
                base + self.get_component_rich_style("move-log--ahead"),
            )
        return self._styles

    def render_line(self, y: int) -> Strip:
        width, top = self.view_frame()
        plain, current, ahead = self._row_styles()
        entries = self.entries
        row = y + top
        index = row - 1
        if row > len(entries):
            return Strip.blank(width, plain)
        if index == self.current:
            style = current
        elif index >= 0 and entries[index].ahead:
            style = ahead
        else:
            style = plain
        return self.drawn_row(index, style, width)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.y + self.scroll_offset.y - 1
        if -1 <= index < len(self.entries):
            self.post_message(self.RowClicked(self, index))

    def row_offset(self, index: int) -> tuple[int, int]:
        """Where to click for entry ``index`` (``-1``: start), relative to the widget."""
        gutter = self.styles.gutter
        return (gutter.left + 1, gutter.top + index + 1 - self.scroll_offset.y)
