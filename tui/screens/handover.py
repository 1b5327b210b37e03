"""Hot-seat handover: hides the board while the keyboard passes to the next player."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.css_files import css_files
from tui.plain_text import plain


class HandoverScreen(ModalScreen[None]):
    """Shown when a game holds secrets and the turn passes: the next player sees only theirs."""

    CSS_PATH = css_files(__file__, "dialog.tcss")
    BINDINGS = [Binding("enter,space", "ready", "Ready", id="handover.ready")]

    def __init__(self, player: str) -> None:
        super().__init__(classes="-opaque")
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(f"{self.player} to play"), classes="dialog-title")
            yield Static(
                plain(f"Pass the keyboard to {self.player}, who presses Enter when ready."),
                classes="dialog-text",
            )

    def action_ready(self) -> None:
        self.dismiss(None)
