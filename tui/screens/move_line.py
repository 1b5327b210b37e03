"""The board screen's move line: a move typed in notation after ``:``.

The line takes the footer's row while it is open (one row that never moves, so opening and
closing it redraws that row and nothing else). The squares typed so far show on the board as a
selection; Enter plays the move, or says why not and keeps the text, selected, so the next key
typed starts afresh (a ``:`` typed out of habit is dropped) and an arrow key edits it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

from core.errors import PawnshopError
from tui.plain_text import clean
from tui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen


class MoveLine:
    """The move line of one board screen (see the module's docstring)."""

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen

    @property
    def entry(self) -> Input:
        return self.screen.query_one("#move-entry", Input)

    @property
    def is_open(self) -> bool:
        return self.entry.has_class("-open")

    def open(self) -> None:
        screen, entry = self.screen, self.entry
        entry.add_class("-open")
        screen.query_one(KeyFooter).display = False  # the move line takes the footer's row
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
        self.entry.remove_class("-open")
        self.screen.query_one(KeyFooter).display = True
        self.screen.set_focus(None)
