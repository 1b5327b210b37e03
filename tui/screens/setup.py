"""Setting up a game: its options, and a name for each seat (the seats follow the options)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.events import DescendantFocus
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from core.errors import PawnshopError
from core.game import Game
from core.options import OptionSpec
from core.record import GameRecord
from tui.css_files import css_files
from tui.host import host
from tui.plain_text import plain
from tui.play.clock import time_control_tags
from tui.play.seat_types import HUMAN, SEAT_TYPES, default_player_name, seat_tags
from tui.widgets.key_footer import KeyFooter
from tui.widgets.plain_input import PlainInput

START_HINT = "Enter starts the game; Tab and Shift+Tab move between the options and names."
SEAT_TYPE_NOTE = "Who plays this seat: a person here, or the computer at Easy, Normal or Hard."
TIME_CONTROL_NOTE = (
    "The clock: - for none, minutes+seconds a move such as 10+0 or 5+3, or days a move: 3d."
)
#: The time control's field; named as an option's so that its row is marked as theirs are.
TIME_CONTROL_ID = "option-time-control"
#: The class of the label of the row whose field has the focus (drawn in reverse video, which
#: shows at every colour depth and without colour).
CURRENT_ROW = "-current"
#: Moving between the fields of a form (the help lists the app's own keys, not Textual's Tab).
FORM_BINDINGS = [
    Binding("tab", "app.focus_next", "Next field", show=False, id="form.next"),
    Binding("shift+tab", "app.focus_previous", "Previous field", show=False, id="form.previous"),
]


class OptionSelect(Select[str]):
    """The drop-down of an option with listed values, which offers only the values allowed
    under the other options (``OptionSpec.choices_under``)."""

    def __init__(self, spec: OptionSpec) -> None:
        super().__init__(
            [(choice, choice) for choice in spec.choices],
            value=spec.default,
            allow_blank=False,
            id=f"option-{spec.name}",
            compact=True,
        )
        self.spec = spec
        self.offered = spec.choices

    def offer(self, choices: tuple[str, ...]) -> str:
        """Offer ``choices``; a value no longer among them falls back to the option's
        default. Returns the value now chosen."""
        if choices == self.offered:
            return str(self.value)
        kept = str(self.value) if self.value in choices else self.spec.default
        self.offered = choices
        self.set_options([(choice, choice) for choice in choices])
        self.value = kept
        return kept


def option_control(spec: OptionSpec) -> Widget:
    """A drop-down for an option with listed values, a text field for a free one."""
    if spec.choices:
        return OptionSelect(spec)
    return PlainInput(value=spec.default, id=f"option-{spec.name}", compact=True)


def chosen_options(form: Widget, game: Game) -> dict[str, str]:
    """The value of each option control made by ``option_control`` inside ``form``."""
    options = {}
    for spec in game.option_specs:
        control = form.query_one(f"#option-{spec.name}")
        value = control.value if isinstance(control, Select | Input) else spec.default
        options[spec.name] = str(value)
    return options


def option_label(spec: OptionSpec) -> Label:
    """The label of an option's row (``show_options_that_apply`` hides it with the option)."""
    return Label(spec.label, id=f"label-option-{spec.name}")


def show_options_that_apply(form: Widget, game: Game) -> dict[str, str]:
    """Show in ``form`` only the options that have an effect under the others
    (``OptionSpec.applies``: Martian Chess's teams with four players, MAC's portal squares in
    Dark Chess), each with its ``option_label``, and offer only the values the others allow
    (``OptionSpec.choices_under``: no third or fourth first player in a game of two). An option
    hidden by a change, or a value no longer offered, goes back to its default, so it cannot
    stop the game from starting. Returns the options as the form now gives them."""
    options = chosen_options(form, game)
    for spec in game.option_specs:
        control = form.query_one(f"#option-{spec.name}")
        if isinstance(control, OptionSelect):
            options[spec.name] = control.offer(spec.choices_under(options))
        shown = spec.applies(options)
        if control.display and not shown and isinstance(control, Select | Input):
            control.value = spec.default
            options[spec.name] = spec.default
        control.display = shown
        for label in form.query(f"#label-option-{spec.name}"):
            label.display = shown
    return options


class SetupScreen(Screen[None]):
    CSS_PATH = css_files(__file__, "setup.tcss")
    AUTO_FOCUS = "#start"  # Enter starts with the defaults; Tab reaches the options
    HELP_TITLE = "Keys in the game setup"
    BINDINGS = [*FORM_BINDINGS, Binding("escape", "app.pop_screen", "Back", id="setup.back")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.seats: tuple[str, ...] = game.seat_names(game.resolve_options())

    def help_extra(self) -> list[tuple[str, str]]:
        """Enter, which the focused field handles (Textual's keys are not in the help)."""
        return [
            ("⏎", "on Start game or a name: start; on a list: open it, then choose"),
            ("↑ ↓", "in an open list: the previous or next choice"),
        ]

    def current_game(self) -> Game:
        return self.game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup-form", can_focus=False):
            yield Static(self.game.name, id="setup-title")
            yield Static(self.game.description, id="setup-description")
            yield Static("Options", classes="setup-heading")
            with Grid(id="setup-options"):
                for spec in self.game.option_specs:
                    yield option_label(spec)
                    yield option_control(spec)
                yield Label("Time control", id=f"label-{TIME_CONTROL_ID}")
                yield PlainInput(value="-", id=TIME_CONTROL_ID, compact=True)
            yield Static("Players", classes="setup-heading")
            yield Grid(*self._name_rows(), id="setup-players")
        # Below the form: what the focused field means; under a rule, starting the game.
        with Vertical(id="setup-actions"):
            yield Static(START_HINT, id="setup-note")
            with Horizontal(id="setup-start"):
                yield Button("Start game", id="start", variant="primary", compact=True)
                yield Static("", id="setup-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_options_that_apply()

    def _name_rows(
        self, names: list[str] | None = None, types: list[str] | None = None
    ) -> list[Widget]:
        rows: list[Widget] = []
        for seat, seat_name in enumerate(self.seats):
            value = names[seat] if names and seat < len(names) else ""
            kind = types[seat] if types and seat < len(types) else HUMAN
            rows.append(Label(seat_name, id=f"label-seat-{seat}"))
            placeholder = default_player_name(kind, seat_name)
            rows.append(
                PlainInput(value=value, placeholder=placeholder, id=f"player-{seat}", compact=True)
            )
            rows.append(self._seat_type_control(seat, kind))
        return rows

    @staticmethod
    def _seat_type_control(seat: int, kind: str) -> Select[str]:
        """Human or Computer · Easy / Normal / Hard."""
        choices = [(label, value) for value, label in SEAT_TYPES]
        return Select(choices, value=kind, allow_blank=False, id=f"seat-type-{seat}", compact=True)

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """Mark the row whose field has the focus, and explain its option."""
        self._mark_row(event.widget)
        control_id = event.widget.id or ""
        spec = next((s for s in self.game.option_specs if control_id == f"option-{s.name}"), None)
        if control_id.startswith("seat-type-"):
            self.query_one("#setup-note", Static).update(SEAT_TYPE_NOTE)
        elif control_id == TIME_CONTROL_ID:
            self.query_one("#setup-note", Static).update(TIME_CONTROL_NOTE)
        elif spec is not None or control_id.startswith("player-"):
            note = spec.description if spec is not None else "A name for this seat (optional)."
            self.query_one("#setup-note", Static).update(note)

    def _mark_row(self, focused: Widget) -> None:
        """Show the row of ``focused`` (or of the field whose open list it is) by its label."""
        label_id = None
        for node in focused.ancestors_with_self:
            field = node.id or ""
            if field.startswith("option-"):
                label_id = f"label-{field}"
            elif field.startswith(("player-", "seat-type-")):
                label_id = f"label-seat-{field.rsplit('-', 1)[1]}"
            if label_id:
                break
        for label in self.query(Label):
            label.set_class(label.id == label_id, CURRENT_ROW)

    def show_options_that_apply(self) -> dict[str, str]:
        return show_options_that_apply(self, self.game)

    # -- reading the form ---------------------------------------------------------------------

    def chosen_options(self) -> dict[str, str]:
        return chosen_options(self, self.game)

    def seat_types(self) -> list[str]:
        """Who plays each seat: ``human`` or ``computer:<level>`` (see ``tui.play.seat_types``)."""
        types = []
        for seat in range(len(self.seats)):
            value = self.query_one(f"#seat-type-{seat}", Select).value
            types.append(value if isinstance(value, str) else HUMAN)
        return types

    def player_names(self) -> list[str]:
        names = []
        for seat, (seat_name, kind) in enumerate(zip(self.seats, self.seat_types(), strict=True)):
            typed = self.query_one(f"#player-{seat}", Input).value.strip()
            names.append(typed or default_player_name(kind, seat_name))
        return names

    def say(self, message: str) -> None:
        self.query_one("#setup-message", Static).update(plain(message))  # may echo a name

    # -- reacting -----------------------------------------------------------------------------

    def time_control_tags(self) -> dict[str, str]:
        """The record's ``TimeControl`` tag for the clock chosen (none without a clock);
        ``TimeControlError`` says in one sentence what is wrong with what was typed."""
        return time_control_tags(self.query_one(f"#{TIME_CONTROL_ID}", Input).value)

    @on(Select.Changed, "#setup-options Select")
    @on(Input.Changed, "#setup-options Input")
    async def option_changed(self) -> None:
        try:
            options = self.game.resolve_options(self.show_options_that_apply())
            self.game.new(options)  # a free-text option (MAC's portal squares) is read here
        except PawnshopError as error:
            self.say(str(error))
            return
        self.say("")
        seats = self.game.seat_names(options)
        if seats == self.seats:
            return
        typed = [self.query_one(f"#player-{s}", Input).value for s in range(len(self.seats))]
        types = self.seat_types()
        self.seats = seats
        grid = self.query_one("#setup-players", Grid)
        await grid.remove_children()
        await grid.mount_all(self._name_rows(typed, types))

    @on(Select.Changed, "#setup-players Select")
    def seat_type_changed(self, event: Select.Changed) -> None:
        """The name field suggests the name a computer seat gets if none is typed."""
        seat = int((event.select.id or "").removeprefix("seat-type-"))
        kind = event.value if isinstance(event.value, str) else HUMAN
        field = self.query_one(f"#player-{seat}", Input)
        field.placeholder = default_player_name(kind, self.seats[seat])

    @on(Button.Pressed, "#start")
    @on(Input.Submitted, "#setup-players Input")
    @on(Input.Submitted, f"#{TIME_CONTROL_ID}")
    def start(self) -> None:
        try:
            record = GameRecord(
                self.game,
                self.chosen_options(),
                seed=host(self).new_seed(),
                players=self.player_names(),
                tags={**seat_tags(self.seat_types()), **self.time_control_tags()},
            )
        except (PawnshopError, ValueError) as error:  # TimeControlError is a ValueError
            self.say(str(error))
            return
        host(self).open_board(record)
