"""Opening a table: the game, its options, its time control, and for each seat me, a player to
come, or a computer.

The options are shown as on the setup screen (``tui.screens.setup``): only those that have an
effect under the others, and Tab/Shift+Tab move between the fields in the help's words.
Dismisses with the new table (already in the hall), or ``None`` when the player goes back.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.events import DescendantFocus
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from core.errors import PawnshopError
from core.game import Game
from tui.css_files import css_files
from tui.plain_text import plain
from tui.play.clock import time_control_tags
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.rated_games import rated_tags
from tui.play.seat_types import HUMAN, SEAT_TYPES
from tui.play.table import Table, TableRefusal
from tui.screens.setup import (
    CURRENT_ROW,
    FORM_BINDINGS,
    TIME_CONTROL_ID,
    chosen_options,
    option_control,
    option_label,
    show_options_that_apply,
)
from tui.widgets.abandoned import start_abandoned
from tui.widgets.key_footer import KeyFooter
from tui.widgets.plain_input import PlainInput

#: What each seat may be given, with the words the form shows.
SEAT_CHOICES: tuple[tuple[str, str], ...] = (
    (ME, "Me"),
    (OPEN, "Open for a player"),
    *((kind, label) for kind, label in SEAT_TYPES if kind != HUMAN),
)

RATED_ID = "table-rated"

NOTE = "Tab moves between the fields; Enter on Open (or ctrl+o) opens the table; Esc goes back."


class NewTableScreen(Screen[Table | None]):
    CSS_PATH = css_files(__file__, "new_table.tcss")
    HELP_TITLE = "Keys when opening a table"
    AUTO_FOCUS = "#table-game"
    BINDINGS = [
        *FORM_BINDINGS,
        Binding("escape", "back", "Back", id="table.new.back"),
        Binding("ctrl+o", "open_table", "Open the table", id="table.new.open"),
    ]

    def __init__(self, hall: TableHall, player: PlayerIdentity) -> None:
        super().__init__()
        self.hall = hall
        self.player = player
        self.game = hall.games[0]
        self.seats: tuple[str, ...] = self.game.seat_names(self.game.resolve_options())

    def current_game(self) -> Game:
        return self.game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-table-form", can_focus=False):
            yield Static("Open a table", id="new-table-title")
            yield Select(
                [(game.name, game.id) for game in self.hall.games],
                value=self.game.id,
                allow_blank=False,
                id="table-game",
                compact=True,
            )
            yield Static(self.game.description, id="new-table-description")
            yield Static("Options", classes="new-table-heading")
            yield Grid(*self._option_rows(), id="new-table-options")
            yield Grid(
                Label("Time control", id=f"label-{TIME_CONTROL_ID}"),
                PlainInput(value="-", id=TIME_CONTROL_ID, compact=True),
                *self._rated_row(),
                id="new-table-clock",
            )
            yield Static("Seats", classes="new-table-heading")
            yield Grid(*self._seat_rows(), id="new-table-seats")
            yield Static(NOTE, id="new-table-note")
            with Horizontal(id="new-table-actions"):
                yield Button("Open", id="open", variant="primary", compact=True)
                yield Static("", id="new-table-message")
        yield KeyFooter()

    def _option_rows(self) -> list[Widget]:
        rows: list[Widget] = []
        for spec in self.game.option_specs:
            rows.append(option_label(spec))
            rows.append(option_control(spec))
        return rows

    def _rated_row(self) -> list[Widget]:
        """Rated or casual: offered only where players are who their keys say."""
        if not self.hall.rated_tables:
            return []
        return [
            Label("Rated", id=f"label-{RATED_ID}"),
            Select(
                [("no", "no"), ("yes", "yes")],
                value="no",
                allow_blank=False,
                id=RATED_ID,
                compact=True,
            ),
        ]

    def _seat_rows(self) -> list[Widget]:
        rows: list[Widget] = []
        for seat, seat_name in enumerate(self.seats):
            rows.append(Label(seat_name, id=f"label-seat-{seat}"))
            rows.append(
                Select(
                    [(label, kind) for kind, label in SEAT_CHOICES],
                    value=ME if seat == 0 else OPEN,
                    allow_blank=False,
                    id=f"seat-{seat}",
                    compact=True,
                )
            )
        return rows

    def on_mount(self) -> None:
        if start_abandoned(self):
            return
        show_options_that_apply(self, self.game)

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """The focused field's row shows by its label, in reverse video (without colour too)."""
        fields = [
            node.id
            for node in event.widget.ancestors_with_self  # a drop-down's open list: its field
            if node.id and node.id.startswith(("option-", "seat-", RATED_ID))
        ]
        label_id = f"label-{fields[0]}" if fields else None
        for label in self.query(Label):
            label.set_class(label.id == label_id, CURRENT_ROW)

    # -- reading the form ---------------------------------------------------------------------

    def chosen_options(self) -> dict[str, str]:
        return chosen_options(self, self.game)

    def seat_choices(self) -> list[str]:
        choices = []
        for seat in range(len(self.seats)):
            value = self.query_one(f"#seat-{seat}", Select).value
            choices.append(value if isinstance(value, str) else OPEN)
        return choices

    def time_control_tags(self) -> dict[str, str]:
        """The table's ``TimeControl`` tag (none without a clock); ``TimeControlError`` says
        in one sentence what is wrong with what was typed."""
        return time_control_tags(self.query_one(f"#{TIME_CONTROL_ID}", Input).value)

    def rated(self) -> bool:
        found = self.query(f"#{RATED_ID}").results(Select)
        return any(select.value == "yes" for select in found)

    def say(self, message: str) -> None:
        self.query_one("#new-table-message", Static).update(plain(message))  # typed options

    # -- reacting -----------------------------------------------------------------------------

    @on(Select.Changed, "#table-game")
    async def game_changed(self, event: Select.Changed) -> None:
        game = next((g for g in self.hall.games if g.id == event.value), None)
        if game is None or game is self.game:
            return
        self.game = game
        self.seats = game.seat_names(game.resolve_options())
        self.query_one("#new-table-description", Static).update(game.description)
        options = self.query_one("#new-table-options", Grid)
        await options.remove_children()
        await options.mount_all(self._option_rows())
        show_options_that_apply(self, game)
        await self._show_seats()

    @on(Select.Changed, "#new-table-options Select")
    @on(Input.Changed, "#new-table-options Input")
    async def option_changed(self) -> None:
        try:
            options = self.game.resolve_options(show_options_that_apply(self, self.game))
        except PawnshopError as error:
            self.say(str(error))
            return
        self.say("")
        seats = self.game.seat_names(options)
        if seats != self.seats:
            self.seats = seats
            await self._show_seats()

    async def _show_seats(self) -> None:
        grid = self.query_one("#new-table-seats", Grid)
        await grid.remove_children()
        await grid.mount_all(self._seat_rows())

    @on(Button.Pressed, "#open")
    @on(Input.Submitted, f"#{TIME_CONTROL_ID}")
    def action_open_table(self) -> None:
        try:
            table = self.hall.open_table(
                self.game,
                self.chosen_options(),
                self.seat_choices(),
                self.player,
                tags={**self.time_control_tags(), **rated_tags(self.rated())},
            )
        except (TableRefusal, PawnshopError, ValueError) as error:  # TimeControlError too
            self.say(str(error))
            return
        self.dismiss(table)

    def action_back(self) -> None:
        self.dismiss(None)
