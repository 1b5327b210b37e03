"""Choosing a free seat at a table with several (or watching instead)."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.css_files import css_files
from tui.plain_text import plain

#: The answer for "just watch".
WATCH = -1


class SeatChoiceScreen(ModalScreen[int | None]):
    """Dismisses with the chosen seat, ``WATCH``, or ``None`` (Esc)."""

    CSS_PATH = css_files(__file__, "../screens/dialog.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="seat.cancel")]

    def __init__(self, seats: Sequence[tuple[int, str]]) -> None:
        super().__init__()
        self.seats = list(seats)

    def compose(self) -> ComposeResult:
        options = [Option(plain(f"Sit as {name}"), id=str(seat)) for seat, name in self.seats]
        options.append(Option("Just watch", id=str(WATCH)))
        with Vertical(classes="dialog"):
            yield Static("Which seat?", classes="dialog-title")
            yield OptionList(*options, id="choice-list")
            yield Static("Enter chooses · Esc goes back", classes="dialog-muted")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or WATCH))

    def action_cancel(self) -> None:
        self.dismiss(None)
