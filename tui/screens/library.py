"""The library: every saved game in a table, to find, open, rename, delete, import and export.

The listing comes from the files' tags alone (``saves.library.list_games``), so a thousand
games show at once; a file that cannot be read is listed with its problem and hides nothing.
The table sorts by any column (keys ``1``-``6`` or a click on the header; again reverses) and
filters as the player types after ``/`` (every word must match the game, a player, the result,
the date or the file name; ``saves.catalog``).

Enter (or a click) opens a game for review; ``p`` plays an unfinished one on, as it stood.
``u`` switches to the unfinished games of the autosave folder (``saves.unfinished``), each
with whose turn it is, its moves and when it was last played: Enter resumes one, ``d``
deletes one (after asking). The screen dismisses with a ``LibraryChoice``, or ``None`` when
the player goes back. A read-only library (the server's games, seen over SSH) only lists and
opens saved games for review.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Click
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.widgets.data_table import RowDoesNotExist, RowKey

from core.record import GameRecord
from saves.catalog import COLUMNS, Column, filter_entries, players_text, result_text, sort_entries
from saves.errors import SaveError
from saves.library import LibraryEntry
from saves.paths import games_dir
from saves.unfinished import UnfinishedGame
from tui.host import host
from tui.plain_text import plain, plain_cell
from tui.screens.library_unfinished import UnfinishedSection
from tui.screens.resume import ResumeScreen
from tui.screens.save_as import SaveAsScreen
from tui.textual_internals import SelfMeasuringDataTable
from tui.widgets.key_footer import KeyFooter
from tui.widgets.plain_input import PlainInput

#: Heading and width of each column; the file name takes what is left.
HEADINGS: dict[Column, tuple[str, int | None]] = {
    "game": ("Game", 13),
    "players": ("Players", 15),
    "result": ("Result", 7),
    "moves": ("Moves", 5),
    "date": ("Date", 10),
    "file": ("File", None),
}
UNREADABLE = "unreadable"
NO_GAMES_YET = "No saved games yet: ctrl+s on the board saves one, i imports a file."
#: What a read-only library does not offer: everything that writes, and playing on.
WRITING_ACTIONS = frozenset({"play_on", "rename", "delete", "import", "export", "unfinished"})
#: What the list of unfinished games does not offer (their files are named by pawnshop).
SAVED_ONLY_ACTIONS = frozenset({"rename", "import", "export", "sort"})


@dataclass(frozen=True, slots=True)
class LibraryChoice:
    """The game the player opened: its record, its file, and whether to review it (else it
    is played on as it stood)."""

    record: GameRecord
    path: Path
    review: bool = True


def row_cells(entry: LibraryEntry) -> tuple[Text, ...]:
    """The table's cells for one entry, in column order: plain text, never read as markup
    (a player may well be called ``[b]ob``)."""
    if not entry.ok:
        cells = (UNREADABLE, "", "", "", "", entry.name)
    else:
        cells = (
            entry.game_name,
            players_text(entry),
            result_text(entry),
            str(entry.plies),
            entry.date,
            entry.name,
        )
    return tuple(plain_cell(cell) for cell in cells)


class SavedGamesTable(SelfMeasuringDataTable[Text]):
    """The saved games, a row each: one click on a row opens it (a plain table needs two);
    Home and End go to the first and the last game."""

    BINDINGS = [
        Binding("home", "scroll_top", "First game", show=False, id="library.first"),
        Binding("end", "scroll_bottom", "Last game", show=False, id="library.last"),
    ]

    def measure_new_rows(self, new_rows: Iterable[RowKey]) -> None:
        """Size the columns for the rows just added. Every cell here is one line of plain
        ``Text`` (``row_cells``), so its width is its length: measured directly, not through
        Rich's measuring of any renderable, which costs most of showing a thousand games."""
        columns = self.ordered_columns
        for row_key in new_rows:
            try:
                cells = self.get_row(row_key)
            except RowDoesNotExist:  # removed before the table was next idle
                continue
            for column, cell in zip(columns, cells, strict=True):
                if isinstance(cell, Text):
                    column.content_width = max(column.content_width, cell.cell_len)

    def on_click(self, event: Click) -> None:
        row = event.style.meta.get("row", -1)
        if row >= 0:  # not the header
            event.prevent_default()
            event.stop()
            self.move_cursor(row=row)
            self.action_select_cursor()


class LibraryScreen(Screen[LibraryChoice | None]):
    CSS_PATH = "library.tcss"
    HELP_TITLE = "Keys in the library of saved games"
    BINDINGS = [
        Binding("enter", "open", "Open", id="library.open"),
        Binding("p", "play_on", "Play on", show=False, id="library.play_on"),
        Binding("slash", "filter", "Filter", id="library.filter"),
        Binding("r", "rename", "Rename", id="library.rename"),
        Binding("d,delete", "delete", "Delete", id="library.delete"),
        Binding("i", "import", "Import", id="library.import"),
        Binding("e", "export", "Export", id="library.export"),
        Binding("u", "unfinished", "Unfinished games", show=False, id="library.unfinished"),
        Binding("up", "move(-1)", "Up", show=False, id="library.up"),
        Binding("down", "move(1)", "Down", show=False, id="library.down"),
        *(
            Binding(
                str(number),
                f"sort('{column}')",
                f"Sort by {column}",
                show=False,
                id=f"library.sort.{column}",
            )
            for number, column in enumerate(COLUMNS, start=1)
        ),
        Binding("escape", "back", "Back", id="library.back"),
    ]

    def __init__(self, *, read_only: bool = False) -> None:
        super().__init__()
        self.read_only = read_only
        self.entries: list[LibraryEntry] = []
        self.shown: list[LibraryEntry] = []
        self.unfinished_section = UnfinishedSection(self)
        self.sort_column: Column = "date"
        self.descending = True
        #: What was just done, said while the cursor stays on the file it was done to.
        self.note: tuple[Path | None, str] | None = None

    @property
    def showing_unfinished(self) -> bool:
        """True while the table lists the unfinished games instead of the saved ones."""
        return self.unfinished_section.showing

    @property
    def unfinished_ready(self) -> bool:
        """True once the unfinished games shown have been read."""
        return self.unfinished_section.ready

    @property
    def unfinished(self) -> list[UnfinishedGame]:
        """The unfinished games, as last read."""
        return self.unfinished_section.games

    def action_unfinished(self) -> None:
        """Switch between the saved games and the unfinished ones."""
        self.unfinished_section.toggle()

    def compose(self) -> ComposeResult:
        yield Static("Saved games", id="library-title")
        yield PlainInput(
            placeholder="/ filters: type a game, a player, a date or a file name",
            id="library-filter",
            compact=True,
        )
        yield SavedGamesTable(id="library-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="library-detail")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.showing_unfinished and action in SAVED_ONLY_ACTIONS:
            return False
        return not (self.read_only and action in WRITING_ACTIONS)

    # -- the listing ----------------------------------------------------------------------------

    def reload(self, keep: Path | None = None) -> None:
        """Read the folder again and show it, with the cursor on ``keep`` if it is listed
        (the unfinished games are counted, and read again if they are shown)."""
        self.unfinished_section.count_games()
        try:
            self.entries = host(self).storage.list_games()
        except SaveError as error:
            self.entries = []
            self.show_table(keep)
            self.say(str(error), error=True)
            return
        self.show_table(keep)

    def show_table(self, keep: Path | None = None) -> None:
        """Fill the table with the entries the filter lets through, in the chosen order."""
        if self.showing_unfinished:
            self.unfinished_section.show(keep)
            self._show_title()
            self._describe(None)
            return
        table = self.query_one(DataTable)
        if keep is None:
            current = self.highlighted()
            keep = current.path if current is not None else None
        query = self.query_one("#library-filter", Input).value
        ordered = sort_entries(self.entries, self.sort_column, descending=self.descending)
        self.shown = filter_entries(ordered, query)
        table.clear(columns=True)
        for column in COLUMNS:
            heading, width = HEADINGS[column]
            if column == self.sort_column:
                heading += " ▼" if self.descending else " ▲"
            table.add_column(Text(heading), width=width, key=column)
        for index, entry in enumerate(self.shown):
            table.add_row(*row_cells(entry), key=str(index))
        rows = [index for index, entry in enumerate(self.shown) if entry.path == keep]
        if rows:
            table.move_cursor(row=rows[0], animate=False)
        self._show_title()
        self._describe(self.highlighted())

    def _show_title(self) -> None:
        if self.showing_unfinished:
            self.query_one("#library-title", Static).update(self.unfinished_section.title())
            return
        total, shown = len(self.entries), len(self.shown)
        count = f"{total} game{'' if total == 1 else 's'}"
        if shown != total:
            count = f"{shown} of {count} match"
        heading = HEADINGS[self.sort_column][0].lower()
        arrow = "▼" if self.descending else "▲"
        title = f"Saved games · {count} · by {heading} {arrow} · keys 1-6 sort"
        if self.unfinished_section.count:
            title += f" · u: {self.unfinished_section.count} unfinished"
        self.query_one("#library-title", Static).update(title)

    def highlighted(self) -> LibraryEntry | None:
        """The saved game under the cursor (none while the unfinished games are shown)."""
        table = self.query_one(DataTable)
        if self.showing_unfinished or not self.shown or table.row_count == 0:
            return None
        return self.shown[min(table.cursor_row, len(self.shown) - 1)]

    def say(self, message: str, *, error: bool = False) -> None:
        detail = self.query_one("#library-detail", Static)
        detail.update(plain(message))  # file names, problems found in files
        detail.set_class(error, "-error")

    def tell(self, message: str) -> None:
        """Say what was just done; it stays until the cursor moves to another file."""
        self.note = (self._highlighted_path(), message)
        self.say(message)

    def _highlighted_path(self) -> Path | None:
        entry = (
            self.unfinished_section.highlighted() if self.showing_unfinished else self.highlighted()
        )
        return entry.path if entry is not None else None

    def _describe(self, entry: LibraryEntry | None) -> None:
        if self.note is not None:
            if self.note[0] == self._highlighted_path():
                self.say(self.note[1])
                return
            self.note = None
        if self.showing_unfinished:
            self.unfinished_section.describe()
            return
        if entry is None:
            if not self.entries:
                self.say("No saved games yet." if self.read_only else NO_GAMES_YET)
            else:
                self.say("No game matches the filter: Esc clears it.")
        elif not entry.ok:
            self.say(entry.problem or "", error=True)
        else:
            when = f"{entry.date} {entry.time}".strip()
            more = " · p plays it on" if entry.result == "*" and not self.read_only else ""
            self.say(f"{entry.name} · {when} · Enter reviews it{more}")

    @on(DataTable.RowHighlighted)
    def row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._describe(self.highlighted())

    @on(DataTable.HeaderSelected)
    def header_clicked(self, event: DataTable.HeaderSelected) -> None:
        if self.showing_unfinished:  # listed by when they were last played, always
            return
        self.action_sort(str(event.column_key.value))

    @on(Input.Changed, "#library-filter")
    def filter_changed(self) -> None:
        self.show_table()

    # -- keys -----------------------------------------------------------------------------------

    def action_sort(self, column: str) -> None:
        chosen = next(c for c in COLUMNS if c == column)
        if chosen == self.sort_column:
            self.descending = not self.descending
        else:
            self.sort_column, self.descending = chosen, chosen in ("date", "moves")
        self.show_table()

    def action_filter(self) -> None:
        self.query_one("#library-filter", Input).focus()

    def action_move(self, delta: int) -> None:
        table = self.query_one(DataTable)
        if table.row_count:
            row = min(max(table.cursor_row + delta, 0), table.row_count - 1)
            table.move_cursor(row=row)

    def action_back(self) -> None:
        entry = self.query_one("#library-filter", Input)
        if entry.value:
            entry.value = ""
            self.query_one(DataTable).focus()
            return
        self.dismiss(None)

    @on(DataTable.RowSelected)
    def row_selected(self) -> None:
        self._open(review=True)

    @on(Input.Submitted, "#library-filter")
    def filter_submitted(self) -> None:
        self._open(review=True)

    def action_open(self) -> None:
        self._open(review=True)

    def action_play_on(self) -> None:
        self._open(review=False)

    def _open(self, *, review: bool) -> None:
        if self.showing_unfinished:
            game = self.unfinished_section.highlighted()
            if game is None:
                self.unfinished_section.describe()
            else:
                self.dismiss(LibraryChoice(game.record, game.path, review=False))
            return
        entry = self._readable()
        if entry is None:
            return
        if not review and entry.result != "*":
            self.say(f"{entry.name} is a finished game: Enter reviews it", error=True)
            return
        try:
            record = host(self).storage.load(entry.path)
        except SaveError as error:
            self.say(str(error), error=True)
            return
        self.dismiss(LibraryChoice(record, entry.path, review))

    def _readable(self) -> LibraryEntry | None:
        """The highlighted entry if it is a readable save; otherwise say why not."""
        entry = self.highlighted()
        if entry is None:
            self._describe(None)
            return None
        if not entry.ok:
            self.say(entry.problem or "", error=True)
            return None
        return entry

    # -- managing files -------------------------------------------------------------------------

    def _ask_path(
        self, prompt: str, suggestion: str, hint: str, act: Callable[[str], Path], done: str
    ) -> None:
        """A dialog asking for a name or path; ``act`` does the work and raises SaveError
        (the dialog then stays open and says why). ``done`` is what the detail line says
        afterwards: ``{path}`` is the file written. A file written into the library gets the
        cursor."""

        def finished(path: Path | None) -> None:
            if path is None:
                self.say("nothing changed")
                return
            in_library = path.parent == games_dir(host(self).storage.data_dir)
            self.reload(keep=path if in_library else None)
            self.tell(done.format(name=path.name, path=path))

        screen = SaveAsScreen(suggestion, act, prompt=prompt, hint=hint)
        self.app.push_screen(screen, finished)

    def action_rename(self) -> None:
        entry = self.highlighted()  # a file that cannot be read may be renamed too
        if entry is None:
            self._describe(None)
            return
        storage = host(self).storage
        self._ask_path(
            f"Rename {entry.name} to",
            entry.path.stem,
            "Enter renames · Esc cancels",
            lambda name: storage.rename(entry.path, name),
            "renamed to {name}",
        )

    def action_delete(self) -> None:
        if self.showing_unfinished:
            self.unfinished_section.delete()
            return
        entry = self._readable()
        if entry is None:
            return
        question = (
            f"Delete {entry.name} ({entry.game_name}, {players_text(entry)}, "
            f"{entry.plies} move{'' if entry.plies == 1 else 's'})? This cannot be undone."
        )

        def answered(yes: bool | None) -> None:
            if not yes:
                self.say("nothing deleted")
                return
            try:
                host(self).storage.delete(entry.path)
            except SaveError as error:
                self.say(str(error), error=True)
                return
            self.reload()
            self.tell(f"deleted {entry.name}")

        self.app.push_screen(ResumeScreen(question, default=False), answered)

    def action_import(self) -> None:
        storage = host(self).storage
        self._ask_path(
            "Import a save file from",
            "",
            "Type the file's path · Enter imports a copy · Esc cancels",
            lambda text: storage.import_file(Path(text).expanduser()),
            "imported as {name}",
        )

    def action_export(self) -> None:
        entry = self._readable()
        if entry is None:
            return
        storage = host(self).storage
        self._ask_path(
            f"Export {entry.name} to",
            f"~/{entry.name}",
            "Type a path for the copy · Enter writes it · Esc cancels",
            lambda text: storage.export(entry.path, text),
            "exported to {path}",
        )
