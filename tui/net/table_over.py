"""The game-over dialog at a table: that of a game at one keyboard, with a rematch.

``m`` asks for a rematch, or agrees to the one asked for (the dialog says so under the
result); the dialog stays open and says what happened, one sentence, until the rematch begins
(the table's screens then go on to its table) or the player leaves it.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.widgets import Static

from tui.css_files import css_files
from tui.plain_text import plain
from tui.screens.game_over import GameOverScreen
from tui.widgets.abandoned import start_abandoned

REMATCH_ID = "rematch"
#: What the dialog says of the rematch before anyone asked for one.
REMATCH_KEY = "m: ask for a rematch, the seats swapped."


class TableOverScreen(GameOverScreen):
    CSS_PATH = css_files(__file__, "../screens/dialog.tcss")  # the dialog's own
    BINDINGS = [Binding("m", "choose('rematch')", "Rematch", id="over.rematch")]

    def __init__(
        self,
        headline: str,
        reason: str,
        scores: str,
        note: str,
        rematch: Callable[[], str],
        rematch_news: str = "",
    ) -> None:
        """``rematch()`` asks for the rematch and says what came of it; ``rematch_news``:
        what was said of a rematch before the dialog showed."""
        super().__init__(headline, reason, scores, note)
        self.rematch = rematch
        self.rematch_news = rematch_news

    def on_mount(self) -> None:
        super().on_mount()
        if start_abandoned(self):
            return
        news = self.rematch_news or REMATCH_KEY
        for box in self.query("#over-box"):
            box.mount(Static(plain(news), id="over-rematch"), before=".dialog-buttons")

    def show_rematch(self, news: str) -> None:
        """Say ``news`` of the rematch (asked for, refused) in the dialog."""
        self.rematch_news = news
        for line in self.query("#over-rematch").results(Static):
            line.update(plain(news))

    def action_choose(self, choice: str) -> None:
        if choice == REMATCH_ID:
            self.show_rematch(self.rematch())
        else:
            super().action_choose(choice)
