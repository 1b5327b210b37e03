"""The library's table of saved games: a window of rows on the library's index.

The table holds only the rows that fit on the screen (``tui.play.library_pages``): the keys
that move the cursor past the window's edge, ``Page Up``/``Page Down``, ``Home``/``End`` and the
mouse wheel move the window and fill it again from the index, so 100,000 games cost no more
to show than a screenful. The columns share the table's width: the fixed ones (result, moves,
date) keep theirs, the game's name gets what its longest name needs within a quarter of the
rest, and the players and the file name split what is left, the players taking the odd cell;
a cell too long for its column ends in ``…``. The same table lists the unfinished games
(``library_unfinished``), all of them, with the window released.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.binding import Binding
from textual.events import Click, MouseScrollDown, MouseScrollUp, Resize
from textual.widgets.data_table import RowDoesNotExist, RowKey

from saves.catalog import COLUMNS, Column, players_text, result_text
from saves.library import LibraryEntry
from tui.plain_text import plain
from tui.play.library_pages import LibraryPages
from tui.textual_internals import SelfMeasuringDataTable

#: Heading of each column, and the width of those whose width does not depend on the screen.
HEADINGS: dict[Column, str] = {
    "game": "Game",
    "players": "Players",
    "result": "Result",
    "moves": "Moves",
    "date": "Date",
    "file": "File",
}
FIXED_WIDTHS: dict[Column, int] = {"result": 7, "moves": 5, "date": 10}
#: The game column's narrowest and widest (``MAC: March and Chomp``).
GAME_WIDTHS = (13, 20)
#: Cells of padding around each column's text (one each side).
COLUMN_PADDING = 2
UNREADABLE = "unreadable"
#: Rows the mouse wheel moves the window by.
WHEEL_ROWS = 3


def shared_widths(width: int, columns: int, fixed: int) -> tuple[int, int, int]:
    """The game's, the players' and the file name's widths in a table ``width`` cells wide
    of ``columns`` columns, the others ``fixed`` cells wide together (see the module's
    docstring)."""
    room = width - COLUMN_PADDING * columns - fixed
    narrowest, widest = GAME_WIDTHS
    game = min(widest, max(narrowest, room // 4))
    rest = max(room - game, 2)
    players = (rest + 1) // 2
    return game, players, rest - players


def column_widths(width: int) -> dict[Column, int]:
    """Each column's width for a table ``width`` cells wide (see the module's docstring)."""
    game, players, file = shared_widths(width, len(COLUMNS), sum(FIXED_WIDTHS.values()))
    return {**FIXED_WIDTHS, "game": game, "players": players, "file": file}


def row_cells(entry: LibraryEntry, widths: dict[Column, int]) -> tuple[Text, ...]:
    """The table's cells for one entry, in column order, each cut to its column: plain text,
    never read as markup (a player may well be called ``[b]ob``)."""
    if not entry.ok:
        texts = {"game": UNREADABLE, "file": entry.name}
    else:
        texts = {
            "game": entry.game_name,
            "players": players_text(entry),
            "result": result_text(entry),
            "moves": str(entry.plies),
            "date": entry.date,
            "file": entry.name,
        }
    return tuple(plain(texts.get(column, ""), width=widths[column]) for column in COLUMNS)


class SavedGamesTable(SelfMeasuringDataTable[Text]):
    """The saved games, a window of them at a time (see the module's docstring): one click
    on a row opens it (a plain table needs two); Home and End go to the first and the last
    game."""

    BINDINGS = [
        Binding("home", "scroll_top", "First game", show=False, id="library.first"),
        Binding("end", "scroll_bottom", "Last game", show=False, id="library.last"),
    ]

    #: The games listed, while the table shows the saved games (``None`` otherwise).
    pages: LibraryPages | None = None
    #: The row of ``pages`` shown first.
    top = 0
    widths: dict[Column, int] = column_widths(0)
    _sorted: tuple[Column, bool] = ("date", True)

    # -- the window -----------------------------------------------------------------------------

    @property
    def cursor(self) -> int:
        """The row of ``pages`` under the cursor."""
        return self.top + self.cursor_row

    def show(self, pages: LibraryPages, sort: Column, descending: bool, cursor: int = 0) -> None:
        """List ``pages`` in the window, with the cursor on its row ``cursor``."""
        self.pages = pages
        self._sorted = (sort, descending)
        self.top = 0
        self._set_columns()
        self._fill(cursor, refill=True)

    def release(self) -> None:
        """Stop windowing: the table is the unfinished games' for now."""
        self.pages = None
        self.top = 0

    def go(self, row: int) -> None:
        """Put the cursor on row ``row`` of ``pages``, moving the window as little as it
        takes to show it."""
        self._fill(row, refill=False)

    def window_height(self) -> int:
        """How many rows the window shows: those the table has room for under its header."""
        height = self.scrollable_content_region.height or self.app.size.height
        return max(1, height - self.header_height)

    def table_width(self) -> int:
        """The cells the columns may take."""
        return self.scrollable_content_region.width or max(self.app.size.width - 2, 0)

    def _set_columns(self) -> None:
        self.widths = column_widths(self.table_width())
        self.clear(columns=True)
        sort, descending = self._sorted
        for column in COLUMNS:
            heading = HEADINGS[column]
            if column == sort:
                heading += " ▼" if descending else " ▲"
            self.add_column(Text(heading), width=self.widths[column], key=column)

    def _fill(self, row: int, *, refill: bool) -> None:
        pages = self.pages
        if pages is None:
            return
        count, height = len(pages), self.window_height()
        row = min(max(row, 0), max(count - 1, 0))
        top = self.top
        if row < top:
            top = row
        elif row >= top + height:
            top = row - height + 1
        top = min(max(top, 0), max(count - height, 0))
        if refill or top != self.top or self.row_count != min(height, count - top):
            self.top = top
            self.clear()
            for offset, entry in enumerate(pages.window(top, height)):
                self.add_row(*row_cells(entry, self.widths), key=str(top + offset))
        if self.row_count:
            self.move_cursor(row=min(row - self.top, self.row_count - 1), animate=False)

    # -- keys and the mouse ---------------------------------------------------------------------

    def action_cursor_down(self) -> None:
        if self.pages is None or self.cursor_row < self.row_count - 1:
            super().action_cursor_down()
        else:
            self.go(self.cursor + 1)

    def action_cursor_up(self) -> None:
        if self.pages is None or self.cursor_row > 0:
            super().action_cursor_up()
        else:
            self.go(self.cursor - 1)

    def action_page_down(self) -> None:
        if self.pages is None:
            super().action_page_down()
        else:
            self.go(self.cursor + self.window_height())

    def action_page_up(self) -> None:
        if self.pages is None:
            super().action_page_up()
        else:
            self.go(self.cursor - self.window_height())

    def action_scroll_top(self) -> None:
        if self.pages is None:
            super().action_scroll_top()
        else:
            self.go(0)

    def action_scroll_bottom(self) -> None:
        if self.pages is None:
            super().action_scroll_bottom()
        else:
            self.go(len(self.pages) - 1)

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        self._wheel(event, WHEEL_ROWS)

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        self._wheel(event, -WHEEL_ROWS)

    def _wheel(self, event: MouseScrollDown | MouseScrollUp, rows: int) -> None:
        """Move the window by ``rows``, the cursor with it."""
        if self.pages is None:
            return
        event.stop()
        self.top = min(max(self.top + rows, 0), max(len(self.pages) - self.window_height(), 0))
        self._fill(self.top + self.cursor_row, refill=True)

    def on_resize(self, event: Resize) -> None:
        if self.pages is not None:
            cursor = self.cursor
            self._set_columns()
            self._fill(cursor, refill=True)

    def measure_new_rows(self, new_rows: Iterable[RowKey]) -> None:
        """Size the columns for the rows just added. Every cell here is one line of plain
        ``Text`` (``row_cells``), so its width is its length: measured directly, not through
        Rich's measuring of any renderable, which costs most of showing many rows."""
        columns = self.ordered_columns
        for row_key in new_rows:
            try:
                cells = self.get_row(row_key)
            except RowDoesNotExist:  # removed before the table was next idle
                continue
            for column, cell in zip(columns, cells, strict=True):
                if isinstance(cell, Text):
                    column.content_width = max(column.content_width, cell.cell_len)

    def on_click(self, event: Click) -> None:
        row = event.style.meta.get("row", -1)
        if row >= 0:  # not the header
            event.prevent_default()
            event.stop()
            self.move_cursor(row=row)
            self.action_select_cursor()
