"""The app drawn in ASCII: a line filter on everything it draws, switched on and off live.

Every widget asks its app for the line filters to pass its lines through
(``App.get_line_filters``); an ``AsciiCapableApp`` adds ``AsciiFilter`` while ``ascii_board``
is on, so frames, scrollbars, the key footer, dialogs and every text reach the terminal as
ASCII of the same width (``tui.ascii.glyphs``). The board and Chase's tiles draw their own
ASCII glyphs where the meaning needs a choice of its own (``*`` a square to go to, ``o`` a
starting dot, the tile arrows), reading ``ascii_board`` from the app. Keys are named in words
(``enter``, ``up``) rather than the ``^`` of a mere ``↑``, which would read as Ctrl.

Switching (``a`` in the lobby over SSH) redraws every widget of every screen in the stack:
the filter acts as each line is drawn, and lines drawn before are kept until redrawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from textual.app import App
from textual.binding import Binding
from textual.color import Color
from textual.filter import LineFilter

from tui.ascii.glyphs import ascii_text
from tui.widgets.board import BoardWidget
from tui.widgets.key_footer import KeyFooter

#: How keys shown with a symbol are named in ASCII.
KEY_NAMES = {"↑": "up", "↓": "down", "←": "left", "→": "right", "⏎": "enter", "⌫": "bksp"}


class AsciiFilter(LineFilter):
    """Replaces every character of a line that is not ASCII by its ASCII stand-in."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment
            if segment.control or segment.text.isascii()
            else Segment(ascii_text(segment.text), segment.style)
            for segment in segments
        ]


def ascii_key_display(display: str) -> str:
    """A key as shown (``⏎``, ``^↑``), in ASCII words (``enter``, ``^up``)."""
    for symbol, name in KEY_NAMES.items():
        display = display.replace(symbol, name)
    return ascii_text(display)


class AsciiCapableApp(App[None]):
    """An app drawn in ASCII while ``ascii_board`` is on, switched on or off at any time."""

    def __init__(self, *, ascii: bool = False) -> None:
        super().__init__()
        self._ascii_filter = AsciiFilter(enabled=ascii)

    @property
    def ascii_board(self) -> bool:
        """Whether every cell the app draws is ASCII (the board with its own ASCII glyphs)."""
        return self._ascii_filter.enabled

    @ascii_board.setter
    def ascii_board(self, on: bool) -> None:
        if on == self._ascii_filter.enabled:
            return
        self._ascii_filter.enabled = on
        self._redraw_everything(on)

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        if self._ascii_filter.enabled:
            return [*filters, self._ascii_filter]
        return filters

    def get_key_display(self, binding: Binding) -> str:
        display = super().get_key_display(binding)
        return ascii_key_display(display) if self._ascii_filter.enabled else display

    def _redraw_everything(self, on: bool) -> None:
        """Draw every widget of every screen in the stack again, as it now should be."""
        if not self.is_running:
            return
        for screen in self.screen_stack:
            for widget in screen.walk_children(with_self=True):
                if isinstance(widget, BoardWidget):
                    widget.ascii = on
                if isinstance(widget, KeyFooter):
                    widget.redraw_keys()  # its keys are named anew
                else:
                    widget.refresh()
