"""A yes-or-no question: the offer to resume the game in progress when the app starts, and
confirmations such as deleting a file; dismisses with the answer."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.css_files import css_files
from tui.plain_text import plain


class ResumeScreen(ModalScreen[bool]):
    CSS_PATH = css_files(__file__, "dialog.tcss")
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="resume.yes"),
        Binding("n,escape", "answer(False)", "No", id="resume.no"),
    ]

    def __init__(self, question: str, *, default: bool = True) -> None:
        """``default``: the answer Enter gives at first (a question before deleting: no)."""
        super().__init__()
        self.question = question
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(self.question), classes="dialog-text")  # names, file names
            with Horizontal(classes="dialog-buttons"):
                yield Button("Yes (y)", id="yes", variant="primary", compact=True)
                yield Button("No (n)", id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#yes" if self.default else "#no", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
