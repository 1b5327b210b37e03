"""The help overlay: every key of the screen beneath it, from that screen's own bindings."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.css_files import css_files


class HelpScreen(ModalScreen[None]):
    CSS_PATH = css_files(__file__, "help.tcss")
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close", id="help.close")]

    def __init__(self, title: str, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for keys, description in self.rows:
            table.add_row(keys, description)
        with Vertical(id="help-box"):
            yield Static(self.title_text, id="help-title")
            with VerticalScroll(id="help-scroll"):
                yield Static(table, id="help-keys")
            yield Static("Esc or ? closes", id="help-hint")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
