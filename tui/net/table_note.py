"""Under the lobby's list: what the highlighted table is and what Enter does on it, then the
lobby's last message to the player (an error in the error colour).

One widget draws both, row by row (see ``tui.net.lobby_heading`` for why). Its height is
fixed, so nothing it says lays the screen out; a table's options and the messages can hold
players' own text, shown as plain text and cut to the width.
"""

from __future__ import annotations

from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.text_rows import refresh_row, text_row

#: The rows the note of the highlighted table takes, above the message.
NOTE_ROWS = 2


class TableNote(Widget):
    """Two rows about the highlighted table (``show_note``), and one for a message (``say``)."""

    COMPONENT_CLASSES = {"table-note--message", "table-note--error"}
    DEFAULT_CSS = """
    TableNote {
        height: 3;
        width: 1fr;
        color: $text-muted;
        & > .table-note--message {
            color: $foreground;
        }
        & > .table-note--error {
            color: $error;
        }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.note: list[str] = []
        self.message = ""
        self.error = False

    def show_note(self, text: str) -> None:
        """Show ``text`` (its first two lines) about the highlighted table."""
        lines = text.split("\n")[:NOTE_ROWS]
        if lines != self.note:
            self.note = lines
            for row in range(NOTE_ROWS):
                refresh_row(self, row)

    def say(self, message: str, *, error: bool = False) -> None:
        """Show ``message`` in the message row (in the error colour if ``error``)."""
        if (message, error) != (self.message, self.error):
            self.message, self.error = message, error
            refresh_row(self, NOTE_ROWS)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        own = self.rich_style
        if y < NOTE_ROWS:
            return text_row(self.note[y] if y < len(self.note) else "", own, width, own)
        if y == NOTE_ROWS and self.message:
            name = "table-note--error" if self.error else "table-note--message"
            return text_row(self.message, self.get_component_rich_style(name), width, own)
        return text_row("", own, width, own)
