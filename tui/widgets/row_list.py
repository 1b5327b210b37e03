"""A list of rows of plain text under a row of headers, with a row cursor: the lobby's tables.

Textual's ``DataTable`` draws every cell through Rich and keeps what it drew in caches keyed
by a count of all its changes, so adding, removing or rewriting any row draws every cell of
the list again; and what it sets up (columns, caches, cursor, hover) is a good part of a
lobby's start. A server has as many lobbies as sessions, and every table opened, joined or
moved is news to all of them. This list keeps the text of its rows and draws a line from it
when Textual asks (the line API): a row that changed refreshes its own line, and nothing is
measured or parsed through Rich.

Cells are plain text, drawn as they are (a player's name is never read as markup here),
measured in terminal cells and padded by one cell either side. The header row stays at the
top while the rows scroll under it. The owner gives the rows (``show``) and hears what the
player did (``Highlighted``, ``Selected``): attributes down, messages up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.plain_text import cells, clean
from tui.widgets.list_keys import list_bindings

#: One row: a cell of text for each column.
Row = tuple[str, ...]

#: The list's keys: those of every list of the app, and the side arrows to scroll a list
#: wider than the screen.
ROW_LIST_BINDINGS: list[BindingType] = [
    *list_bindings(first="first", last="last"),
    Binding("left", "scroll_left", "Scroll left", show=False, id="list.left"),
    Binding("right", "scroll_right", "Scroll right", show=False, id="list.right"),
]


def column_widths(headers: Row, rows: Sequence[Row]) -> tuple[int, ...]:
    """Each column's width: its widest cell, header included, in terminal cells."""
    return tuple(max(cells(text) for text in column) for column in zip(headers, *rows, strict=True))


def line_of(row: Row, widths: tuple[int, ...]) -> str:
    """``row`` as one line of plain text (``tui.plain_text.clean``): each cell padded to its
    column's width and by a space either side."""
    return "".join(
        f" {clean(text)}{' ' * (width - cells(text))} "
        for text, width in zip(row, widths, strict=True)
    )


class RowList(ScrollView, can_focus=True, inherit_bindings=False):
    """Rows of plain-text cells under ``headers``; the cursor row is highlighted, and every
    other row striped (the first, the third...: as Textual's ``DataTable`` stripes them)."""

    BINDINGS = ROW_LIST_BINDINGS
    COMPONENT_CLASSES = {
        "row-list--header",
        "row-list--cursor",
        "row-list--even-row",
        "row-list--hover",
    }
    DEFAULT_CSS = """
    RowList {
        background: $surface;
        color: $foreground;
        &:focus {
            background-tint: $foreground 5%;
            & > .row-list--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
            & > .row-list--header {
                background-tint: $foreground 5%;
            }
        }
        & > .row-list--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:ansi > .row-list--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .row-list--even-row {
            background: $surface-lighten-1 50%;
        }
        &:dark > .row-list--even-row {
            background: $surface-darken-1 40%;
        }
        & > .row-list--hover {
            background: $block-hover-background;
        }
        & > .row-list--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
    }
    """

    @dataclass
    class Highlighted(Message):
        """The cursor moved to ``row``."""

        row_list: RowList
        row: int

        @property
        def control(self) -> RowList:
            return self.row_list

    @dataclass
    class Selected(Message):
        """The player chose ``row``: Enter (the owner's binding calls ``select``), or a click on
        the row already highlighted."""

        row_list: RowList
        row: int

        @property
        def control(self) -> RowList:
            return self.row_list

    def __init__(self, headers: Row, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.headers = headers
        self.rows: list[Row] = []
        self.widths = column_widths(headers, [])
        #: The row under the cursor (0 while the list is empty).
        self.cursor_row = 0
        #: The row under the mouse pointer, shown while the pointer moves over the list.
        self.hover_row: int | None = None
        #: The list's style and width while its lines are drawn (``render_lines``).
        self._drawing: tuple[Style, int] | None = None

    def styled_as_focused(self) -> RowList:
        """This list, styled from its first drawing as the focused widget it will be: for a
        list its screen focuses as it first shows (``AUTO_FOCUS``). Textual styles a widget
        as it mounts, and again as it takes the focus (``:focus`` styles); a list already
        counted as focused takes it with nothing to restyle. Its screen must focus it."""
        self.set_reactive(RowList.has_focus, True)
        return self

    @property
    def row_count(self) -> int:
        return len(self.rows)

    # -- what the owner gives and asks ---------------------------------------------------------

    def show(self, rows: Sequence[Row]) -> None:
        """List ``rows`` in place of the rows listed: only lines whose text changed are drawn
        again (all of them if a column's width changed)."""
        rows = list(rows)
        widths = column_widths(self.headers, rows)
        was = self.rows
        self.rows = rows
        if widths != self.widths:
            self.widths = widths
            self.refresh()
        else:
            for index in range(max(len(was), len(rows))):
                if index >= len(was) or index >= len(rows) or was[index] != rows[index]:
                    self._refresh_row(index)
        size = Size(sum(width + 2 for width in widths), len(rows) + 1)
        if size != self.virtual_size:
            if not self.size:  # not laid out yet: its first layout takes the size given here
                self.set_reactive(RowList.virtual_size, size)
                self._expect_scroll_bars(size)
            elif not self._resized_in_place(size):
                self.virtual_size = size  # a scroll bar comes or goes: the screen is laid out
        if self.hover_row is not None and self.hover_row >= len(rows):
            self.hover_row = None
        if rows and self.cursor_row >= len(rows):
            self.move_cursor(len(rows) - 1)
        elif not rows:
            self.cursor_row = 0

    def _expect_scroll_bars(self, size: Size) -> None:
        """Before the list's first layout, show each scroll bar that rows of ``size`` need
        whatever room the list is given: rows taller (or wider) than the whole terminal.
        Otherwise the first layout finds a scroll bar wanted and, showing it, lays the screen
        out again (a lobby arriving on a server of many tables)."""
        terminal = self.app.size
        if size.height > terminal.height:
            self.set_reactive(RowList.show_vertical_scrollbar, True)
        if size.width > terminal.width:
            self.set_reactive(RowList.show_horizontal_scrollbar, True)

    def _resized_in_place(self, size: Size) -> bool:
        """Give the list the scrollable ``size`` of its rows without laying the screen out, if
        no scroll bar comes or goes with it; ``False``, with nothing changed, if one might.

        The list takes the room its place gives it, whatever its rows, so a row more or less
        changes nothing around it: only its scroll bars, if they show, and how far it scrolls.
        Setting ``virtual_size`` itself lays the whole screen out, in every lobby on view, for
        each table opened or closed anywhere on the server."""
        width, height = self.container_size
        vertical = size.height > height
        horizontal = size.width > width
        if (
            not width
            or vertical != (size.height > height - self.styles.scrollbar_size_horizontal)
            or horizontal != (size.width > width - self.styles.scrollbar_size_vertical)
            or vertical != self.show_vertical_scrollbar
            or horizontal != self.show_horizontal_scrollbar
        ):
            return False
        self.set_reactive(RowList.virtual_size, size)
        if vertical:  # the scroll bars draw themselves again for a new size
            self.vertical_scrollbar.window_virtual_size = size.height
        if horizontal:
            self.horizontal_scrollbar.window_virtual_size = size.width
        self.scroll_to(
            self.validate_scroll_x(self.scroll_x),
            self.validate_scroll_y(self.scroll_y),
            animate=False,
        )
        return True

    def move_cursor(self, row: int) -> None:
        """Put the cursor on ``row`` (kept within the list) and scroll it into view."""
        if not self.rows:
            return
        row = max(0, min(row, len(self.rows) - 1))
        if row != self.cursor_row:
            self._refresh_row(self.cursor_row)
            self._refresh_row(row)
            self.cursor_row = row
            self.post_message(self.Highlighted(self, row))
        self._scroll_into_view(row)

    def select(self) -> None:
        """Choose the row under the cursor (the owner's Enter)."""
        if self.rows:
            self.post_message(self.Selected(self, self.cursor_row))

    def _refresh_row(self, row: int) -> None:
        """Draw ``row``'s line again if it shows. A line scrolled out of view is drawn from the
        rows when it comes into view; marking it would mark the screen below the list, and
        Textual would draw every widget there again."""
        top = round(self.scroll_y)
        if top <= row < top + self.scrollable_content_region.height - 1:
            self.refresh_line(row + 1)

    def _scroll_into_view(self, row: int) -> None:
        shown = max(1, self.scrollable_content_region.height - 1)  # under the header
        top = round(self.scroll_y)
        if row < top:
            self.scroll_to(y=row, animate=False)
        elif row >= top + shown:
            self.scroll_to(y=row - shown + 1, animate=False)

    # -- keys and the mouse ---------------------------------------------------------------------

    def action_cursor_down(self) -> None:
        self._key_to(self.cursor_row + 1)

    def action_cursor_up(self) -> None:
        self._key_to(self.cursor_row - 1)

    def action_page_down(self) -> None:
        self._key_to(self.cursor_row + max(1, self.scrollable_content_region.height - 1))

    def action_page_up(self) -> None:
        self._key_to(self.cursor_row - max(1, self.scrollable_content_region.height - 1))

    def action_first(self) -> None:
        self._key_to(0)

    def action_last(self) -> None:
        self._key_to(len(self.rows) - 1)

    def _key_to(self, row: int) -> None:
        """A key moves the cursor: the mouse's row stops showing until the pointer moves."""
        self._hover(None)
        self.move_cursor(row)

    def _hover(self, row: int | None) -> None:
        if row != self.hover_row:
            for shown in (self.hover_row, row):
                if shown is not None:
                    self._refresh_row(shown)
            self.hover_row = row

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        row = None if offset is None or offset.y == 0 else offset.y - 1 + round(self.scroll_y)
        self._hover(row if row is not None and row < len(self.rows) else None)

    def on_leave(self, _event: events.Leave) -> None:
        self._hover(None)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y == 0:  # the header
            return
        row = offset.y - 1 + round(self.scroll_y)
        if row >= len(self.rows):
            return
        event.stop()
        if row == self.cursor_row:
            self.select()
        else:
            self.move_cursor(row)

    # -- drawing ------------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        # The list's own style and width, worked out once for the lines drawn together (each
        # is a walk up the widget's ancestors).
        self._drawing = (self.rich_style, self.scrollable_content_region.width)
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = None

    def render_line(self, y: int) -> Strip:
        own_style, width = self._drawing or (self.rich_style, self.scrollable_content_region.width)
        if y == 0:
            text, style = line_of(self.headers, self.widths), "row-list--header"
        else:
            row = y - 1 + round(self.scroll_y)
            if row >= len(self.rows):
                return Strip.blank(width, own_style)
            text = line_of(self.rows[row], self.widths)
            if row == self.cursor_row:
                style = "row-list--cursor"
            elif row == self.hover_row:
                style = "row-list--hover"
            elif row % 2 == 0:
                style = "row-list--even-row"
            else:
                style = ""
        rich_style = self.get_component_rich_style(style) if style else own_style
        left = round(self.scroll_x)
        strip = Strip([Segment(text, rich_style)], cells(text))
        return strip.crop_extend(left, left + width, rich_style)
