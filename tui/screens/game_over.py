"""The end of a game: who won, why, the final scores; review it, start anew or quit."""

from __future__ import annotations

from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.css_files import css_files
from tui.plain_text import plain

GameOverChoice = Literal["review", "new", "quit"]


class GameOverScreen(ModalScreen[GameOverChoice]):
    """Names, the reason and the file name are shown as plain text, never as markup."""

    CSS_PATH = css_files(__file__, "dialog.tcss")
    BINDINGS = [
        Binding("r,escape", "choose('review')", "Review", id="over.review"),
        Binding("n", "choose('new')", "New game", id="over.new"),
        Binding("q", "choose('quit')", "Quit", id="over.quit"),
    ]

    def __init__(self, headline: str, reason: str, scores: str, note: str = "") -> None:
        super().__init__()
        self.headline = headline
        self.reason = reason
        self.scores = scores
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="over-box"):
            yield Static("Game over", classes="dialog-title")
            yield Static(plain(self.headline), id="over-headline")
            yield Static(plain(self.reason), id="over-reason", classes="dialog-text")
            if self.scores:
                yield Static(plain(f"Final scores: {self.scores}"), id="over-scores")
            if self.note:
                yield Static(plain(self.note), id="over-note", classes="dialog-muted")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Review (r)", id="review", variant="primary", compact=True)
                yield Button("New game (n)", id="new", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)

    def on_mount(self) -> None:
        # The dialog can be dismissed (a computer game closing, the app quitting) before its
        # children are mounted; then there is nothing to focus.
        for button in self.query("#review").results(Button):
            button.focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "review")

    def action_choose(self, choice: str) -> None:
        if choice in ("review", "new", "quit"):
            self.dismiss(choice)  # type: ignore[arg-type]
