"""The lobby: the tables of the server, to join, watch or open; the finished games to review.

Every session's lobby lists the same hall of tables and is brought up to date whenever a table
changes (a seat taken, a move played, someone watching), from whichever session changed it.
With dozens of sessions each change reaches dozens of lobbies, so a lobby does as little as it
can: news that arrives while an update is already on its way is folded into it, updates come
at most every ``REDRAW_INTERVAL`` seconds, only the rows whose text changed are drawn again
(``tui.widgets.row_list``), and a lobby hidden under a table waits until it shows again.

Names in the list, the title and the messages are the players' own: every one is shown as
plain text (``tui.plain_text``; the list, the heading and the note under the list draw their
rows as plain text themselves), since a label given a string reads it as markup, and one
player's name must not break or restyle every other player's lobby.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from core.game import Game
from tui.net.chat_panel import CHAT_COMMANDS_HELP, ChatPanel
from tui.net.crossing import post_across
from tui.net.lobby_heading import LobbyHeading
from tui.net.seat_choice import WATCH, SeatChoiceScreen
from tui.net.server_chat import chat_rooms_of
from tui.net.table_note import TableNote
from tui.plain_text import cells, clip
from tui.play.chat import LOBBY, ChatViewer
from tui.play.hall import TableHall
from tui.play.identity import PlayerIdentity
from tui.play.seat_ratings import RATINGS_HELP
from tui.play.table import Table, TableRefusal
from tui.play.table_rows import (
    game_and_clock,
    lobby_order,
    options_text,
    seats_text,
    state_of,
)
from tui.widgets.abandoned import start_abandoned
from tui.widgets.key_footer import KeyFooter
from tui.widgets.row_list import Row, RowList

if TYPE_CHECKING:
    from tui.net.app import NetApp

NO_TABLES = "No tables yet: n opens one. r lists the finished games of this server."

#: Shortest time between two updates of one lobby's list, in seconds. The first change after a
#: quiet spell shows at once; while games are played (every move changes a row) a lobby is
#: drawn again at most once a second, since every lobby on screen does it.
REDRAW_INTERVAL = 1.0

#: The list's columns; the players' is the one cut to fit.
HEADERS: Row = ("No", "Game", "Players", "State", "Watch", "Moves")
PLAYERS = "Players"
#: Below this many columns the list gives a game's short name and whose turn by seat alone.
COMPACT_BELOW = 100
#: The screen's columns that are not the list's: the lobby's padding and the scroll bar.
LIST_MARGIN = 5


#: What the lobby says when ``a`` switches the session's screen to ASCII and back.
ASCII_ON = "The screen is drawn in plain ASCII."
ASCII_OFF = "The screen uses line drawing."


def fit_players(rows: dict[int, Row], headers: Row, width: int) -> dict[int, Row]:
    """``rows`` under ``headers`` with each players' cell cut to what the other columns leave
    of ``width`` (each column as wide as its widest cell, with a cell of padding either side),
    so that the State, Watch and Moves columns show whole at 80 columns."""
    players = headers.index(PLAYERS)
    others = sum(
        max(cells(text) for text in column) + 2
        for number, column in enumerate(zip(headers, *rows.values(), strict=True))
        if number != players
    )
    room = max(cells(PLAYERS), width - others - 2)
    return {
        number: tuple(
            clip(text, room) if column == players else text for column, text in enumerate(row)
        )
        for number, row in rows.items()
    }


class HallChanged(Message):
    """Something in the hall changed: the lobby redraws its list."""


class LobbyScreen(Screen[None]):
    HELP_TITLE = "Keys in the lobby"
    AUTO_FOCUS = "#tables"
    #: The footer keeps room for ``?`` and F1 at 80 columns: ``w`` and ``a`` are in the help,
    #: and the line under the list says what Enter and ``w`` do on the highlighted table.
    BINDINGS = [
        Binding("enter", "join", "Join the table", show=False, id="lobby.join"),
        Binding("n", "new_table", "New table", id="lobby.new"),
        Binding("w", "watch", "Watch", show=False, id="lobby.watch"),
        Binding("r", "app.load", "Finished games", id="lobby.finished"),
        Binding("a", "ascii", "Plain ASCII", show=False, id="lobby.ascii"),
        Binding("c", "chat", "Chat", show=False, id="lobby.chat"),
        Binding("L", "ratings", "Ratings", show=False, id="lobby.ratings"),
        Binding(
            "m", "your_move", "Next table awaiting your move", show=False, id="lobby.your_move"
        ),
        Binding("q", "app.quit", "Quit", id="lobby.quit"),
    ]

    def __init__(self, hall: TableHall, player: PlayerIdentity) -> None:
        super().__init__()
        self.hall = hall
        self.player = player
        self.numbers: list[int] = []
        self.stale = False
        self.shown_rows: dict[int, Row] = {}
        self.shown_detail: str | None = None
        self.news_on_its_way = False
        self.redraw_due = False
        self.last_redraw = 0.0
        #: This lobby's app, kept for calls from other sessions' turns.
        self.own_app: NetApp | None = None

    @property
    def net_app(self) -> NetApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        title = f"pawnshop · tables on this server · you are {self.player.name}"
        yield LobbyHeading(title, open_names=self.hall.open_names, id="lobby-heading")
        # Focused as the lobby shows (AUTO_FOCUS): styled so from the start, and only once.
        yield RowList(HEADERS, id="tables").styled_as_focused()
        yield TableNote(id="table-note")
        yield ChatPanel(
            chat_rooms_of(self.hall),
            LOBBY,
            ChatViewer(self.player.name, is_player=False, muted=self.net_app.chat_mutes),
            self.player.key,
        )
        yield KeyFooter()

    def on_mount(self) -> None:
        if start_abandoned(self):
            return
        self.own_app = self.net_app
        self.hall.watch(self)
        self.show_tables()

    def on_unmount(self) -> None:
        self.hall.unwatch(self)

    # -- the list -----------------------------------------------------------------------------

    def hall_changed(self) -> None:
        """Called from any session's loop turn: redraw in this app, not in the caller's. A
        lobby under a table only notes that it is behind (every move of every game is news,
        and most lobbies are hidden), and catches up when it shows again."""
        if not self.on_top:
            self.stale = True
            return
        if not self.news_on_its_way:
            self.news_on_its_way = True
            post_across(self, HallChanged)

    @property
    def on_top(self) -> bool:
        """Whether this lobby is the screen on top (``is_current`` is also true for the screen
        right under the top one, which Textual keeps ready to show through). It asks this
        lobby's own app, since other sessions' turns ask too (where ``self.app`` is theirs)."""
        stack = self.own_app.screen_stack if self.own_app is not None else []
        return bool(stack) and stack[-1] is self

    @on(HallChanged)
    def hall_news(self) -> None:
        self.news_on_its_way = False
        if not self.on_top:
            self.stale = True  # redrawn when the lobby shows again: hidden lobbies cost nothing
            return
        wait = self.last_redraw + REDRAW_INTERVAL - time.monotonic()
        if wait <= 0:
            self.show_tables()
        elif not self.redraw_due:
            self.redraw_due = True
            self.set_timer(wait, self._redraw_when_due)

    def _redraw_when_due(self) -> None:
        self.redraw_due = False
        if self.on_top:
            self.show_tables()
        else:
            self.stale = True

    def on_screen_resume(self) -> None:
        if self.stale:
            self.show_tables()

    def show_tables(self) -> None:
        """Bring the list up to date, touching only the rows and cells that changed."""
        self.stale = False
        self.last_redraw = time.monotonic()
        self.query_one(LobbyHeading).show(self.hall.online_names())
        short = self.app.size.width < COMPACT_BELOW
        widget = self.query_one(RowList)
        listed = lobby_order(self.hall.listed(), self.player)
        rows = fit_players(
            {table.number: self._row(table, short=short) for table in listed},
            HEADERS,
            self.app.size.width - LIST_MARGIN,
        )
        if rows != self.shown_rows:
            keep = self.highlighted()
            numbers = list(rows)
            widget.show(list(rows.values()))
            self.numbers = numbers
            self.shown_rows = rows
            if keep is not None and keep.number in numbers:
                widget.move_cursor(numbers.index(keep.number))
        self.show_detail()

    def on_resize(self) -> None:
        if self.own_app is not None:
            self.show_tables()

    def _row(self, table: Table, *, short: bool) -> Row:
        return (
            str(table.number),
            game_and_clock(table, short=short),
            seats_text(table, self.player, self.hall.seat_ratings.of),
            state_of(table, self.player, short=short),
            str(table.spectators),
            str(table.record.current.ply),
        )

    def highlighted(self) -> Table | None:
        widget = self.query_one(RowList)
        if not self.numbers or not 0 <= widget.cursor_row < len(self.numbers):
            return None
        return self.hall.table(self.numbers[widget.cursor_row])

    def current_game(self) -> Game | None:
        """The highlighted table's game (for the rules page)."""
        table = self.highlighted()
        return table.record.game if table is not None else None

    @on(RowList.Highlighted)
    def show_detail(self) -> None:
        table = self.highlighted()
        if table is None:
            text = NO_TABLES
        else:
            text = f"Table {table.number}: {options_text(table)}\n{self._enter_does(table)}"
        if text != self.shown_detail:
            self.shown_detail = text
            self.query_one(TableNote).show_note(text)

    def _enter_does(self, table: Table) -> str:
        if table.finished:
            return "Enter: review the game"
        if table.seat_of(self.player) is not None:
            return "Enter: back to your seat"
        if table.free_seats():
            return "Enter: sit down · w: watch"
        return "Enter or w: watch"

    def say(self, message: str, *, error: bool = False) -> None:
        self.query_one(TableNote).say(message, error=error)

    # -- joining ------------------------------------------------------------------------------

    @on(RowList.Selected)
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

    def action_join(self) -> None:
        """Enter on the list: the list's own selection, handled by ``join``."""
        self.query_one(RowList).select()

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

    async def action_chat(self) -> None:
        await self.query_one(ChatPanel).open_line()

    def help_extra(self) -> list[tuple[str, str]]:
        """Rows of the help for what is not a key: the list's order, ratings, chat commands."""
        return [
            ("your move", "the tables awaiting your move are listed first"),
            ("1523", RATINGS_HELP),
            ("/mute NAME", CHAT_COMMANDS_HELP),
        ]

    def action_your_move(self) -> None:
        """Open the next table where this player is to move."""
        refusal = self.net_app.open_next_your_move(None)
        if refusal is not None:
            self.say(refusal)

    def action_ratings(self) -> None:
        from tui.net.leaderboard import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen(self.hall))

    def action_ascii(self) -> None:
        app = self.net_app
        app.ascii_board = not app.ascii_board
        self.say(ASCII_ON if app.ascii_board else ASCII_OFF)
