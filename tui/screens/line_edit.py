"""The text of a one-line field and what editing keys do to it: a value, without Textual.

The move line (``tui.screens.move_line``) is drawn in the footer's row and fed the keys by its
screen, so that opening it, typing and closing it move no focus and lay nothing out; this is
the editing it needs, as ``Input`` does it: printable keys insert (replacing the whole text
while it is selected), Backspace and Delete, the arrows, Home and End (and Ctrl+A, Ctrl+E),
Ctrl+U and Ctrl+K (delete to the start or the end), Ctrl+W (delete the word before the
cursor). An arrow or Home/End while the text is selected keeps the text and moves the cursor.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: The longest text the line keeps: far more than any move's notation; a longer paste is cut.
MAX_LENGTH = 200


@dataclass(frozen=True)
class LineEdit:
    text: str = ""
    #: Where the cursor is: between ``text[cursor - 1]`` and ``text[cursor]``.
    cursor: int = 0
    #: The whole text is selected: the next character typed or pasted replaces it.
    selected: bool = False

    def insert(self, characters: str) -> LineEdit:
        """Type or paste ``characters`` at the cursor (in place of the text if selected)."""
        text, cursor = ("", 0) if self.selected else (self.text, self.cursor)
        room = max(0, MAX_LENGTH - len(text))
        added = characters[:room]
        return LineEdit(text[:cursor] + added + text[cursor:], cursor + len(added))

    def select_all(self) -> LineEdit:
        return replace(self, cursor=len(self.text), selected=bool(self.text))

    def key(self, key: str) -> LineEdit | None:
        """The line after the editing key ``key`` (Textual's name for it), or ``None`` if it is
        no editing key."""
        text, cursor = self.text, self.cursor
        if self.selected and key in ("backspace", "delete", "ctrl+u", "ctrl+k", "ctrl+w"):
            return LineEdit()
        if key == "backspace":
            return LineEdit(text[: cursor - 1] + text[cursor:], cursor - 1) if cursor else self
        if key == "delete":
            return LineEdit(text[:cursor] + text[cursor + 1 :], cursor)
        if key == "ctrl+u":
            return LineEdit(text[cursor:], 0)
        if key == "ctrl+k":
            return LineEdit(text[:cursor], cursor)
        if key == "ctrl+w":
            start = len(text[:cursor].rstrip())
            while start and not text[start - 1].isspace():
                start -= 1
            return LineEdit(text[:start] + text[cursor:], start)
        moved = {
            "left": 0 if self.selected else max(0, cursor - 1),
            "right": len(text) if self.selected else min(len(text), cursor + 1),
            "home": 0,
            "ctrl+a": 0,
            "end": len(text),
            "ctrl+e": len(text),
        }
        if key in moved:
            return LineEdit(text, moved[key])
        return None
