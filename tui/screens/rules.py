"""The rules page of a game, rendered as Markdown and scrollable; Esc closes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from core.game import Game
from tui.css_files import css_files


def rules_markdown(game: Game) -> str:
    """The game's rules page, or a line saying it has none."""
    try:
        return game.rules_text()
    except (OSError, ModuleNotFoundError):
        return f"# {game.name}\n\nThis game has no rules page."


class RulesScreen(ModalScreen[None]):
    CSS_PATH = css_files(__file__, "rules.tcss")
    BINDINGS = [Binding("escape,f1,q", "close", "Close", id="rules.close")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box"):
            yield Static(f"Rules of {self.game.name}", id="rules-title")
            with VerticalScroll(id="rules-scroll"):
                yield Markdown(rules_markdown(self.game), id="rules-text")
            yield Static("↑ ↓ PgUp PgDn scroll · Esc closes", id="rules-hint")

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
