"""The question put to the other players when someone asks to take a move back."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.plain_text import plain
from tui.play.takeback import Takeback


class TakebackScreen(ModalScreen[bool | None]):
    """Dismisses with ``True`` (agree) or ``False`` (refuse); ``None`` if the question lapsed."""

    CSS_PATH = "../screens/dialog.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Agree", id="takeback.yes"),
        Binding("n,escape", "answer(False)", "Refuse", id="takeback.no"),
    ]

    def __init__(self, request: Takeback, question: str) -> None:
        super().__init__()
        self.request = request
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Take a move back?", classes="dialog-title")
            yield Static(plain(self.question), id="takeback-question", classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Agree (y)", id="yes", variant="primary", compact=True)
                yield Button("Refuse (n)", id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
