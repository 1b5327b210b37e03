"""Setting up a game: its options, and a name for each seat (the seats follow the options)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.events import DescendantFocus
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from core.errors import PawnshopError
from core.game import Game
from core.options import OptionSpec
from core.record import GameRecord
from tui.host import host

START_HINT = "Enter starts the game; Tab and Shift+Tab move between the options and names."


def option_control(spec: OptionSpec) -> Widget:
    """A drop-down for an option with listed values, a text field for a free one."""
    control_id = f"option-{spec.name}"
    if spec.choices:
        return Select(
            [(choice, choice) for choice in spec.choices],
            value=spec.default,
            allow_blank=False,
            id=control_id,
            compact=True,
        )
    return Input(value=spec.default, id=control_id, compact=True)


class SetupScreen(Screen[None]):
    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#start"  # Enter starts with the defaults; Tab reaches the options
    HELP_TITLE = "Keys in the game setup"
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="setup.back")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.seats: tuple[str, ...] = game.seat_names(game.resolve_options())

    def current_game(self) -> Game:
        return self.game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup-form", can_focus=False):
            yield Static(self.game.name, id="setup-title")
            yield Static(self.game.description, id="setup-description")
            if self.game.option_specs:
                yield Static("Options", classes="setup-heading")
                with Grid(id="setup-options"):
                    for spec in self.game.option_specs:
                        yield Label(spec.label)
                        yield option_control(spec)
            yield Static("Players", classes="setup-heading")
            yield Grid(*self._name_rows(), id="setup-players")
            yield Static(START_HINT, id="setup-note")
            with Horizontal(id="setup-actions"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Static("", id="setup-message")
        yield Footer()

    def _name_rows(self, names: list[str] | None = None) -> list[Widget]:
        rows: list[Widget] = []
        for seat, seat_name in enumerate(self.seats):
            value = names[seat] if names and seat < len(names) else ""
            rows.append(Label(seat_name))
            rows.append(
                Input(value=value, placeholder=seat_name, id=f"player-{seat}", compact=True)
            )
        return rows

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """Explain the option whose control has the focus."""
        control_id = event.widget.id or ""
        spec = next((s for s in self.game.option_specs if control_id == f"option-{s.name}"), None)
        if spec is not None or control_id.startswith("player-"):
            note = spec.description if spec is not None else "A name for this seat (optional)."
            self.query_one("#setup-note", Static).update(note)

    # -- reading the form ---------------------------------------------------------------------

    def chosen_options(self) -> dict[str, str]:
        options = {}
        for spec in self.game.option_specs:
            control = self.query_one(f"#option-{spec.name}")
            value = control.value if isinstance(control, Select | Input) else spec.default
            options[spec.name] = str(value)
        return options

    def player_names(self) -> list[str]:
        names = []
        for seat, seat_name in enumerate(self.seats):
            typed = self.query_one(f"#player-{seat}", Input).value.strip()
            names.append(typed or seat_name)
        return names

    def say(self, message: str) -> None:
        self.query_one("#setup-message", Static).update(message)

    # -- reacting -----------------------------------------------------------------------------

    @on(Select.Changed)
    @on(Input.Changed, "#setup-options Input")
    async def option_changed(self) -> None:
        try:
            options = self.game.resolve_options(self.chosen_options())
        except PawnshopError as error:
            self.say(str(error))
            return
        self.say("")
        seats = self.game.seat_names(options)
        if seats == self.seats:
            return
        typed = [self.query_one(f"#player-{s}", Input).value for s in range(len(self.seats))]
        self.seats = seats
        grid = self.query_one("#setup-players", Grid)
        await grid.remove_children()
        await grid.mount_all(self._name_rows(typed))

    @on(Button.Pressed, "#start")
    @on(Input.Submitted, "#setup-players Input")
    def start(self) -> None:
        try:
            record = GameRecord(
                self.game,
                self.chosen_options(),
                seed=host(self).new_seed(),
                players=self.player_names(),
            )
        except (PawnshopError, ValueError) as error:
            self.say(str(error))
            return
        host(self).open_board(record)
