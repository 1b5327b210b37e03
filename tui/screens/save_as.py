"""Saving the game under a name the player types; dismisses with the file, or ``None``.

The dialog stays open when saving fails (a name already taken, a full disk) and says why.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from saves.errors import SaveError
from tui.css_files import css_files
from tui.plain_text import clean, plain
from tui.widgets.plain_input import PlainInput


class SaveAsScreen(ModalScreen[Path | None]):
    CSS_PATH = css_files(__file__, "dialog.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="save.cancel")]

    def __init__(
        self,
        suggestion: str,
        save: Callable[[str], Path],
        *,
        prompt: str = "Save this game as",
        hint: str = "Enter saves · Esc cancels",
    ) -> None:
        """``save`` does the work (renaming, importing ... as well) and raises SaveError."""
        super().__init__()
        self.suggestion = suggestion
        self.save = save
        self.prompt = prompt
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(self.prompt), classes="dialog-title")
            # A file name may hold what a terminal obeys: offered without it.
            yield PlainInput(value=clean(self.suggestion), id="save-name", compact=True)
            yield Static("", id="save-error", classes="dialog-error")
            yield Static(self.hint, classes="dialog-muted")

    def on_mount(self) -> None:
        self.query_one("#save-name", Input).focus()

    def show_error(self, message: str) -> None:
        self.query_one("#save-error", Static).update(plain(message))  # may name the file

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.show_error("Type a name for the file.")
            return
        try:
            path = self.save(name)
        except SaveError as error:
            self.show_error(str(error))
            return
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)
