"""The question put to the other players when someone asks to take a move back."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.css_files import css_files
from tui.plain_text import plain
from tui.play.takeback import Takeback


class TakebackScreen(ModalScreen[bool | None]):
    """Dismisses with ``True`` (agree) or ``False`` (refuse); ``None`` if the question lapsed.

    The question comes unasked, maybe while this player types a move: Enter refuses, from the
    first instant it shows (``AUTO_FOCUS``), so a stray Enter never takes a move back."""

    CSS_PATH = css_files(__file__, "../screens/dialog.tcss")
    AUTO_FOCUS = "#no"
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

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
