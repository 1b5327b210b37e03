"""The first screen: every registered game with its one-line description (shown from the
registry's entries: a game's rules are imported once it is chosen)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.game import Game
from core.registry import GameEntry
from tui.plain_text import plain
from tui.widgets.key_footer import KeyFooter
from tui.widgets.list_keys import KeyedOptionList


class GameSelectScreen(Screen[None]):
    """The default screen: its styles (game_select.tcss) are loaded by the app."""

    HELP_TITLE = "Keys in the list of games"
    BINDINGS = [
        Binding("enter", "choose", "Set up the game", show=False, id="select.choose"),
        Binding("l", "app.load", "Load game", id="select.load"),
        Binding("q", "app.quit", "Quit", id="select.quit"),
    ]

    def __init__(self, games: Sequence[GameEntry]) -> None:
        super().__init__()
        self.games = list(games)
        self.message = ("", False)

    def compose(self) -> ComposeResult:
        yield Static("pawnshop", id="select-title")
        yield Static("Choose a game and press Enter", id="select-subtitle")
        options: list[Option | None] = []
        for game in self.games:
            if options:
                options.append(None)  # a rule between two games
            prompt = Text()
            prompt.append(game.name, style="bold")
            prompt.append(f"\n{game.description}", style="dim")
            options.append(Option(prompt, id=game.id))
        yield KeyedOptionList(*options, id="game-list")
        yield Static("", id="select-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self._show_message()

    def action_choose(self) -> None:
        self.query_one(OptionList).action_select()

    def current_game(self) -> Game | None:
        """The highlighted game (for the rules page)."""
        option = self.query_one(OptionList).highlighted_option
        return self._game(option.id) if option is not None else None

    def _game(self, game_id: str | None) -> Game | None:
        """The game with ``game_id``, its rules imported now if they were not yet."""
        entry = next((entry for entry in self.games if entry.id == game_id), None)
        return entry.load() if entry is not None else None

    def show_message(self, message: str, *, error: bool = False) -> None:
        """Say something under the list (kept until the screen is there to show it)."""
        self.message = (message, error)
        if self.is_mounted:
            self._show_message()

    def _show_message(self) -> None:
        message, error = self.message
        label = self.query_one("#select-message", Static)
        label.update(plain(message))  # a file name, a problem in a file
        label.set_class(error, "-error")

    @on(OptionList.OptionSelected, "#game-list")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        from tui.screens.setup import SetupScreen  # on first use: keeps start-up quick

        game = self._game(event.option.id)
        if game is not None:
            self.app.push_screen(SetupScreen(game))
