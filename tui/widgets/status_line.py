"""The status line: the last message on the left (an error stands out), whose turn on the right.

A long message wins over the turn (which the player panels show as well), unless it comes
with a short form, which is shown instead where the whole message would hide the turn. An
error is drawn in the ``status-line--error`` style (not marked by a CSS class, whose every
toggle would have the stylesheet matched against the line again). Messages and the turn carry
names and typed text: they are drawn as plain text and measured in terminal cells.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.plain_text import cells, clean


class StatusLine(Widget):
    COMPONENT_CLASSES = {"status-line--error"}

    message: reactive[str] = reactive("")
    #: A shorter form of ``message``, shown instead where the whole would hide the turn.
    short: reactive[str] = reactive("")
    is_error: reactive[bool] = reactive(False)
    turn: reactive[str] = reactive("")

    def say(self, message: str, *, error: bool = False, short: str = "") -> None:
        self.message = message
        self.short = short
        self.is_error = error

    def fits(self, message: str) -> bool:
        """Whether ``message`` would show whole with the turn beside it."""
        return cells(message) + 2 + cells(self.turn) <= self.content_size.width

    def render(self) -> Text:
        width = self.content_size.width
        mark = "✗ " if self.is_error and self.message else ""
        message = mark + clean(self.message)
        if self.short and not self.fits(message):
            message = mark + clean(self.short)
        style = self.get_component_rich_style("status-line--error") if self.is_error else ""
        text = Text(message, style=style, no_wrap=True, overflow="ellipsis")
        turn = clean(self.turn)
        gap = width - cells(message) - cells(turn)
        if turn and gap >= 2:
            text.append(" " * gap)
            text.append(turn, style="bold")
        return text
