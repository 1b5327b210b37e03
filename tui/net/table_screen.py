"""The board screen at a shared table: the same board, keys and mouse as at one keyboard.

``TableScreen`` is the board screen (``tui.screens.board``) with the table's keys over those of
its input mode (take back, lobby), the news from the table and the takeback questions; the
input mode follows the game's phase as at one keyboard.

The screen shows the table's record but cannot change it: it holds only its ``TableSeat``,
whose ``record`` is a read-only view of the table's game (``tui.play.record_view.RecordView``),
and a move, a takeback or an answer goes through the seat to the ``Table``, which checks it
(only the seat to move, only its own player; ``core`` checks the move) and tells every screen
at the table. Each screen draws ``game.view(state, seat)`` for its own player's seat (a
spectator's view for someone watching), so hidden pieces and hands never reach another seat's
or a spectator's screen. Once the game is over everything shows, and the game-over dialog
offers a review of a copy of the game on a board of this session's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from core.game import Move, State
from core.record import Node
from tui.css_files import css_files
from tui.net.chat_panel import CHAT_COMMANDS_HELP, ChatPanel
from tui.net.crossing import post_across
from tui.net.question_dialog import QuestionScreen
from tui.net.server_chat import chat_rooms_of
from tui.net.table_over import TableOverScreen
from tui.net.takeback_dialog import TakebackScreen
from tui.plain_text import plain
from tui.play.away_seats import CLAIM_HELP, CLAIM_KEY
from tui.play.chat import ChatViewer
from tui.play.clock import Clocks
from tui.play.describe import players_text, scores_text, winners_text
from tui.play.identity import PlayerIdentity
from tui.play.record_view import RecordView
from tui.play.seat_ratings import RATINGS_HELP
from tui.play.table import Table, TableRefusal
from tui.play.table_seat import NO_HINT, NO_HURRY, NO_REDO, NO_SAVING, TableSeat
from tui.screens.board import BoardScreen
from tui.screens.game_over import GameOverChoice, GameOverScreen
from tui.widgets.abandoned import start_abandoned
from tui.widgets.board import BoardWidget
from tui.widgets.move_log import MoveLog
from tui.widgets.player_panel import PlayerPanel

if TYPE_CHECKING:
    from tui.net.app import NetApp


ASKED_REMATCH = "You asked for a rematch: the other players must agree."


class TableNews(Message):
    """Something happened at the table (``news`` says what, or is empty)."""

    def __init__(self, news: str) -> None:
        super().__init__()
        self.news = news


class TableScreen(BoardScreen):
    """The board screen of one player (or spectator) at a table, in every input mode."""

    CSS_PATH = css_files(
        __file__, "../screens/board.tcss", "../screens/chase_board.tcss", "table_screen.tcss"
    )
    OVER_MODE_BINDINGS = [
        Binding("u,ctrl+z", "undo", "Take back", id="table.takeback"),
        Binding("ctrl+y", "redo", "Redo", show=False, id="table.redo"),
        Binding("ctrl+s", "save_as", "Save", show=False, id="table.save"),
        Binding("ctrl+n", "lobby", "Lobby", id="table.lobby"),
        Binding("H", "hint", "Hint", show=False, id="table.hint"),
        Binding("tab", "chat", "Chat", show=False, id="table.chat"),
        Binding("ctrl+r", "resign", "Resign", show=False, id="table.resign"),
        Binding("D", "offer_draw", "Offer a draw", show=False, id="table.draw"),
        Binding("m", "rematch", "Rematch", id="table.rematch"),
        Binding(CLAIM_KEY, "claim_win", CLAIM_HELP, show=False, id="table.claim"),
        Binding(
            "m", "your_move", "Next table awaiting your move", show=False, id="table.your_move"
        ),
    ]
    _board_title: str | None = None

    record: RecordView

    def __init__(self, table: Table, player: PlayerIdentity) -> None:
        self.player = player
        #: Where this player's moves, takebacks and answers go (the table checks them), and
        #: what the screen reads of the table: its game only as a read-only view.
        self.table_seat = TableSeat(table, player)
        self.seat = self.table_seat.seat
        super().__init__(self.table_seat.record)
        self.shown_node: Node = self.record.current
        self.over_shown = self.table_seat.finished
        self.shown_seating: tuple[tuple[str, bool], ...] = ()
        self.takeback_dialog: TakebackScreen | None = None
        self.over_dialog: TableOverScreen | None = None
        self.draw_dialog: QuestionScreen | None = None
        #: The offer of the win from a player who has gone, as last shown.
        self.claim_shown = ""
        #: Whether this screen went on to the rematch's table already.
        self.went_to_rematch = False

    @property
    def HELP_TITLE(self) -> str:
        return self.mode.TABLE_HELP_TITLE

    @property
    def net_app(self) -> NetApp:
        return self.app  # type: ignore[return-value]

    def computer_levels(self) -> dict[int, str]:
        # The table's computers play from the hall, once for everyone: none runs here.
        return {}

    def clock_time(self) -> None:
        # The table keeps the clocks, on the server's time, once for everyone.
        return None

    def shown_clocks(self) -> Clocks | None:
        return self.table_seat.shown_clocks()

    def time_ran_out(self, seat: int) -> None:
        # The table ends the game for everyone; its news brings the game-over dialog.
        self.table_seat.time_ran_out(seat)

    def side_widgets(self) -> list[Widget]:
        # Composed with the screen: a session that closes while the screen starts never
        # mounts it into a container of its own that was not mounted.
        viewer = ChatViewer(
            self.player.name, is_player=self.seat is not None, muted=self.net_app.chat_mutes
        )
        rooms = chat_rooms_of(self.net_app.hall)
        number = str(self.table_seat.table_number)
        return [ChatPanel(rooms, number, viewer, self.player.key, hint="Tab: chat")]

    def on_mount(self) -> None:
        # Textual runs BoardScreen.on_mount after this one: greet once it has spoken.
        if start_abandoned(self):
            return
        self.table_seat.watch(self)
        self.call_later(self._greet)

    async def action_chat(self) -> None:
        await self.query_one(ChatPanel).open_line()

    def _greet(self) -> None:
        self.say(self._welcome())
        self._ask_takeback_if_mine()

    def on_unmount(self) -> None:
        self.table_seat.unwatch(self)

    def _welcome(self) -> str:
        record = self.record
        number = self.table_seat.table_number
        if self.seat is None:
            return f"You are watching table {number}: ctrl+n goes back to the lobby."
        you = f"You play {record.seat_names[self.seat]} at table {number}"
        if not self.table_seat.started:
            return f"{you}; the game begins when every seat is taken."
        return f"{you}. {self.hint()}".strip()

    # -- what this player may see -------------------------------------------------------------

    def viewer_state(self) -> State:
        return self.table_seat.viewer_state()

    def refresh_view(self) -> None:
        super().refresh_view()
        table = self.table_seat
        board = self.query_one(BoardWidget)
        role = "watching" if self.seat is None else f"you: {self.record.seat_names[self.seat]}"
        title = f"{self.game.name}: {players_text(self.record)} · {role}"
        if title != self._board_title:  # setting a border title repaints the whole board
            self._board_title = title
            board.border_title = plain(title)
        for seat, holder in enumerate(table.holders):
            panel = self.query_one(f"#panel-{seat}", PlayerPanel)
            if panel.info is None:
                continue
            if holder is None:
                panel.info = panel.info._replace(player="(free seat)")
                continue
            name = holder.name
            rating = self.net_app.hall.seat_ratings.of(holder, self.game.id)
            if rating:
                name = f"{name} {rating}"
            if not table.is_present(seat):
                name = f"{name} (away)"
            if name != holder.name:
                panel.info = panel.info._replace(player=name)
        seating = self._seating()
        if seating != self.shown_seating:
            # Lay the whole screen out again when only who sits (or is here) changed: the
            # panels' and the title's own repaints were seen to be lost when the change came
            # in while another session's screen was being set up. Moves need no such thing.
            self.shown_seating = seating
            self.refresh(layout=True)

    def _seating(self) -> tuple[tuple[str, bool], ...]:
        table = self.table_seat
        return tuple(
            (holder.name if holder else "", table.is_present(seat))
            for seat, holder in enumerate(table.holders)
        )

    # -- news from the table ------------------------------------------------------------------

    def home_seat(self) -> int | None:
        return self.seat

    def table_changed(self, table: Table, news: str) -> None:
        """Called on the server's loop by whichever session changed the table."""
        post_across(self, lambda: TableNews(news))

    @on(TableNews)
    def table_news(self, message: TableNews) -> None:
        self.seat = self.table_seat.seat
        if self.record.current is not self.shown_node:
            self.shown_node = self.record.current
            self.position_changed(message.news)
        else:
            self.refresh_view()
            if message.news:
                self.say(message.news)
        self._ask_takeback_if_mine()
        self._ask_draw_if_offered()
        self._offer_claim()
        if self.table_seat.finished and not self.over_shown:
            self.over_shown = True
            self.refresh_bindings()  # m now asks for a rematch
            self._show_game_over()
        elif "rematch" in message.news and self.over_dialog is not None:
            self.over_dialog.show_rematch(self._rematch_news(message.news))
        self._go_to_rematch()

    def _go_to_rematch(self) -> None:
        """Once the rematch has begun, go on to its table (players and spectators alike)."""
        number = self.table_seat.rematch_number
        if number is None or self.went_to_rematch:
            return
        again = self.net_app.hall.table(number)
        if again is not None:
            self.went_to_rematch = True
            self.net_app.open_table(again)

    def _show_game_over(self) -> None:
        record = self.record
        outcome = record.outcome()
        assert outcome is not None
        filed = self.table_seat.filed_as
        note = f"Filed on the server as {filed.name}" if filed else "Kept at the table"
        if self.table_seat.rating_news:
            note = f"Ratings: {self.table_seat.rating_news}. {note}"
        if self.seat is None:  # a spectator has no rematch to ask for
            dialog = GameOverScreen(
                winners_text(record, outcome), outcome.reason, scores_text(record), note
            )
        else:
            dialog = TableOverScreen(
                winners_text(record, outcome),
                outcome.reason,
                scores_text(record),
                note,
                self._rematch_asked,
                self._rematch_news(self.table_seat.rematch_text()),
            )
            self.over_dialog = dialog
        self.app.push_screen(dialog, self._after_game_over)

    def _rematch_news(self, news: str) -> str:
        """What this player's game-over dialog says of the rematch, given the table's news."""
        if self.table_seat.rematch_asked_by_me() and self.table_seat.rematch_number is None:
            return ASKED_REMATCH
        return news if "rematch" in news else ""

    def _rematch_asked(self) -> str:
        """The rematch asked for from the game-over dialog: what to say there."""
        try:
            self.table_seat.ask_rematch()
        except TableRefusal as refusal:
            return str(refusal)
        if self.table_seat.rematch_number is not None:
            return f"The rematch begins at table {self.table_seat.rematch_number}."
        return ASKED_REMATCH

    def action_rematch(self) -> None:
        self.say(self._rematch_asked())

    def _after_game_over(self, choice: GameOverChoice | None) -> None:
        self.over_dialog = None
        if choice == "new":
            self.action_lobby()
        elif choice == "quit":
            self.app.exit()
        else:
            self.net_app.review(self.record)

    # -- playing ------------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        record = self.record
        before = record.state
        try:
            self.table_seat.play(move)
        except TableRefusal as refusal:
            self.refuse(str(refusal))
            return
        path = self.game.move_path(before, move)
        if path:
            self.cursor = path[-1]

    def turn_refusal(self) -> str:
        refusal = self.table_seat.refusal()
        return "" if refusal is None else str(refusal)

    def own_seats(self) -> frozenset[int]:
        return frozenset() if self.seat is None else frozenset({self.seat})

    def typed_move_refused(self) -> bool:
        """Refuse a typed move before reading it when this player may not move now."""
        refusal = self.table_seat.move_refusal()
        if refusal is None:
            return super().typed_move_refused()
        self.move_line.close()
        self.refuse(str(refusal))
        return True

    @on(MoveLog.RowClicked)
    def log_clicked_at_table(self, event: MoveLog.RowClicked) -> None:
        event.prevent_default()
        self.say("At a table the game stays at its latest move; review it once it is over.")

    # -- takebacks ----------------------------------------------------------------------------

    def action_undo(self) -> None:
        try:
            asked = self.table_seat.ask_takeback()
        except TableRefusal as refusal:
            self.say(str(refusal), error=True)
            return
        if asked:
            self.say(asked)

    def action_redo(self) -> None:
        self.say(NO_REDO, error=True)

    def _ask_takeback_if_mine(self) -> None:
        request = self.table_seat.takeback
        dialog = self.takeback_dialog
        if dialog is not None and (request is None or request is not dialog.request):
            self.takeback_dialog = None
            if self.app.screen is dialog:  # dismissing pops the top screen, whichever it is
                dialog.dismiss(None)
        question = self.table_seat.question_for_me()
        if question is None or self.takeback_dialog:
            return
        asker = self.record.players[question.seat]
        dialog = TakebackScreen(question, f"{asker} asks to take back {question.move}.")
        self.takeback_dialog = dialog
        self.app.push_screen(dialog, self._answered)

    def _answered(self, accept: bool | None) -> None:
        dialog, self.takeback_dialog = self.takeback_dialog, None
        if accept is None or dialog is None:
            return
        try:
            self.table_seat.answer_takeback(dialog.request, accept)
        except TableRefusal as refusal:
            self.say(str(refusal), error=True)

    def help_extra(self) -> list[tuple[str, str]]:
        # A spectator neither clicks pieces nor uses the game's action keys.
        mode_rows = super().help_extra() if self.seat is not None else []
        return [
            *mode_rows,
            ("1523", RATINGS_HELP),
            ("/mute NAME", CHAT_COMMANDS_HELP),
        ]

    def action_your_move(self) -> None:
        """Go on to the next table where this player is to move (correspondence)."""
        refusal = self.net_app.open_next_your_move(self.table_seat.table_number)
        if refusal is not None:
            self.say(refusal)

    # -- resigning ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("resign", "offer_draw", "claim_win") and (
            self.seat is None or self.table_seat.finished
        ):
            return False  # a spectator has nothing to give up, nor anyone once it is over
        if action == "input" and self.seat is None:
            return False  # the game's action keys (placing, tokens, tiles) make moves
        # m: a rematch at a finished table of one's own, else the next table awaiting a move
        rematch = self.seat is not None and self.table_seat.finished
        if action == "rematch" and not rematch:
            return False
        if action == "your_move" and rematch:
            return False
        return super().check_action(action, parameters)

    def action_resign(self) -> None:
        refusal = self.table_seat.resign_refusal()
        if refusal is not None:
            self.say(str(refusal), error=True)
            return
        question = QuestionScreen(
            "Resign?", "Give this game up? The other side wins it.", "Resign", "Play on"
        )
        self.app.push_screen(question, self._resign_answered)

    def _resign_answered(self, resign: bool | None) -> None:
        if not resign:
            return
        try:
            self.table_seat.resign()
        except TableRefusal as refusal:
            self.say(str(refusal), error=True)

    # -- a player gone -------------------------------------------------------------------------

    def _offer_claim(self) -> None:
        """Say the win this player may claim once the player to move has gone; say so when
        they come back before it is claimed."""
        offer = self.table_seat.claim_offer()
        if offer == self.claim_shown:
            return
        if offer:
            self.say(offer)
        elif not self.table_seat.finished:
            self.say("The player to move is back: the win is no longer to claim.")
        self.claim_shown = offer

    def action_claim_win(self) -> None:
        try:
            self.table_seat.claim_win()
        except TableRefusal as refusal:
            self.say(str(refusal), error=True)

    # -- a draw -------------------------------------------------------------------------------

    def action_offer_draw(self) -> None:
        try:
            self.table_seat.offer_draw()
        except TableRefusal as refusal:
            self.say(str(refusal), error=True)

    def _ask_draw_if_offered(self) -> None:
        """Put the draw another player offers to this one, once; take the question away when
        the offer lapses (a move, an answer)."""
        dialog = self.draw_dialog
        offered = self.table_seat.draw_offered_to_me()
        if dialog is not None and not offered:
            self.draw_dialog = None
            if self.app.screen is dialog:
                dialog.dismiss(False)
            return
        if not offered or dialog is not None:
            return
        # Said from the offer itself: the table's latest news may be another's by now (a
        # player coming or going), which would leave the question without its who.
        offer = self.table_seat.draw_offer_text()
        dialog = QuestionScreen("A draw?", f"{offer}. Accept it?", "Accept", "Play on")
        self.draw_dialog = dialog
        self.app.push_screen(dialog, self._draw_answered)

    def _draw_answered(self, accept: bool | None) -> None:
        if self.draw_dialog is None:
            return  # the offer lapsed: nothing to answer
        self.draw_dialog = None
        try:
            if accept:
                self.table_seat.offer_draw()
            else:
                self.table_seat.decline_draw()
        except TableRefusal as refusal:
            self.say(str(refusal), error=True)

    # -- what a table does not offer ----------------------------------------------------------

    def action_save_as(self) -> None:
        self.say(NO_SAVING)

    def action_hint(self) -> None:
        self.say(NO_HINT, error=True)

    def action_move_now(self) -> None:
        self.say(NO_HURRY, error=True)

    def action_lobby(self) -> None:
        self.net_app.action_new_game()
