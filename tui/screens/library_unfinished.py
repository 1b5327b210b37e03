"""The library's list of unfinished games (``u``): every game of the autosave folder, with
whose turn it is, its moves and when it was last played; Enter resumes one, ``d`` deletes one
after asking.

Each autosave is read in full to know whose turn it is (a long game of Chase takes some tens
of milliseconds), so the games are read on a thread of their own whenever the list is shown,
and the table fills in when they are read; until then the saved games' title counts the files.
``UnfinishedSection`` is mixed into ``LibraryScreen``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.widgets import DataTable, Input

from saves.errors import SaveError
from saves.unfinished import UnfinishedGame
from tui.host import host
from tui.screens.resume import ResumeScreen
from tui.screens.unfinished_rows import (
    NO_UNFINISHED,
    UNFINISHED_HEADINGS,
    filter_unfinished,
    unfinished_cells,
    unfinished_detail,
)

if TYPE_CHECKING:
    from tui.app import PawnshopApp
    from tui.screens.library import LibraryScreen

READING = "Reading the unfinished games…"


class UnfinishedSection:
    """The unfinished games' half of the library screen (see the module's docstring)."""

    #: True while the table lists the unfinished games instead of the saved ones.
    showing_unfinished = False
    #: True once the games shown have been read (since the list was last asked for).
    unfinished_ready = False
    #: How many unfinished games there are, counted from the files without reading them.
    unfinished_count = 0

    def init_unfinished(self) -> None:
        self.unfinished: list[UnfinishedGame] = []
        self.unfinished_shown: list[UnfinishedGame] = []
        #: Counts the readings asked for: only the last one's result is shown.
        self._readings = 0

    def count_unfinished(self: LibraryScreen) -> None:
        """Count the unfinished games (for the saved games' title), and read them again if
        they are shown."""
        if self.read_only:
            return
        self.unfinished_count = len(host(self).storage.unfinished_files())
        if self.showing_unfinished:
            self.start_reading_unfinished()

    def start_reading_unfinished(self: LibraryScreen, then: str = "") -> None:
        """Read the unfinished games on a thread; ``then`` is said once they are shown."""
        self._readings += 1
        self.unfinished_ready = False
        self._read_unfinished(host(self), self._readings, then)

    @work(thread=True, group="unfinished-games")
    def _read_unfinished(self, app: PawnshopApp, reading: int, then: str) -> None:
        try:
            games, bad = app.storage.list_unfinished()
            problems = [item.problem for item in bad]
        except SaveError as error:
            games, problems = [], [str(error)]
        app.call_from_thread(self._unfinished_read, reading, games, problems, then)

    def _unfinished_read(
        self: LibraryScreen,
        reading: int,
        games: list[UnfinishedGame],
        problems: list[str],
        then: str,
    ) -> None:
        if reading != self._readings or not self.is_mounted:
            return  # a newer reading is on its way, or the library is gone
        self.unfinished = games
        self.unfinished_count = len(games)
        self.unfinished_ready = True
        self.show_table()
        if problems:
            self.say("; ".join(problems), error=True)
        elif then:
            self.tell(then)

    def action_unfinished(self: LibraryScreen) -> None:
        """Switch between the saved games and the unfinished ones."""
        self.showing_unfinished = not self.showing_unfinished
        self.note = None
        if self.showing_unfinished:
            self.start_reading_unfinished()
        self.show_table()
        self.refresh_bindings()

    # -- showing --------------------------------------------------------------------------------

    def show_unfinished(self: LibraryScreen, keep: Path | None) -> None:
        """Fill the table with the unfinished games, the one played last first."""
        table = self.query_one(DataTable)
        if keep is None:
            current = self.highlighted_unfinished()
            keep = current.path if current is not None else None
        query = self.query_one("#library-filter", Input).value
        games = self.unfinished if self.unfinished_ready else []
        self.unfinished_shown = filter_unfinished(games, query)
        table.clear(columns=True)
        for heading, width in UNFINISHED_HEADINGS:
            table.add_column(Text(heading), width=width)
        for index, game in enumerate(self.unfinished_shown):
            table.add_row(*unfinished_cells(game), key=str(index))
        rows = [i for i, game in enumerate(self.unfinished_shown) if game.path == keep]
        if rows:
            table.move_cursor(row=rows[0], animate=False)

    def unfinished_title(self: LibraryScreen) -> str:
        total, shown = len(self.unfinished), len(self.unfinished_shown)
        count = f"{total} game{'' if total == 1 else 's'}"
        if shown != total:
            count = f"{shown} of {count} match"
        return f"Unfinished games · {count} · u: saved games"

    def highlighted_unfinished(self: LibraryScreen) -> UnfinishedGame | None:
        """The unfinished game under the cursor, while they are shown."""
        table = self.query_one(DataTable)
        games = self.unfinished_shown
        if not self.showing_unfinished or not games or table.row_count == 0:
            return None
        return games[min(table.cursor_row, len(games) - 1)]

    def describe_unfinished(self: LibraryScreen) -> None:
        game = self.highlighted_unfinished()
        if not self.unfinished_ready:
            self.say(READING)
        elif game is not None:
            self.say(unfinished_detail(game))
        elif not self.unfinished:
            self.say(NO_UNFINISHED)
        else:
            self.say("No game matches the filter: Esc clears it.")

    # -- resuming and deleting ------------------------------------------------------------------

    def delete_unfinished(self: LibraryScreen) -> None:
        game = self.highlighted_unfinished()
        if game is None:
            self.describe_unfinished()
            return
        question = f"Delete your unfinished {game.describe()}? This cannot be undone."

        def answered(yes: bool | None) -> None:
            if not yes:
                self.say("nothing deleted")
                return
            try:
                host(self).storage.remove_unfinished(game.path)
            except SaveError as error:
                self.say(str(error), error=True)
                return
            self.start_reading_unfinished(then=f"deleted the unfinished {game.describe()}")
            self.show_table()

        self.app.push_screen(ResumeScreen(question, default=False), answered)
