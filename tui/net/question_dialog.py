"""A yes-or-no question at a table: a player's own resignation, confirmed before it is sent."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.css_files import css_files
from tui.plain_text import plain


class QuestionScreen(ModalScreen[bool]):
    """Dismisses with ``True`` for ``y`` (or the first button), ``False`` for ``n`` or Esc.

    The question may come unasked (another player offers a draw) while this player types a
    move: the Enter that ends the move must never accept. So "no" has the focus from the
    first instant the question shows (``AUTO_FOCUS``, applied as it is composed), never the
    first button."""

    CSS_PATH = css_files(__file__, "../screens/dialog.tcss")
    AUTO_FOCUS = "#no"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="question.yes"),
        Binding("n,escape", "answer(False)", "No", id="question.no"),
    ]

    def __init__(self, title: str, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.title_text = title
        self.question = question
        self.yes_label = yes
        self.no_label = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(self.title_text), classes="dialog-title")
            yield Static(plain(self.question), id="question-text", classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes_label} (y)", id="yes", variant="error", compact=True)
                yield Button(f"{self.no_label} (n)", id="no", variant="primary", compact=True)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
