"""Adding or editing the comment on a move (or on the whole game, at the start position).

Dismisses with the new comment (``""`` removes it) or ``None`` when cancelled. The comment is
edited on one line; one that already holds line breaks is shown with spaces instead, and
stays as it was unless the text is changed.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.css_files import css_files
from tui.plain_text import clean, plain
from tui.widgets.plain_input import PlainInput


def one_line(text: str) -> str:
    return " ".join(text.split("\n")).replace("\r", " ")


class CommentScreen(ModalScreen[str | None]):
    CSS_PATH = css_files(__file__, "dialog.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="comment.cancel")]

    def __init__(self, subject: str, comment: str) -> None:
        """``subject`` names what is commented: ``"3. d4-c5"`` or ``"the game"``."""
        super().__init__()
        self.subject = subject
        self.comment = comment

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(f"Comment on {self.subject}"), classes="dialog-title")
            yield PlainInput(
                value=clean(one_line(self.comment)),
                placeholder="what is worth saying about this move",
                id="comment-text",
                compact=True,
            )
            yield Static(
                "Enter keeps it · an empty comment removes it · Esc cancels",
                classes="dialog-muted",
            )

    def on_mount(self) -> None:
        self.query_one("#comment-text", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        unchanged = text == clean(one_line(self.comment)).strip()
        self.dismiss(self.comment if unchanged else text)

    def action_cancel(self) -> None:
        self.dismiss(None)
