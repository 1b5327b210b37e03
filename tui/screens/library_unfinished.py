"""The library's list of unfinished games (``u``): every game of the autosave folder, with
whose turn it is, its moves and when it was last played; Enter resumes one, ``d`` deletes one
after asking.

Each autosave is read in full to know whose turn it is (a long game of Chase takes some tens
of milliseconds), so the games are read on a thread of their own whenever the list is shown,
and the table fills in when they are read; until then the saved games' title counts the files.
``UnfinishedSection`` is a part the library screen holds (``screen.unfinished_section``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import DataTable, Input

from saves.errors import SaveError
from saves.unfinished import UnfinishedGame
from tui.host import host
from tui.screens.library_table import SavedGamesTable, shared_widths
from tui.screens.resume import ResumeScreen
from tui.screens.unfinished_rows import (
    NO_UNFINISHED,
    UNFINISHED_HEADINGS,
    filter_unfinished,
    unfinished_cells,
    unfinished_detail,
)

if TYPE_CHECKING:
    from tui.screens.library import LibraryScreen

READING = "Reading the unfinished games…"


class UnfinishedSection:
    """The unfinished games' half of the library screen (see the module's docstring)."""

    def __init__(self, screen: LibraryScreen) -> None:
        self.screen = screen
        #: True while the table lists the unfinished games instead of the saved ones.
        self.showing = False
        #: True once the games shown have been read (since the list was last asked for).
        self.ready = False
        #: How many unfinished games there are, counted from the files without reading them.
        self.count = 0
        self.games: list[UnfinishedGame] = []
        self.shown: list[UnfinishedGame] = []
        #: Counts the readings asked for: only the last one's result is shown.
        self._readings = 0

    def count_games(self) -> None:
        """Count the unfinished games (for the saved games' title), and read them again if
        they are shown."""
        if self.screen.read_only:
            return
        self.count = len(host(self.screen).storage.unfinished_files())
        if self.showing:
            self.start_reading()

    def start_reading(self, then: str = "") -> None:
        """Read the unfinished games on a thread; ``then`` is said once they are shown."""
        self._readings += 1
        self.ready = False
        app, reading = host(self.screen), self._readings

        def read() -> None:
            try:
                games, bad = app.storage.list_unfinished()
                problems = [item.problem for item in bad]
            except SaveError as error:
                games, problems = [], [str(error)]
            app.call_from_thread(self._read, reading, games, problems, then)

        self.screen.run_worker(read, thread=True, group="unfinished-games")

    def _read(
        self, reading: int, games: list[UnfinishedGame], problems: list[str], then: str
    ) -> None:
        screen = self.screen
        if reading != self._readings or not screen.is_mounted:
            return  # a newer reading is on its way, or the library is gone
        self.games = games
        self.count = len(games)
        self.ready = True
        screen.show_table()
        if problems:
            screen.say("; ".join(problems), error=True)
        elif then:
            screen.tell(then)

    def toggle(self) -> None:
        """Switch between the saved games and the unfinished ones."""
        screen = self.screen
        self.showing = not self.showing
        screen.note = None
        if self.showing:
            self.start_reading()
        screen.show_table()
        screen.refresh_bindings()

    # -- showing --------------------------------------------------------------------------------

    def show(self, keep: Path | None) -> None:
        """Fill the table with the unfinished games, the one played last first."""
        table = self.screen.query_one(SavedGamesTable)
        table.release()
        if keep is None:
            current = self.highlighted()
            keep = current.path if current is not None else None
        query = self.screen.query_one("#library-filter", Input).value
        games = self.games if self.ready else []
        self.shown = filter_unfinished(games, query)
        table.clear(columns=True)
        widths = self._widths(table)
        for (heading, _), width in zip(UNFINISHED_HEADINGS, widths, strict=True):
            table.add_column(Text(heading), width=width)
        for index, game in enumerate(self.shown):
            table.add_row(*unfinished_cells(game), key=str(index))
        rows = [i for i, game in enumerate(self.shown) if game.path == keep]
        if rows:
            table.move_cursor(row=rows[0], animate=False)

    def _widths(self, table: SavedGamesTable) -> list[int]:
        """Each column's width: the fixed ones, and the rest shared as the saved games'
        (less a scrollbar's width when the games do not all fit)."""
        width = table.table_width()
        if len(self.shown) > table.window_height():
            width -= table.styles.scrollbar_size_vertical
        fixed = [cells for _, cells in UNFINISHED_HEADINGS]
        shared = iter(shared_widths(width, len(fixed), sum(cells or 0 for cells in fixed)))
        return [next(shared) if cells is None else cells for cells in fixed]

    def title(self) -> str:
        total, shown = len(self.games), len(self.shown)
        count = f"{total} game{'' if total == 1 else 's'}"
        if shown != total:
            count = f"{shown} of {count} match"
        return f"Unfinished games · {count} · u: saved games"

    def highlighted(self) -> UnfinishedGame | None:
        """The unfinished game under the cursor, while they are shown."""
        table = self.screen.query_one(DataTable)
        games = self.shown
        if not self.showing or not games or table.row_count == 0:
            return None
        return games[min(table.cursor_row, len(games) - 1)]

    def describe(self) -> None:
        screen = self.screen
        game = self.highlighted()
        if not self.ready:
            screen.say(READING)
        elif game is not None:
            screen.say_fitted(*unfinished_detail(game))
        elif not self.games:
            screen.say(NO_UNFINISHED)
        else:
            screen.say("No game matches the filter: Esc clears it.")

    # -- resuming and deleting ------------------------------------------------------------------

    def delete(self) -> None:
        screen = self.screen
        game = self.highlighted()
        if game is None:
            self.describe()
            return
        question = f"Delete your unfinished {game.describe()}? This cannot be undone."

        def answered(yes: bool | None) -> None:
            if not yes:
                screen.say("nothing deleted")
                return
            try:
                host(screen).storage.remove_unfinished(game.path)
            except SaveError as error:
                screen.say(str(error), error=True)
                return
            self.start_reading(then=f"deleted the unfinished {game.describe()}")
            screen.show_table()

        screen.app.push_screen(ResumeScreen(question, default=False), answered)
