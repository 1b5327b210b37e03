"""A one-line text field that keeps out what a terminal would obey.

A key pressed types one printable character, but a paste brings whatever was copied: escape
sequences, bidi overrides, control characters. ``Input`` would keep them in its value and draw
them back to the terminal as they are. ``PlainInput`` takes the pasted text's first line (as
``Input`` does) through ``tui.plain_text.clean`` first.
"""

from __future__ import annotations

from textual.events import Paste
from textual.widgets import Input

from tui.plain_text import clean


class PlainInput(Input):
    def _on_paste(self, event: Paste) -> None:
        # Runs before Input's own handler, which then inserts the cleaned text.
        if event.text:
            event.text = clean(event.text.splitlines()[0])
