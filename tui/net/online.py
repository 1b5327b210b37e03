"""The lobby's line of who is connected now, and whether names are protected on this server."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widget import Widget

from tui.plain_text import cells, clip, plain

#: Said under ``--auth none`` beyond loopback: anyone may log in under any free name.
OPEN_NAMES = "names are not protected here (no SSH keys) · "


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


class OnlineLine(Widget):
    """``online (3): alice, bob, carol``, cut to the line's width as it is drawn: one row the
    width of its place whatever it says, so new names never lay the screen out, and its
    first drawing is at its width already (nothing drawn twice as a session starts)."""

    DEFAULT_CSS = "OnlineLine { height: 1; width: 1fr; color: $text-muted; }"

    def __init__(self, *, open_names: bool = False) -> None:
        super().__init__(id="lobby-online")
        self.open_names = open_names
        self.names: list[str] = []

    def show(self, names: list[str]) -> None:
        if names != self.names:
            self.names = names
            self.refresh()

    def render(self) -> Text:
        width = max(self.size.width, 20)
        notice = OPEN_NAMES if self.open_names else ""
        return plain(notice + online_line(self.names, width - cells(notice)))
