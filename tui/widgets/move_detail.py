"""Under the move log: the current move in full and its whole comment, wrapped.

A row of the log is one line cut to the log's width: a long move (a Chase tile with its four
exits, a chain of jumps) loses its end and a comment all but its start. This panel shows the
current move's row whole and every word of its comment, as plain text (a comment is typed by
a person or read from a file), and hides itself when the log already shows all of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Static

from tui.plain_text import cells, plain, plain_lines
from tui.play.describe import LogEntry
from tui.play.move_tree_rows import TreeRow
from tui.widgets.move_log import MoveLog


def move_comment(entries: Sequence[LogEntry | TreeRow], current: int) -> str:
    """The comment of the current move (``-1``: of the start position): the comment rows
    that follow its row, as the log lists a move's comment right after the move."""
    comments = []
    for row in entries[current + 1 :]:
        if not isinstance(row, TreeRow) or not row.is_comment:
            break
        comments.append(row.comment)
    return "\n".join(comments)


class MoveDetail(Static):
    """The current move whole and its comment (see the module's docstring)."""

    DEFAULT_CSS = """
    MoveDetail {
        height: auto;
        max-height: 8;
        padding: 0 1;
        border-top: solid $primary 50%;
        display: none;
    }
    MoveDetail.-shown {
        display: block;
    }
    """

    def __init__(self, log: MoveLog, *, id: str | None = None) -> None:
        """Follows ``log``: what it shows, each time it shows something new."""
        super().__init__("", id=id)
        self.move_log = log
        self.shown: tuple[str, str] = ("", "")

    def on_mount(self) -> None:
        self.move_log.shown_signal.subscribe(self, self.follow)
        self.follow(self.move_log)

    def follow(self, log: MoveLog) -> None:
        """Show what ``log``'s current row leaves out, or hide."""
        width = log.scrollable_content_region.width
        if not width:  # the log is not laid out yet: its width decides
            self.call_after_refresh(self.follow, log)
            return
        current = log.current
        row = " ".join(log.row_text(current).split()) if current >= 0 else ""
        comment = move_comment(log.entries, current)
        cut = cells(log.row_text(current)) > width
        self.show((row if cut or comment else "", comment))

    def show(self, shown: tuple[str, str]) -> None:
        """Show the move's row and its comment (either may be empty: both, to hide)."""
        if shown == self.shown:
            return
        self.shown = shown
        move, comment = shown
        text = plain(move, "bold")
        if move and comment:
            text.append("\n")
        text.append_text(plain_lines(comment, "italic"))
        self.update(text)
        self.set_class(bool(move or comment), "-shown")
