"""The lobby: the tables of the server, to join, watch or open; the finished games to review.

Every session's lobby lists the same hall of tables and is redrawn whenever a table changes
(a seat taken, a move played, someone watching), from whichever session changed it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core.game import Game
from tui.net.crossing import post_across
from tui.net.hall import TableHall
from tui.net.seat_choice import WATCH, SeatChoiceScreen
from tui.net.table import Table, TableRefusal
from tui.net.table_rows import options_text, seats_text
from tui.ssh.session_info import PlayerIdentity

if TYPE_CHECKING:
    from tui.net.app import NetApp

NO_TABLES = "No tables yet: n opens one. r lists the finished games of this server."


class HallChanged(Message):
    """Something in the hall changed: the lobby redraws its list."""


class LobbyScreen(Screen[None]):
    HELP_TITLE = "Keys in the lobby"
    AUTO_FOCUS = "#tables"
    BINDINGS = [
        Binding("n", "new_table", "New table", id="lobby.new"),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("r", "app.load", "Finished games", id="lobby.finished"),
        Binding("a", "ascii", "ASCII board", id="lobby.ascii"),
        Binding("q", "app.quit", "Quit", id="lobby.quit"),
    ]

    def __init__(self, hall: TableHall, player: PlayerIdentity) -> None:
        super().__init__()
        self.hall = hall
        self.player = player
        self.numbers: list[int] = []
        self.stale = False

    @property
    def net_app(self) -> NetApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(f"pawnshop · tables on this server · you are {self.player.name}", id="title")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static("", id="lobby-detail")
        yield Static("", id="lobby-message")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("No", "Game", "Players", "Watching", "Moves", "State")
        self.hall.watch(self)
        self.show_tables()

    def on_unmount(self) -> None:
        self.hall.unwatch(self)

    # -- the list -----------------------------------------------------------------------------

    def hall_changed(self) -> None:
        """Called from any session's loop turn: redraw in this app, not in the caller's."""
        post_across(self, HallChanged)

    @on(HallChanged)
    def hall_news(self) -> None:
        if self.is_current:
            self.show_tables()
        else:
            self.stale = True  # redrawn when the lobby shows again: hidden lobbies cost nothing

    def on_screen_resume(self) -> None:
        if self.stale:
            self.show_tables()

    def show_tables(self) -> None:
        self.stale = False
        widget = self.query_one(DataTable)
        keep = self.highlighted()
        widget.clear()
        tables = self.hall.listed()
        self.numbers = [table.number for table in tables]
        for table in tables:
            widget.add_row(
                str(table.number),
                table.game_name,
                seats_text(table, self.player),
                str(table.spectators),
                str(table.record.current.ply),
                table.state_text(),
                key=str(table.number),
            )
        if keep is not None and keep.number in self.numbers:
            widget.move_cursor(row=self.numbers.index(keep.number))
        self.show_detail()

    def highlighted(self) -> Table | None:
        widget = self.query_one(DataTable)
        if not self.numbers or not 0 <= widget.cursor_row < len(self.numbers):
            return None
        return self.hall.table(self.numbers[widget.cursor_row])

    def current_game(self) -> Game | None:
        """The highlighted table's game (for the rules page)."""
        table = self.highlighted()
        return table.record.game if table is not None else None

    @on(DataTable.RowHighlighted)
    def show_detail(self) -> None:
        table = self.highlighted()
        detail = self.query_one("#lobby-detail", Static)
        if table is None:
            detail.update(NO_TABLES)
            return
        detail.update(f"Table {table.number}: {options_text(table)}\n{self._enter_does(table)}")

    def _enter_does(self, table: Table) -> str:
        if table.finished:
            return "Enter: review the game"
        if table.seat_of(self.player) is not None:
            return "Enter: back to your seat"
        if table.free_seats():
            return "Enter: sit down · w: watch"
        return "Enter or w: watch"

    def say(self, message: str, *, error: bool = False) -> None:
        label = self.query_one("#lobby-message", Static)
        label.update(message)
        label.set_class(error, "-error")

    # -- joining ------------------------------------------------------------------------------

    @on(DataTable.RowSelected)
    def join(self) -> None:
        table = self.highlighted()
        if table is None:
            self.say(NO_TABLES)
            return
        free = table.free_seats()
        if table.finished or table.seat_of(self.player) is not None or not free:
            self.net_app.open_table(table)
            return
        if len(free) == 1:
            self.sit(table, free[0])
            return
        choices = [(seat, table.record.seat_names[seat]) for seat in free]

        def chosen(seat: int | None) -> None:
            if seat == WATCH:
                self.net_app.open_table(table)
            elif seat is not None:
                self.sit(table, seat)

        self.app.push_screen(SeatChoiceScreen(choices), chosen)

    def sit(self, table: Table, seat: int) -> None:
        try:
            table.sit(self.player, seat)
        except TableRefusal as refusal:
            self.say(str(refusal), error=True)
            return
        self.net_app.open_table(table)

    def action_watch(self) -> None:
        table = self.highlighted()
        if table is None:
            self.say(NO_TABLES)
            return
        self.net_app.open_table(table)

    def action_new_table(self) -> None:
        from tui.net.new_table import NewTableScreen

        def opened(table: Table | None) -> None:
            if table is not None:
                self.net_app.open_table(table)

        self.app.push_screen(NewTableScreen(self.hall, self.player), opened)

    def action_ascii(self) -> None:
        app = self.net_app
        app.ascii_board = not app.ascii_board
        self.say("Boards are drawn in ASCII." if app.ascii_board else "Boards use line drawing.")
