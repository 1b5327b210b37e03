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

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from core.record import GameRecord
from saves.catalog import COLUMNS, Column, players_text
from saves.errors import SaveError
from saves.library import LibraryEntry, exports_dir
from saves.paths import games_dir
from saves.unfinished import UnfinishedGame
from tui.css_files import css_files
from tui.host import host
from tui.plain_text import cells, clip, plain
from tui.play.library_pages import LibraryPages
from tui.screens.downloads import NOT_SENT, browser_download, sent_sentence
from tui.screens.library_sync import LibrarySync
from tui.screens.library_table import HEADINGS, SavedGamesTable
from tui.screens.library_unfinished import UnfinishedSection
from tui.screens.resume import ResumeScreen
from tui.screens.save_as import SaveAsScreen
from tui.widgets.key_footer import KeyFooter
from tui.widgets.plain_input import PlainInput

NO_GAMES_YET = "No saved games yet: ctrl+s on the board saves one, i imports a file."
READING = "Reading the saved games…"
#: A library the index counts fewer games in than this waits, when the screen opens, for
#: its first sync (a few milliseconds for a few hundred files) before it takes keys, so that
#: it opens on the files as they are; a larger one shows the index as it was at once, and
#: the games again when the sync ends.
WAIT_BELOW = 2000
#: The longest the screen waits for that first sync.
WAIT_SECONDS = 2.0
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


class LibraryScreen(Screen[LibraryChoice | None]):
    CSS_PATH = css_files(__file__, "library.tcss")
    HELP_TITLE = "Keys in the library of saved games"
    BINDINGS = [
        Binding("enter", "open", "Open", id="library.open"),
        Binding("p", "play_on", "Play on", show=False, id="library.play_on"),
        Binding("slash", "filter", "Filter", id="library.filter", priority=True),
        Binding("r", "rename", "Rename", id="library.rename"),
        Binding("d,delete", "delete", "Delete", id="library.delete"),
        Binding("i", "import", "Import", id="library.import"),
        Binding("e", "export", "Export", id="library.export"),
        Binding("u", "unfinished", "Unfinished games", show=False, id="library.unfinished"),
        Binding("k,up", "move(-1)", "Up", show=False, id="library.up"),
        Binding("j,down", "move(1)", "Down", show=False, id="library.down"),
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
        #: The index and its syncs, from the time the screen is mounted.
        self.library_sync: LibrarySync | None = None
        #: The saved games listed: in the chosen order, those the filter lets through.
        self.shown: LibraryPages | list[LibraryEntry] = []
        #: True once the games listed are the files as the first sync found them.
        self.synced = False
        #: Why the games folder could not be read, if it could not.
        self.problem: str | None = None
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

    @property
    def entries(self) -> LibraryPages | list[LibraryEntry]:
        """Every saved game in the library's own order (newest first), read a page at a
        time."""
        if self.library_sync is None:
            return []
        return LibraryPages(self.library_sync.reader)

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

    async def on_mount(self) -> None:
        self.library_sync = sync = LibrarySync(self, self._synced)
        self.unfinished_section.count_games()
        self.show_table()
        self.query_one(DataTable).focus()
        small = len(self.entries) < WAIT_BELOW
        sync.start()
        sync.watch()
        if small:
            await sync.wait(WAIT_SECONDS)

    def on_unmount(self) -> None:
        if self.library_sync is not None:
            self.library_sync.close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.showing_unfinished and action in SAVED_ONLY_ACTIONS:
            return False
        if action == "export" and browser_download(self.app) is not None:
            return True  # a download: nothing is written on the server
        return not (self.read_only and action in WRITING_ACTIONS)

    # -- the listing ----------------------------------------------------------------------------

    def reload(self, keep: Path | None = None, then: Callable[[], None] | None = None) -> None:
        """Sync the index with the files and list them again, with the cursor on ``keep`` if
        it is listed near where the cursor was; ``then`` runs once they are listed (the
        unfinished games are counted, and read again if they are shown)."""
        self.unfinished_section.count_games()
        if self.library_sync is None:
            return

        def listed() -> None:
            self.show_table(keep)
            if then is not None:
                then()

        self.library_sync.start(listed)

    def _synced(self, notices: list[str], problem: str | None) -> None:
        """A sync has ended: list the games again and say what there is to say about the
        index or the folder."""
        self.synced = True
        self.problem = problem
        self.show_table()
        said = (self.library_sync.notices() if self.library_sync else []) + notices
        if problem:
            self.say(problem, error=True)
        elif said:
            self.tell(" ".join(said))

    def show_table(self, keep: Path | None = None, *, stay: bool = True) -> None:
        """List the games the filter lets through, in the chosen order, with the cursor on
        ``keep`` (else on the game it was on) if it is listed near where the cursor was or
        on the first page; otherwise on the row it was on (``stay``) or the first."""
        if self.showing_unfinished:
            self.unfinished_section.show(keep)
            self._show_title()
            self._describe(None)
            return
        table = self.query_one(SavedGamesTable)
        sync = self.library_sync
        if sync is None:
            return
        was = table.cursor if table.pages is not None else 0
        if keep is None:
            current = self.highlighted()
            keep = current.path if current is not None else None
        query = self.query_one("#library-filter", Input).value
        self.shown = pages = LibraryPages(sync.reader, self.sort_column, self.descending, query)
        found = pages.find(keep, near=was) if keep is not None else None
        if found is None:
            found = was if stay else 0
        table.show(pages, self.sort_column, self.descending, found)
        self._show_title()
        self._describe(self.highlighted())

    def _show_title(self) -> None:
        if self.showing_unfinished:
            self.query_one("#library-title", Static).update(self.unfinished_section.title())
            return
        shown = len(self.shown)
        query = self.query_one("#library-filter", Input).value
        total = len(self.entries) if query.split() else shown
        count = f"{total} game{'' if total == 1 else 's'}"
        if shown != total:
            count = f"{shown} of {count} match"
        heading = HEADINGS[self.sort_column].lower()
        arrow = "▼" if self.descending else "▲"
        title = f"Saved games · {count} · by {heading} {arrow} · keys 1-6 sort"
        if self.unfinished_section.count:
            title += f" · u: {self.unfinished_section.count} unfinished"
        self.query_one("#library-title", Static).update(title)

    def highlighted(self) -> LibraryEntry | None:
        """The saved game under the cursor (none while the unfinished games are shown)."""
        table = self.query_one(SavedGamesTable)
        if self.showing_unfinished or table.pages is None or table.row_count == 0:
            return None
        try:
            return table.pages[table.cursor]
        except IndexError:
            return None

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
            if self.problem:
                self.say(self.problem, error=True)
            elif not self.entries:
                if not self.synced:
                    self.say(READING)
                else:
                    self.say("No saved games yet." if self.read_only else NO_GAMES_YET)
            else:
                self.say("No game matches the filter: Esc clears it.")
        elif not entry.ok:
            self.say(entry.problem or "", error=True)
        else:
            when = f"{entry.date} {entry.time}".strip()
            more = " · p plays it on" if entry.result == "*" and not self.read_only else ""
            self.say_fitted(entry.name, f" · {when} · Enter reviews it{more}")

    def say_fitted(self, name: str, rest: str) -> None:
        """Say ``name`` and then ``rest`` on one line, ``name`` cut to fit if need be (a
        file name of 60 cells at 80 columns), so that ``rest`` (the keys) shows whole."""
        width = self.query_one("#library-detail", Static).content_region.width
        width = width or self.app.size.width - 2
        self.say(clip(name, max(width - cells(rest), 8)) + rest)

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
        self.show_table(stay=False)

    # -- keys -----------------------------------------------------------------------------------

    def action_sort(self, column: str) -> None:
        chosen = next(c for c in COLUMNS if c == column)
        if chosen == self.sort_column:
            self.descending = not self.descending
        else:
            self.sort_column, self.descending = chosen, chosen in ("date", "moves")
        self.show_table(stay=False)

    def action_filter(self) -> None:
        """Go to the filter; in it, "/" is typed like any other character (``1/2-1/2``).

        "/" is a priority key so that the filter has the focus at once: ``Widget.focus``
        would wait for the keys queued after it, and the table would take them (a ``1``
        typed in a burst would sort instead of filter)."""
        field = self.query_one("#library-filter", Input)
        if self.focused is field:
            field.insert_text_at_cursor("/")
        else:
            self.set_focus(field)

    def action_move(self, delta: int) -> None:
        table = self.query_one(SavedGamesTable)
        if table.pages is not None:
            table.go(table.cursor + delta)
        elif table.row_count:
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

    @work(thread=True, exclusive=True, group="library-download")
    def _send(self, entry: LibraryEntry, download: Callable[[str, bytes], bool]) -> None:
        """Read the game's file off the loop and hand it to the player's browser."""
        try:
            data = entry.path.read_bytes()
        except OSError as error:
            self.app.call_from_thread(self.say, f"{entry.name} cannot be read: {error}", error=True)
            return
        sent = self.app.call_from_thread(download, entry.name, data)
        said = sent_sentence(entry.name) if sent else NOT_SENT
        self.app.call_from_thread(self.tell if sent else self.say, said)

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
            said = done.format(name=path.name, path=path)
            self.reload(keep=path if in_library else None, then=lambda: self.tell(said))

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
            self.reload(then=lambda: self.tell(f"deleted {entry.name}"))

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
        download = browser_download(self.app)
        if download is not None:
            self._send(entry, download)
            return
        storage = host(self).storage
        self._ask_path(
            f"Export {entry.name} to",
            str(exports_dir(storage.data_dir) / entry.name),
            "Type a path for the copy · Enter writes it · Esc cancels",
            lambda text: storage.export(entry.path, text),
            "exported to {path}",
        )
