"""Choosing between moves that share the same squares (e.g. what a piece turns into)."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from core.game import Move
from tui.css_files import css_files


class MoveChoiceScreen(ModalScreen[Move | None]):
    CSS_PATH = css_files(__file__, "dialog.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choice.cancel")]

    def __init__(self, choices: Sequence[tuple[str, Move]]) -> None:
        super().__init__()
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="choice-box"):
            yield Static("Which move?", classes="dialog-title")
            yield OptionList(*(notation for notation, _ in self.choices), id="choice-list")
            yield Static("Enter plays · Esc cancels", classes="dialog-muted")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[event.option_index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)
