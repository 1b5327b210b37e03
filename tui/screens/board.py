"""The board screen: play and review one game of any registered kind.

The screen owns the ``GameRecord``; widgets only draw what they are given and post what the
player clicked. A move is built by selecting squares (see ``tui.play.selection``), by a game's
action key (e.g. ``c`` to call the clock), or typed in notation after ``:``.

A *live* game is autosaved after every change, plays new moves after an undo as the new main
line (the old moves stay as a variation) and ends with the game-over dialog. In *review*
(after the game-over dialog, or a game opened from the library) moves played become variations;
the review keys and what review shows are in ``tui.screens.review``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Input

from core.errors import PawnshopError
from core.game import Game, Move, State
from core.record import GameRecord
from saves.errors import SaveError
from tui.game_ui import BoardKind, game_ui
from tui.host import host
from tui.plain_text import clean, plain
from tui.play.computer_turns import ComputerTurns
from tui.play.describe import (
    panel_infos,
    players_text,
    scores_text,
    seat_label,
    turn_text,
    winners_text,
)
from tui.play.local_game import LocalGame
from tui.play.move_tree_rows import tree_rows
from tui.play.seat_types import record_levels
from tui.play.selection import MoveBuilder, Step
from tui.screens.computer_seats import ComputerSeats
from tui.screens.game_over import GameOverChoice, GameOverScreen
from tui.screens.handover import HandoverScreen
from tui.screens.kept_updates import KeptUpdates
from tui.screens.move_choice import MoveChoiceScreen
from tui.screens.review import REVIEW_BINDINGS, Review
from tui.screens.save_as import SaveAsScreen
from tui.widgets.board import BoardWidget
from tui.widgets.chase_board import ChaseBoardWidget
from tui.widgets.key_footer import KeyFooter
from tui.widgets.move_log import MoveLog
from tui.widgets.move_tree import MoveTree
from tui.widgets.plain_input import PlainInput
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.status_line import StatusLine
from tui.widgets.thinking import ThinkingIndicator

#: The widget that draws each kind of board (``tui.game_ui``).
BOARD_WIDGETS: dict[BoardKind, type[BoardWidget]] = {
    "squares": BoardWidget,
    "tiles": ChaseBoardWidget,
}


class BoardScreen(KeptUpdates, inherit_bindings=False):
    CSS_PATH = ["board.tcss"]  # a list, as the screens built on it extend it
    AUTO_FOCUS = ""  # nothing: the screen itself takes the keys
    #: Textual repaints the whole screen when the focus moves; here the focus moves on every
    #: typed move (to the move line and back), and the widgets that change draw themselves.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    HELP_TITLE = "Keys on the board"
    BINDINGS = [
        *REVIEW_BINDINGS,  # first: in review they take the arrows (see tui.screens.review)
        Binding("up,k", "cursor(0,1)", "Cursor up", show=False, id="board.cursor.up"),
        Binding("down,j", "cursor(0,-1)", "Cursor down", show=False, id="board.cursor.down"),
        Binding("left,h", "cursor(-1,0)", "Cursor left", show=False, id="board.cursor.left"),
        Binding("right,l", "cursor(1,0)", "Cursor right", show=False, id="board.cursor.right"),
        Binding("enter,space", "select", "Select", show=False, id="board.select"),
        Binding("escape", "cancel", "Cancel selection", show=False, id="board.cancel"),
        Binding("backspace", "back", "Unselect last square", show=False, id="board.back"),
        # A priority binding runs as the app takes the key, before the next one is handed on:
        # so a move typed or pasted in one burst after ":" reaches the move line whole.
        Binding("colon", "type_move", "Type move", id="board.type", priority=True),
        Binding("u,ctrl+z", "undo", "Undo", id="board.undo"),
        Binding("ctrl+y", "redo", "Redo", id="board.redo"),
        Binding("m", "move_now", "Computer: move now", show=False, id="board.move_now"),
        Binding("H", "hint", "Hint", id="board.hint"),
        Binding("f", "flip", "Flip", id="board.flip"),
        Binding("ctrl+s", "save", "Save", id="board.save"),
        Binding("S", "save_as", "Save as", show=False, id="board.save_as"),
        Binding("ctrl+o", "app.load", "Load", show=False, id="board.load"),
        Binding("ctrl+n", "app.new_game", "New game", show=False, id="board.new"),
        Binding("q", "app.quit", "Quit", id="board.quit"),
    ]

    def __init__(
        self, record: GameRecord, *, reviewing: bool = False, source: Path | None = None
    ) -> None:
        """``source``: the saved file the game was opened from, if any."""
        super().__init__()
        self.record = record
        self.source = source
        #: Puts the game on the screen its phase calls for and answers whether it did: handed
        #: in by whoever opens the screen (``tui.screens.phases``, which this module does not
        #: import); a screen opened without one stays as it is.
        self.phase_follower: Callable[[BoardScreen], bool] = lambda screen: False
        levels = self.computer_levels()
        #: Carries out what the player asks for (moves, undo, saving) on the record.
        self.controller = LocalGame(
            record, lambda: host(self), reviewing=reviewing, computer_seats=levels
        )
        self.review = Review(self)
        self.computer_seats = ComputerSeats(self, levels)
        self.selection: tuple[int, ...] = ()
        #: The rows and current row the move log shows (it is redrawn only when they change).
        self._log_shown: tuple[tuple[object, ...], int] | None = None
        self.tray_key: str | None = None
        self.cursor: int = 0
        self.builder = self._builder()
        self.cursor = self._first_cursor()

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
        if action == "type_move" and self.focused is not None and self.focused.id == "move-entry":
            return False  # ":" inside the move line is part of the move (T:c7=N, m:b5+h5>e2)
        return super().check_action(action, parameters)

    def action_review(self, name: str) -> None:
        self.review.act(name)

    @property
    def computers(self) -> ComputerTurns:
        """The searches of this game's computer seats."""
        return self.computer_seats.turns

    def computer_levels(self) -> dict[int, str]:
        """The seats computers play here, and their levels."""
        return record_levels(self.record)

    def current_game(self) -> Game:
        return self.game

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="board-main"):
            board = BOARD_WIDGETS[game_ui(self.game.id).board](id="board")
            board.border_title = plain(f"{self.game.name}: {players_text(self.record)}")
            yield board
            with Vertical(id="board-side"):
                for seat in range(len(self.record.seat_names)):
                    yield PlayerPanel(id=f"panel-{seat}", classes="panel")
                yield ThinkingIndicator(id="thinking")
                log = MoveTree(id="move-log")
                log.border_title = "Moves"
                yield log
        yield StatusLine(id="status")
        # The typed-move line takes the footer's row: one row that never moves, so opening and
        # closing the line redraws that row and nothing else.
        with Horizontal(id="bottom-bar"):
            yield PlainInput(
                placeholder="type a move, Enter plays, Esc closes", id="move-entry", compact=True
            )
            yield KeyFooter()

    def on_mount(self) -> None:
        if len(self.record.seat_names) == 2 and self.home_seat() == 1:
            self.query_one(BoardWidget).flipped = True  # the second seat plays from the top
        self.refresh_view()
        if self.reviewing and self.record.outcome() is not None:
            self.say(f"Reviewing a finished game: {self._over_summary()}")
        else:
            self.say(self._hint())

    # -- showing ------------------------------------------------------------------------------

    def viewer_state(self) -> State:
        """The current state as the person at this screen may see it (hidden parts masked)."""
        if self.reviewing:
            return self.review.state()
        return self.computer_seats.viewer_state()

    def _builder(self) -> MoveBuilder:
        record = self.record
        view = record.game.board_view(self.viewer_state())
        return MoveBuilder(record.game, record.state, record.seat_names, view)

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
        record = self.record
        builder = self.builder
        board = self.query_one(BoardWidget)
        board.view = builder.view
        board.cursor = self.cursor
        board.selected = self.selection
        board.targets = builder.next_squares(self.selection) if self.selection else frozenset()
        node = record.current
        if node.move is not None and node.parent is not None:
            board.last_move = tuple(self.game.move_path(node.parent.state, node.move))
        else:
            board.last_move = ()
        for seat, info in enumerate(panel_infos(record, self.viewer_state())):
            self.query_one(f"#panel-{seat}", PlayerPanel).info = info
        entries, self._log_nodes, current = tree_rows(record)
        if (entries, current) != self._log_shown:  # selecting a piece leaves the log as it is
            self._log_shown = entries, current
            self.query_one(MoveLog).show(entries, current)
        review = "review · " if self.reviewing else ""
        self.query_one(StatusLine).turn = review + turn_text(record)
        self.computer_seats.refresh()

    def say(self, message: str, *, error: bool = False) -> None:
        self.query_one(StatusLine).say(message, error=error, short=self.short_form(message))

    def short_form(self, message: str) -> str:
        """A shorter way to say ``message``, which the status line shows where the whole
        would hide whose turn it is; empty for none."""
        return ""

    def _hint(self) -> str:
        """What the player can do besides moving pieces: the game's action keys."""
        if self.reviewing:
            return self.review.hint()
        waiting = self.computer_seats.turn_note()
        if waiting:
            return waiting
        actions = self._actions()
        return "  ".join(f"{key}: {label}" for key, (label, _) in actions.items())

    def _actions(self) -> dict[str, tuple[str, Move]]:
        return {key: (label, move) for key, label, move in self.game.actions(self.record.state)}

    def _over_summary(self) -> str:
        outcome = self.record.outcome()
        if outcome is None:
            return ""
        return f"{winners_text(self.record, outcome)} ({outcome.reason})"

    def help_extra(self) -> list[tuple[str, str]]:
        """Keys that are not bindings: the game's actions and hand, and the mouse."""
        taken = self.active_bindings  # a game action on a bound key is typed after ":"
        rows = [(key, label) for key, (label, _) in self._actions().items() if key not in taken]
        rows += [(item.key, f"place {item.label}") for item in self.game.tray(self.record.state)]
        rows.append(("click", "a piece, then where it goes; a move in the log: go there"))
        return rows

    # -- changing the position ----------------------------------------------------------------

    def position_changed(self, message: str = "") -> None:
        if self._follow_phase():
            return
        self.selection = ()
        self.tray_key = None
        self.builder = self._builder()
        self.refresh_view()
        self.say(message or self._hint())

    def play(self, move: Move) -> None:
        """Play ``move`` (legal by construction) and react to what follows."""
        record = self.record
        refusal = self.review.trial_refusal()
        if refusal:
            self.say(refusal, error=True)
            return
        try:
            played = self.controller.play(move)
        except PawnshopError as error:
            self.say(str(error), error=True)
            return
        node = played.node
        path = self.game.move_path(node.parent.state, move) if node.parent else ()
        if path:
            self.cursor = path[-1]
        self.position_changed()
        if self.reviewing:
            return
        if played.problem:
            self.say(played.problem, error=True)
        outcome = record.outcome()
        if outcome is None:
            self._offer_handover()
            return
        if played.filed is not None:
            self.source = played.filed
        self.app.push_screen(
            GameOverScreen(
                winners_text(record, outcome),
                outcome.reason,
                scores_text(record),
                played.filed_note,
            ),
            self._after_game_over,
        )

    def _offer_handover(self) -> None:
        state = self.record.state
        if self.game.has_secrets(state) and self.computer_seats.handover_wanted():
            mover = seat_label(self.record, self.game.to_move(state))
            self.app.push_screen(HandoverScreen(mover))

    def _after_game_over(self, choice: GameOverChoice | None) -> None:
        if choice == "new":
            host(self).action_new_game()
        elif choice == "quit":
            self.app.exit()
        else:
            self.reviewing = True
            self.position_changed(
                "Reviewing: ← → step through the moves; moves you try become variations"
            )

    def after_walk(self, moved: bool, nothing: str) -> None:
        if not moved:
            self.say(nothing, error=True)
            return
        problem = self.controller.walked()
        self.position_changed()
        if problem:
            self.say(problem, error=True)

    # -- selecting squares --------------------------------------------------------------------

    def select_square(self, square: int) -> None:
        self.cursor = square
        if self.record.outcome() is not None:
            self.refresh_view()
            self.say("the game is over here: u or ctrl+z steps back to try other moves")
            return
        if self.computer_seats.refuse_turn():
            self.refresh_view()
            return
        refusal = self.review.trial_refusal()
        if refusal:
            self.refresh_view()
            self.say(refusal, error=True)
            return
        if self.tray_key is not None:
            self._place(self.tray_key, square)
            return
        self._take_step(self.builder.select(self.selection, square))

    def _place(self, key: str, square: int) -> None:
        move = self.game.placement_move(self.record.state, key, square)
        if move is None:
            name = self.builder.name(square)
            self.say(f"{key} cannot be placed on {name}", error=True)
            self.refresh_view()
            return
        self.play(move)

    def _take_step(self, step: Step) -> None:
        if step.kind == "play":
            self.play(step.moves[0])
            return
        if step.kind == "choose":
            self.selection = step.selection
            self.refresh_view()
            choices = [(self.game.format_move(self.record.state, m), m) for m in step.moves]
            self.app.push_screen(MoveChoiceScreen(choices), self._chosen)
            return
        self.selection = step.selection
        self.refresh_view()
        self.say(step.message or self._hint(), error=step.kind == "reject")

    def _chosen(self, move: Move | None) -> None:
        if move is None:
            self.say("move not played")
            return
        self.play(move)

    @on(BoardWidget.SquareClicked)
    def square_clicked(self, event: BoardWidget.SquareClicked) -> None:
        self.select_square(event.square)

    @on(MoveLog.RowClicked)
    def log_clicked(self, event: MoveLog.RowClicked) -> None:
        node = self.record.root if event.index < 0 else self._log_nodes[event.index]
        self.record.goto(node)
        self.after_walk(True, "")

    # -- keys -----------------------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        """A game's own keys: its actions (``c``: call the clock) and the pieces in hand.

        Keys bound on this screen keep their meaning; a game action on such a key can still be
        typed after ``:``.
        """
        if self.query_one("#move-entry", Input).has_focus or event.character is None:
            return
        if event.key in self.active_bindings:
            return
        actions = self._actions()
        if event.character in actions:
            event.stop()
            if not self.computer_seats.refuse_turn():
                self.play(actions[event.character][1])
            return
        tray = {item.key: item for item in self.game.tray(self.record.state)}
        if event.character in tray:
            event.stop()
            self.tray_key = event.character
            self.say(f"placing {tray[event.character].label}: select a square (Esc cancels)")

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
        entry = self.query_one("#move-entry", Input)
        if entry.has_class("-open"):
            self._close_entry()
            self.selection = ()
            self.refresh_view()
            self.say(self._hint())
            return
        if not self.selection and self.tray_key is None and self.computer_seats.hurry():
            return
        if self.selection:
            self.action_back()
            return
        self.tray_key = None
        self.refresh_view()
        self.say(self._hint())

    def action_back(self) -> None:
        """Take back the last square selected: the last step of a chain, or the piece."""
        self.selection = self.selection[:-1]
        self.refresh_view()
        self.say(self.builder.prompt(self.selection) if self.selection else self._hint())

    def _follow_phase(self) -> bool:
        """Move the game to the screen its phase calls for (placement has its own); true if
        it moved, and this screen is done."""
        return self.phase_follower(self)

    def on_screen_resume(self) -> None:
        self._follow_phase()

    def action_undo(self) -> None:
        self.after_walk(self.controller.undo(), "nothing to undo: this is the start")

    def action_redo(self) -> None:
        self.after_walk(self.controller.redo(), "nothing to redo")

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
        entry = self.query_one("#move-entry", Input)
        entry.add_class("-open")
        self.query_one(KeyFooter).display = False  # the move line takes the footer's row
        entry.value = ""
        self.set_focus(entry)  # at once: ``Widget.focus`` would wait for the keys queued
        self.say("type a move in notation, e.g. " + self._example_move())

    def _example_move(self) -> str:
        moves = self.game.legal_moves(self.record.state)
        return self.game.format_move(self.record.state, moves[0]) if moves else "(none left)"

    @on(Input.Changed, "#move-entry")
    def move_being_typed(self, event: Input.Changed) -> None:
        """The squares typed so far show as a selection, with the squares it may go on to."""
        self.selection = self.builder.typed_selection(event.value)
        self.refresh_view()

    @on(Input.Submitted, "#move-entry")
    def move_typed(self, event: Input.Submitted) -> None:
        """Play the typed move, or say why not and keep the text, selected: the next key
        typed starts afresh (a ``:`` typed out of habit is dropped), an arrow key edits it."""
        text = event.value.strip().removeprefix(":").strip()
        if not text or self.computer_seats.refuse_turn():
            return
        try:
            move = self.game.parse_move(self.record.state, text)
        except PawnshopError as error:
            self.say(str(error), error=True)
            event.input.value = clean(event.input.value)  # a paste may hold escapes: not shown
            event.input.select_all()
            return
        self._close_entry()
        self.play(move)

    def _close_entry(self) -> None:
        entry = self.query_one("#move-entry", Input)
        entry.remove_class("-open")
        self.query_one(KeyFooter).display = True
        self.set_focus(None)

    # -- saving ---------------------------------------------------------------------------------

    def action_save(self) -> None:
        """Save a game that has a library file in place (no question asked); one that has
        none yet under a name, as ``S`` does."""
        if self.reviewing:
            self.review.save(in_place=True)
            return
        try:
            path = self.controller.save()
        except SaveError as error:
            self.say(str(error), error=True)
            return
        if path is None:
            self.action_save_as()
            return
        self.say(f"saved in {path.name}")

    def action_save_as(self) -> None:
        """Save the game under a name the player types: the library file it is kept in from
        now on (its autosave is removed)."""
        if self.reviewing:
            self.review.save(in_place=False)
            return
        controller = self.controller
        screen = SaveAsScreen(controller.suggested_name(), controller.save_as)
        self.app.push_screen(screen, self._saved)

    def _saved(self, path: Path | None) -> None:
        if path is not None:
            self.source = path
        self.say(f"saved as {path.name}" if path else "not saved")
