"""The board screen: play and review one game of any registered kind.

The screen shows the ``GameRecord``; widgets only draw what they are given and post what the
player clicked. A move is built by selecting squares (see ``tui.play.selection``), by a game's
action key (e.g. ``c`` to call the clock), or typed in notation after ``:``. What keys and
squares do in the game's phase is the screen's input mode (``tui.screens.input_modes``: plain
moves, placement, MAC's power tokens, Chase's actions), which the screen swaps in place when
the phase changes (the last placement made, an undo back into placement).

A *live* game is autosaved after every change, plays new moves after an undo as the new main
line (the old moves stay as a variation) and ends with the game-over dialog. In *review*
(after the game-over dialog, or a game opened from the library) moves played become variations;
the review keys and what review shows are in ``tui.screens.review``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.events import Key, Paste
from textual.reactive import Reactive
from textual.widget import Widget

from core.errors import PawnshopError
from core.game import Game, Move, State
from core.record import GameRecord, Node
from tui.css_files import css_files
from tui.game_ui import input_mode
from tui.host import host
from tui.play.clock import Clocks, TimeSource
from tui.play.computer_turns import ComputerTurns
from tui.play.describe import winners_text
from tui.play.local_game import LocalGame
from tui.play.seat_types import record_levels
from tui.screens.after_move import AfterMove
from tui.screens.board_keys import BOARD_BINDINGS
from tui.screens.board_layout import board_layout, draw_position
from tui.screens.board_saving import BoardSaving
from tui.screens.computer_seats import ComputerSeats
from tui.screens.input_modes import InputMode, follow_phase, new_mode, use_mode
from tui.screens.kept_updates import KeptUpdates
from tui.screens.move_line import MoveLine
from tui.screens.review import Review
from tui.screens.walks import Walks
from tui.widgets.abandoned import start_abandoned
from tui.widgets.board import BoardWidget
from tui.widgets.move_log import MoveLog
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.status_line import StatusLine
from tui.widgets.thinking import ThinkingIndicator
from tui.widgets.tray import TrayWidget


class BoardScreen(KeptUpdates, inherit_bindings=False):
    #: Chase's styles go by the mode's class.
    CSS_PATH = css_files(__file__, "board.tcss", "chase_board.tcss")
    AUTO_FOCUS = ""  # nothing: the screen itself takes the keys
    #: Textual repaints the whole screen when the focus moves (to the log and back, with Tab);
    #: here the widgets that change draw themselves.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    BINDINGS = BOARD_BINDINGS
    #: Keys over the input mode's (see ``tui.screens.board_keys``): those of whatever else
    #: the screen is (a table's).
    OVER_MODE_BINDINGS: ClassVar[list[BindingType]] = []

    def __init__(
        self, record: GameRecord, *, reviewing: bool = False, source: Path | None = None
    ) -> None:
        """``source``: the saved file the game was opened from, if any."""
        super().__init__()
        self.record = record
        self.source = source
        levels = self.computer_levels()
        #: Carries out what the player asks for (moves, undo, saving) on the record.
        self.controller = LocalGame(
            record,
            lambda: host(self),
            reviewing=reviewing,
            computer_seats=levels,
            now=self.clock_time(),
        )
        self.review = Review(self)
        self.move_line = MoveLine(self)
        self.after_move = AfterMove(self)
        self.saving = BoardSaving(self)
        self.walks = Walks(self)
        self.computer_seats = ComputerSeats(self, levels)
        if self.controller.clock is not None:  # a computer thinks within its clock's time
            self.computers.think_limit = self.controller.clock.clocks.think_seconds
        self.selection: tuple[int, ...] = ()
        #: The rows and current row the move log shows (it is redrawn only when they change),
        #: and the node of each row.
        self.log_shown: tuple[tuple[object, ...], int] | None = None
        self.log_nodes: Sequence[Node] = ()
        self.tray_key: str | None = None
        self.cursor: int = 0
        #: What keys and squares do in the game's phase (see ``tui.screens.input_modes``).
        self.mode: InputMode = use_mode(self, new_mode(input_mode(record), self))
        self.builder = self.mode.builder()
        self.cursor = self._first_cursor()

    @property
    def HELP_TITLE(self) -> str:
        return self.mode.HELP_TITLE

    @property
    def game(self) -> Game:
        return self.record.game

    @property
    def reviewing(self) -> bool:
        """Whether the game is reviewed (moves tried are variations, nothing is kept)."""
        return self.controller.reviewing

    @reviewing.setter
    def reviewing(self, reviewing: bool) -> None:
        self.controller.reviewing = reviewing

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":  # the review keys work only in review
            return self.reviewing
        if action == "return_to_game":
            return self.walks.looking_back
        if action == "input":  # the input mode's keys, those of the mode on now
            name, *args = parameters
            return (
                isinstance(name, str)
                and name in self.mode.actions
                and self.mode.offers(name, *args)
            )
        if action == "type_move" and self.move_line.is_open:
            return False  # ":" inside the move line is part of the move (T:c7=N, m:b5+h5>e2)
        return super().check_action(action, parameters)

    def action_review(self, name: str) -> None:
        self.review.act(name)

    def action_input(self, name: str, *args: object) -> None:
        self.mode.act(name, *args)

    def action_return_to_game(self) -> None:
        self.walks.end()

    @property
    def computers(self) -> ComputerTurns:
        """The searches of this game's computer seats."""
        return self.computer_seats.turns

    def computer_levels(self) -> dict[int, str]:
        """The seats computers play here, and their levels."""
        return record_levels(self.record)

    def current_game(self) -> Game:
        return self.game

    def shown_clocks(self) -> Clocks | None:
        """The clocks the players' panels show (``None``: an untimed game)."""
        return self.controller.shown_clocks()

    def clock_time(self) -> TimeSource | None:
        """The time the game's own clocks run on at one keyboard (the app's); a screen
        whose clocks are kept elsewhere (a table's) has none."""
        return host(self).game_time

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from board_layout(self)

    def side_widgets(self) -> list[Widget]:
        """Widgets a kind of board screen adds under the moves (a table's chat), composed
        with the screen so that they are mounted with it."""
        return []

    def on_mount(self) -> None:
        if start_abandoned(self):
            return
        if len(self.record.seat_names) == 2 and self.home_seat() == 1:
            self.query_one(BoardWidget).flipped = True  # the second seat plays from the top
        self.refresh_view()
        outcome = self.record.outcome()
        if self.reviewing and outcome is not None:
            summary = f"{winners_text(self.record, outcome)} ({outcome.reason})"
            self.say(f"Reviewing a finished game: {summary}")
        else:
            self.say(self.hint())

    # -- showing ------------------------------------------------------------------------------

    def viewer_state(self) -> State:
        """The current state as the person at this screen may see it (hidden parts masked)."""
        if self.reviewing:
            return self.review.state()
        return self.computer_seats.viewer_state()

    def home_seat(self) -> int | None:
        """The seat of the one person playing at this screen, whose side of the board is
        drawn at the bottom; ``None`` for a game between people at one keyboard (hot-seat)
        or between computers."""
        people = self.computer_seats.people()
        return people[0] if len(people) == 1 else None

    def _first_cursor(self) -> int:
        """A square of a piece the player to move can move, else the board's first square."""
        starts = sorted(self.builder.starts)
        return starts[0] if starts else self.cursor

    def refresh_view(self) -> None:
        """Push the record's current position into every widget."""
        draw_position(self)
        self.computer_seats.refresh()
        self.mode.refresh()

    def say(self, message: str, *, error: bool = False) -> None:
        self.query_one(StatusLine).say(message, error=error, short=self.short_form(message))

    def short_form(self, message: str) -> str:
        """A shorter way to say ``message``, which the status line shows where the whole
        would hide whose turn it is; empty for none."""
        return self.mode.short_form(message)

    def hint(self) -> str:
        """What the status line says when nothing else needs saying."""
        return self.mode.hint()

    def help_extra(self) -> list[tuple[str, str]]:
        """Rows of the help screen for keys that are not bindings, and the mouse."""
        return self.mode.help_extra()

    # -- changing the position ----------------------------------------------------------------

    def position_changed(self, message: str = "") -> None:
        if not follow_phase(self):
            self.mode.position_changed()
        self.selection = ()
        self.tray_key = None
        self.builder = self.mode.builder()
        self.refresh_view()
        self.say(message or self.hint())

    def play(self, move: Move) -> None:
        """Play ``move`` (legal by construction) and react to what follows."""
        refusal = self.review.trial_refusal()
        if refusal:
            self.say(refusal, error=True)
            return
        self.mode.before_play(move)
        try:
            played = self.controller.play(move)
        except PawnshopError as error:
            self.say(str(error), error=True)
            return
        self.walks.left()
        node = played.node
        path = self.game.move_path(node.parent.state, move) if node.parent else ()
        if path:
            self.cursor = path[-1]
        self.position_changed()
        if not self.reviewing:
            self.after_move.show(played)

    # -- selecting squares --------------------------------------------------------------------

    def select_square(self, square: int) -> None:
        """The player selected ``square``: the input mode makes what it can of it."""
        self.cursor = square
        if self.may_act():
            self.mode.select_square(square)

    def turn_refusal(self) -> str:
        """Why the person at this screen may not act now, as one sentence ("" when they may):
        at one keyboard nothing stops them here (a computer's turn and review say their own
        when it comes to a move)."""
        return ""

    def own_seats(self) -> frozenset[int] | None:
        """The seats the person at this screen plays; ``None`` at one keyboard, where every
        seat people play is played here."""
        return None

    def may_act(self) -> bool:
        """Whether the person at this screen may act now; if not, says why."""
        refusal = self.turn_refusal()
        if refusal:
            self.refuse(refusal)
        return not refusal

    def refuse(self, refusal: str) -> None:
        """Drop what was being selected and say ``refusal``."""
        self.selection = ()
        self.tray_key = None
        self.refresh_view()
        self.say(refusal, error=True)

    @on(BoardWidget.SquareClicked)
    def square_clicked(self, event: BoardWidget.SquareClicked) -> None:
        self.select_square(event.square)

    @on(PlayerPanel.FlagFell)
    def flag_fell(self, event: PlayerPanel.FlagFell) -> None:
        self.time_ran_out(event.seat)

    def time_ran_out(self, seat: int) -> None:
        """``seat``'s clock ran out: the live game ends on time where it stands."""
        played = self.controller.time_ran_out(seat)
        if played is None:
            return
        self.walks.left()
        self.computers.cancel()
        self.position_changed()
        self.after_move.show(played)

    @on(TrayWidget.ItemClicked)
    def tray_clicked(self, event: TrayWidget.ItemClicked) -> None:
        self.mode.tray_clicked(event.key)

    @on(MoveLog.RowClicked)
    def log_clicked(self, event: MoveLog.RowClicked) -> None:
        self.walks.log_clicked(self.record.root if event.index < 0 else self.log_nodes[event.index])

    # -- keys -----------------------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        """While the move line is open the keys it takes are its own (no binding acts on them);
        otherwise a key that is no binding here goes to the input mode (a game's own action
        keys, pieces in hand)."""
        if self.move_line.is_open:
            if self.move_line.key(event):
                event.stop()
                event.prevent_default()
            return
        if event.character is None:
            return
        if self.mode.key(event.character, bound=event.key in self.active_bindings):
            event.stop()

    def on_paste(self, event: Paste) -> None:
        if self.move_line.is_open:
            event.stop()
            self.move_line.paste(event.text)

    def action_cursor(self, right: int, up: int) -> None:
        view = self.builder.view
        if self.query_one(BoardWidget).flipped:
            right, up = -right, -up
        rank, file = divmod(self.cursor, view.width)
        rank = min(max(rank + up, 0), view.height - 1)
        file = min(max(file + right, 0), view.width - 1)
        self.cursor = rank * view.width + file
        self.query_one(BoardWidget).cursor = self.cursor

    def action_select(self) -> None:
        self.select_square(self.cursor)

    def action_cancel(self) -> None:
        if not self.move_line.is_open:
            self.mode.cancel()
            return
        self.move_line.close()
        self.selection = ()
        self.refresh_view()
        self.say(self.hint())

    def action_back(self) -> None:
        self.mode.back()

    def action_undo(self) -> None:
        self.walks.undo()

    def action_redo(self) -> None:
        self.walks.redo()

    def action_move_now(self) -> None:
        self.computer_seats.move_now()

    def on_thinking_indicator_pressed(self, event: ThinkingIndicator.Pressed) -> None:
        """A click on the thinking sign is "move now" for the mouse."""
        self.action_move_now()

    def action_hint(self) -> None:
        self.computer_seats.hint()

    def action_flip(self) -> None:
        board = self.query_one(BoardWidget)
        board.flipped = not board.flipped
        self.say("board turned around" if board.flipped else "board the right way up")

    # -- typing a move --------------------------------------------------------------------------

    def action_type_move(self) -> None:
        self.move_line.open()

    def typed_move_refused(self) -> bool:
        """Refuse a typed move before reading it, saying why, when it may not be played now
        (a computer's turn)."""
        return self.computer_seats.refuse_turn()

    def action_save(self) -> None:
        self.saving.save()

    def action_save_as(self) -> None:
        self.saving.save_as()
