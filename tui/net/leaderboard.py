"""The strongest rated players of each game, from the lobby (``L``): one game at a time,
``←``/``→`` (``h``/``l``) go to the previous and next game, Esc goes back.

The lines are read from the store on a thread (``tui.play.rated_games.leaderboard``), never
on the event loop every session shares; names are shown as plain text.
"""

from __future__ import annotations

from contextlib import suppress

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.css_files import css_files
from tui.plain_text import plain
from tui.play.hall import TableHall
from tui.play.rated_games import leaderboard
from tui.widgets.abandoned import start_abandoned

NOBODY = "Nobody has played a rated game of it yet."
READING = "Reading the ratings…"


class LeaderboardScreen(ModalScreen[None]):
    CSS_PATH = css_files(__file__, "../screens/dialog.tcss")
    HELP_TITLE = "Keys of the ratings"
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="ratings.back"),
        Binding("right,l", "turn(1)", "Next game", id="ratings.next"),
        Binding("left,h", "turn(-1)", "Previous game", id="ratings.previous"),
    ]

    def __init__(self, hall: TableHall) -> None:
        super().__init__()
        self.hall = hall
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("", id="ratings-title", classes="dialog-title")
            yield Static(READING, id="ratings-lines")
            yield Static("←/→ another game · Esc goes back", classes="dialog-muted")

    def on_mount(self) -> None:
        if start_abandoned(self):
            return
        self._show()

    def action_turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.hall.games)
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)

    def _show(self) -> None:
        game = self.hall.games[self.index]
        self.query_one("#ratings-title", Static).update(plain(f"Ratings: {game.name}"))
        self.query_one("#ratings-lines", Static).update(READING)
        hall, index = self.hall, self.index

        def read() -> None:
            lines = leaderboard(hall.players, hall.store, game.id)
            with suppress(RuntimeError):  # the session closed while the ratings were read
                self.app.call_from_thread(self._shown, index, lines)

        self.run_worker(read, thread=True, group="ratings", exclusive=True)

    def _shown(self, index: int, lines: list[str]) -> None:
        if index == self.index and self.is_attached:
            self.query_one("#ratings-lines", Static).update(plain("\n".join(lines) or NOBODY))
