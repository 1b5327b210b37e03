"""The board screen's move line: a move typed in notation after ``:``.

The line lies over the footer's row while it is open (one row that never moves, so opening and
closing it redraws that row and nothing else). The footer stays where it is under the line,
only covered: nothing else on the screen changes size or place, so opening and closing the
line arranges the bottom bar alone, and typing into it lays nothing out at all. The squares
typed so far show on the board as a selection; Enter plays the move, or says why not and keeps
the text, selected, so the next key typed starts afresh (a ``:`` typed out of habit is dropped)
and an arrow key edits it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input

from core.errors import PawnshopError
from tui.plain_text import clean
from tui.widgets.key_footer import KeyFooter
from tui.widgets.plain_input import PlainInput

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen


class MoveEntry(PlainInput):
    """The text field of the move line: one row as wide as the footer, whatever is typed.

    ``Input`` sets its ``virtual_size`` (the length of the text, which it scrolls along) at
    every key, and ``Widget.virtual_size`` lays the whole screen out at each change. The
    field's own size never changes with its text, and it scrolls by its ``virtual_size`` as
    it is, so here the length is kept without a layout.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class MoveLine:
    """The move line of one board screen (see the module's docstring)."""

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen

    @property
    def entry(self) -> MoveEntry:
        return self.screen.query_one("#move-entry", MoveEntry)

    @property
    def is_open(self) -> bool:
        return self.entry.has_class("-open")

    def open(self) -> None:
        screen, entry = self.screen, self.entry
        # Shown by its own style; its class only marks it open, without the stylesheet being
        # matched against the field again (no rule goes by it).
        entry.add_class("-open", update=False)
        entry.display = True
        screen.query_one(KeyFooter).covered = True
        entry.value = ""
        screen.set_focus(entry)  # at once: ``Widget.focus`` would wait for the keys queued
        screen.say("type a move in notation, e.g. " + self._example())

    def _example(self) -> str:
        record = self.screen.record
        moves = record.game.legal_moves(record.state)
        return record.game.format_move(record.state, moves[0]) if moves else "(none left)"

    def changed(self, text: str) -> None:
        """The squares typed so far show as a selection, with the squares it may go on to."""
        screen = self.screen
        screen.selection = screen.builder.typed_selection(text)
        screen.refresh_view()

    def submitted(self, entry: Input) -> None:
        """Play the typed move, or say why not (see the module's docstring)."""
        screen = self.screen
        record = screen.record
        text = entry.value.strip().removeprefix(":").strip()
        if not text or screen.computer_seats.refuse_turn():
            return
        try:
            move = record.game.parse_move(record.state, text)
        except PawnshopError as error:
            screen.say(str(error), error=True)
            entry.value = clean(entry.value)  # a paste may hold escapes: not shown
            entry.select_all()
            return
        self.close()
        screen.play(move)

    def close(self) -> None:
        entry = self.entry
        entry.remove_class("-open", update=False)
        entry.display = False
        self.screen.query_one(KeyFooter).covered = False
        self.screen.set_focus(None)
