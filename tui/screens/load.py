"""The saved games: pick one to load. Files that cannot be read are listed with their problem."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Click
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core.record import GameRecord
from saves.errors import SaveError
from saves.library import LibraryEntry
from tui.host import host


def result_text(entry: LibraryEntry) -> str:
    return "in progress" if entry.result == "*" else entry.result


class SavedGamesTable(DataTable[str]):
    """The saved games, a row each: one click on a row opens it (a plain table needs two)."""

    def on_click(self, event: Click) -> None:
        row = event.style.meta.get("row", -1)
        if row >= 0:  # not the header
            event.prevent_default()
            event.stop()
            self.move_cursor(row=row)
            self.action_select_cursor()


class LoadScreen(Screen[GameRecord | None]):
    CSS_PATH = "load.tcss"
    HELP_TITLE = "Keys in the list of saved games"
    BINDINGS = [Binding("escape", "back", "Back", id="load.back")]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[LibraryEntry] = []

    def compose(self) -> ComposeResult:
        yield Static("Load a saved game", id="load-title")
        yield SavedGamesTable(id="load-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="load-detail")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Game", "Players", "Date", "Moves", "Result")
        try:
            self.entries = host(self).storage.list_games()
        except SaveError as error:
            self.show_detail(str(error), error=True)
            return
        for index, entry in enumerate(self.entries):
            if entry.ok:
                row = (
                    entry.game_name,
                    " vs ".join(entry.players),
                    f"{entry.date} {entry.time[:5]}".strip(),
                    str(entry.plies),
                    result_text(entry),
                )
            else:
                row = ("(cannot be read)", entry.name, "", "", "")
            table.add_row(*row, key=str(index))
        if not self.entries:
            self.show_detail("No saved games yet: ctrl+s on the board saves one.")
        table.focus()

    def show_detail(self, message: str, *, error: bool = False) -> None:
        detail = self.query_one("#load-detail", Static)
        detail.update(message)
        detail.set_class(error, "-error")

    def _entry(self, key: str | None) -> LibraryEntry | None:
        return self.entries[int(key)] if key is not None else None

    @on(DataTable.RowHighlighted)
    def highlighted(self, event: DataTable.RowHighlighted) -> None:
        entry = self._entry(event.row_key.value)
        if entry is None:
            return
        if entry.ok:
            self.show_detail(f"{entry.name}: Enter loads it")
        else:
            self.show_detail(entry.problem or "", error=True)

    @on(DataTable.RowSelected)
    def selected(self, event: DataTable.RowSelected) -> None:
        self.load(self._entry(event.row_key.value))

    def load(self, entry: LibraryEntry | None) -> None:
        if entry is None:
            return
        if not entry.ok:
            self.show_detail(entry.problem or "", error=True)
            return
        try:
            record = host(self).storage.load(entry.path)
        except SaveError as error:
            self.show_detail(str(error), error=True)
            return
        self.dismiss(record)

    def action_back(self) -> None:
        self.dismiss(None)
