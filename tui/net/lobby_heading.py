"""The lobby's heading: its title, and under it the line of who is connected now.

One widget draws both, row by row: a server's clients arrive in numbers, and each widget of a
session's first screen costs the server its styling, its messages and its drawing. The
heading's height is fixed, so new names never lay the screen out, and the online line is cut
to the heading's width as it is drawn, so its first drawing is at its width already.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.strip import Strip
from textual.widget import Widget

from tui.plain_text import cells, clip
from tui.widgets.text_rows import refresh_row, text_row

#: Said under ``--auth none`` beyond loopback: anyone may log in under any free name.
OPEN_NAMES = "names are not protected here (no SSH keys) · "

#: The rows of the heading: the title, a blank row, the online line.
TITLE_ROW, ONLINE_ROW = 0, 2


def online_line(names: Iterable[str], width: int) -> str:
    """``online (3): alice, bob, carol`` cut to ``width`` terminal cells; the names that do
    not fit are counted (``+2``) instead."""
    everyone = list(names)
    if not everyone:
        return clip("online: nobody", width)
    head = f"online ({len(everyone)}): "
    for shown in range(len(everyone), -1, -1):
        rest = len(everyone) - shown
        line = head + ", ".join(everyone[:shown]) + (f" +{rest}" if rest else "")
        if cells(line) <= width:
            return line
    return clip(head + f"+{len(everyone)}", width)


class LobbyHeading(Widget):
    """``title`` (with the player's own name in it), and ``online (3): alice, bob, carol``
    two rows under it."""

    COMPONENT_CLASSES = {"lobby-heading--title"}
    DEFAULT_CSS = """
    LobbyHeading {
        height: 3;
        width: 1fr;
        color: $text-muted;
        & > .lobby-heading--title {
            text-style: bold;
            color: $primary;
        }
    }
    """

    def __init__(self, title: str, *, open_names: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = title
        self.open_names = open_names
        self.names: list[str] = []

    def show(self, names: list[str]) -> None:
        """Say that ``names`` are connected (the online row is drawn again if they changed)."""
        if names != self.names:
            self.names = names
            refresh_row(self, ONLINE_ROW)

    def online_text(self) -> str:
        """The online row as it is drawn at the heading's width."""
        width = max(self.size.width, 20)
        notice = OPEN_NAMES if self.open_names else ""
        return notice + online_line(self.names, width - cells(notice))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        own = self.rich_style
        if y == TITLE_ROW:
            return text_row(
                self.title, self.get_component_rich_style("lobby-heading--title"), width, own
            )
        return text_row(self.online_text() if y == ONLINE_ROW else "", own, width, own)
