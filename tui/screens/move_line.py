"""The board screen's move line: a move typed in notation after ``:``.

The line is drawn in the footer's row, over the keys (``KeyFooter.cover``), and its screen
hands it the keys while it is open (``BoardScreen.on_key``): no widget takes the focus and
nothing changes size or place, so opening the line, typing into it and closing it redraw that
one row and lay nothing out (a text field would restyle itself at each focus change and lay
the screen out as it showed and hid). The editing is ``tui.screens.line_edit``'s. The squares
typed so far show on the board as a selection; Enter plays the move, or says why not and keeps
the text, selected, so the next key typed starts afresh (a ``:`` typed out of habit is dropped)
and an arrow key edits it. A paste brings its first line, without anything a terminal would
obey (``tui.plain_text.clean``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.events import Key

from core.errors import PawnshopError
from tui.plain_text import clean
from tui.screens.line_edit import LineEdit
from tui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen

PLACEHOLDER = "type a move, Enter plays, Esc closes"
#: The cursor, and the text while it is selected.
CURSOR = Style(reverse=True)
PLACEHOLDER_STYLE = Style(dim=True)


def line_text(edit: LineEdit, width: int) -> Text:
    """The row the footer draws for ``edit``, ``width`` cells wide: a space, the text with its
    cursor (the end of a text longer than the row, as far as the cursor), the placeholder
    while there is no text."""
    row = Text(" ", no_wrap=True, overflow="crop", end="")
    if not edit.text:
        row.append(" ", CURSOR)
        row.append(PLACEHOLDER, PLACEHOLDER_STYLE)
        return row
    room = max(1, width - 2)  # the space before, and the cursor after the last character
    start = max(0, edit.cursor - room)
    shown = edit.text[start : start + room]
    if edit.selected:
        row.append(shown, CURSOR)
        return row
    at = edit.cursor - start
    row.append(shown[:at])
    row.append(shown[at : at + 1] or " ", CURSOR)
    row.append(shown[at + 1 :])
    return row


class MoveLine:
    """The move line of one board screen (see the module's docstring)."""

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen
        self.is_open = False
        self.edit = LineEdit()

    @property
    def text(self) -> str:
        return self.edit.text

    @property
    def footer(self) -> KeyFooter:
        return self.screen.query_one(KeyFooter)

    def open(self) -> None:
        self.is_open = True
        self._show(LineEdit())
        self.screen.say("type a move in notation, e.g. " + self._example())

    def _example(self) -> str:
        record = self.screen.record
        moves = record.game.legal_moves(record.state)
        return record.game.format_move(record.state, moves[0]) if moves else "(none left)"

    def key(self, event: Key) -> bool:
        """A key pressed while the line is open: Enter plays, Esc closes (as the screen's
        cancel key), editing keys edit, a printable key types itself. Whether the key was the
        line's: any other (F1, Ctrl+Z, the cursor's up and down) is left to the screen's
        bindings, as a text field leaves them."""
        if event.key == "enter":
            self.submitted()
        elif event.key == "escape":
            self.screen.action_cancel()
        elif (edited := self.edit.key(event.key)) is not None:
            self._edited(edited)
        elif event.is_printable and event.character:
            self._edited(self.edit.insert(event.character))
        else:
            return False
        return True

    def paste(self, text: str) -> None:
        if text:
            self._edited(self.edit.insert(clean(text.splitlines()[0])))

    def _edited(self, edit: LineEdit) -> None:
        changed = edit.text != self.edit.text
        self._show(edit)
        if changed:
            self.changed(edit.text)

    def _show(self, edit: LineEdit) -> None:
        self.edit = edit
        footer = self.footer
        footer.cover(line_text(edit, footer.size.width))

    def changed(self, text: str) -> None:
        """The squares typed so far show as a selection, with the squares it may go on to."""
        screen = self.screen
        screen.selection = screen.builder.typed_selection(text)
        screen.refresh_view()

    def submitted(self) -> None:
        """Play the typed move, or say why not (see the module's docstring)."""
        screen = self.screen
        record = screen.record
        text = self.text.strip().removeprefix(":").strip()
        if not text or screen.typed_move_refused():
            return
        try:
            move = record.game.parse_move(record.state, text)
        except PawnshopError as error:
            screen.say(str(error), error=True)
            self._show(self.edit.select_all())
            return
        self.close()
        screen.play(move)

    def close(self) -> None:
        self.is_open = False
        self.edit = LineEdit()
        self.footer.uncover()
