"""The status line: the last message on the left (an error stands out), whose turn on the right.

A long message wins over the turn (which the player panels show as well). An error is drawn
in the ``status-line--error`` style (not marked by a CSS class, whose every toggle would have
the stylesheet matched against the line again).
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class StatusLine(Widget):
    COMPONENT_CLASSES = {"status-line--error"}

    message: reactive[str] = reactive("")
    is_error: reactive[bool] = reactive(False)
    turn: reactive[str] = reactive("")

    def say(self, message: str, *, error: bool = False) -> None:
        self.message = message
        self.is_error = error

    def render(self) -> Text:
        width = self.content_size.width
        message = ("✗ " if self.is_error and self.message else "") + self.message
        style = self.get_component_rich_style("status-line--error") if self.is_error else ""
        text = Text(message, style=style, no_wrap=True, overflow="ellipsis")
        gap = width - len(message) - len(self.turn)
        if self.turn and gap >= 2:
            text.append(" " * gap)
            text.append(self.turn, style="bold")
        return text
