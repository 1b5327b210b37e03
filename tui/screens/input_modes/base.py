"""What an input mode is: the part of the board screen that turns keys and squares into moves
for one kind of turn (``tui.game_ui`` names the mode of each game's phase).

The board screen (``tui.screens.board.BoardScreen``) holds one mode at a time and swaps it for
another in place when the game's phase calls for it. A mode owns its keys (``BINDINGS``, each
running ``input(name, ...)``, which the screen hands to ``act``), the widgets it puts beside the
board, its prompts and help rows, and what a square, a key, Esc or Backspace does while it is
on; it plays moves and redraws through the screen's public methods. This base is the plain
mode: squares select a piece and where it goes, the game's action keys play their moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.binding import BindingType
from textual.widget import Widget

from core.game import Game, Move
from core.record import GameRecord
from tui.game_ui import InputMode as ModeName
from tui.play.selection import MoveBuilder, Step
from tui.screens.move_choice import MoveChoiceScreen
from tui.widgets.board import BoardWidget
from tui.widgets.board_marks import look_of

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen


class InputMode:
    """The plain input mode (see the module's docstring); each other mode builds on it."""

    #: The name ``tui.game_ui`` gives the mode.
    NAME: ClassVar[ModeName] = "moves"
    HELP_TITLE: ClassVar[str] = "Keys on the board"
    #: The help screen's title at a shared table.
    TABLE_HELP_TITLE: ClassVar[str] = "Keys at a table"
    #: The mode's own keys, over the board's (a key bound here takes the board's over).
    BINDINGS: ClassVar[list[BindingType]] = []
    #: A class the screen wears while the mode is on, for the mode's styles (empty: none).
    CSS_CLASS: ClassVar[str] = ""

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen
        #: The widgets this mode put beside the board (made by ``side_widgets``).
        self.widgets: list[Widget] = []
        #: What each of the mode's bindings runs, by the name its ``input(name, ...)`` gives.
        self.actions: dict[str, Callable[..., None]] = {}

    @property
    def record(self) -> GameRecord:
        return self.screen.record

    @property
    def game(self) -> Game:
        return self.screen.record.game

    def act(self, name: str, *args: object) -> None:
        """Run the mode's action ``name`` (one of its bindings)."""
        self.actions[name](*args)

    def offers(self, name: str, *args: object) -> bool:
        """Whether the binding ``input(name, *args)`` is on in this game (it is hidden from
        the footer and its key left free otherwise)."""
        return True

    # -- showing --------------------------------------------------------------------------------

    def side_widgets(self) -> list[Widget]:
        """The widgets that go beside the board, above the log, while this mode is on."""
        return []

    def builder(self) -> MoveBuilder:
        """What selecting squares makes in this position."""
        record = self.record
        view = record.game.board_view(self.screen.viewer_state())
        return MoveBuilder(record.game, record.state, record.seat_names, view)

    def refresh(self) -> None:
        """Draw what the mode shows, after the screen drew the position."""

    def hint(self) -> str:
        """What the status line says when nothing else needs saying: here what the player
        can do besides moving pieces, the game's action keys."""
        screen = self.screen
        if screen.reviewing:
            return screen.review.hint()
        waiting = screen.computer_seats.turn_note()
        if waiting:
            return waiting
        actions = self.game_actions()
        keys = "  ".join(f"{key}: {label}" for key, (label, _) in actions.items())
        return keys or self.dots_legend()

    def dots_legend(self) -> str:
        """What the empty starting dots on the board are (Macadam), while some show."""
        view = self.screen.builder.view
        if not any(not cell.text and "dot" in cell.mark.split() for cell in view.cells):
            return ""
        dot = look_of("dot", self.screen.query_one(BoardWidget).ascii)
        assert dot is not None
        return f"{dot.empty} is a starting dot: a square where a pawn began the game"

    def game_actions(self) -> dict[str, tuple[str, Move]]:
        """The game's own action keys in this position: ``{key: (label, move)}``."""
        return {key: (label, move) for key, label, move in self.game.actions(self.record.state)}

    def short_form(self, message: str) -> str:
        """A shorter way to say ``message`` on a narrow screen; empty for none."""
        return ""

    def help_extra(self) -> list[tuple[str, str]]:
        """Rows of the help screen for keys that are not bindings (the game's actions and
        hand), and the mouse."""
        screen, game = self.screen, self.game
        taken = screen.active_bindings  # a game action on a bound key is typed after ":"
        actions = self.game_actions().items()
        rows = [(key, label) for key, (label, _) in actions if key not in taken]
        rows += [(item.key, f"place {item.label}") for item in game.tray(self.record.state)]
        rows.append(("click", "a piece, then where it goes; a move in the log: go there"))
        return rows

    # -- what the player does -------------------------------------------------------------------

    def position_changed(self) -> None:
        """The position changed (a move, an undo, a walk): start the turn afresh."""

    def before_play(self, move: Move) -> None:
        """``move`` is about to be played from this screen."""

    def select_square(self, square: int) -> None:
        """The player selected ``square`` (the screen has put the cursor there): a step of a
        move, or with an item in hand the square it goes on."""
        screen = self.screen
        if self.record.outcome() is not None:
            screen.refresh_view()
            screen.say("the game is over here: u or ctrl+z steps back to try other moves")
            return
        if screen.computer_seats.refuse_turn():
            screen.refresh_view()
            return
        refusal = screen.review.trial_refusal()
        if refusal:
            screen.refresh_view()
            screen.say(refusal, error=True)
            return
        if screen.tray_key is not None:
            self.place(screen.tray_key, square)
            return
        self.take_step(screen.builder.select(screen.selection, square))

    def take_step(self, step: Step) -> None:
        """What selecting a square made (see ``tui.play.selection``)."""
        screen = self.screen
        if step.kind == "play":
            screen.play(step.moves[0])
            return
        screen.selection = step.selection
        screen.refresh_view()
        if step.kind == "choose":
            choices = [(self.game.format_move(self.record.state, m), m) for m in step.moves]
            screen.app.push_screen(MoveChoiceScreen(choices), self._chosen)
            return
        screen.say(step.message or screen.hint(), error=step.kind == "reject")

    def _chosen(self, move: Move | None) -> None:
        if move is None:
            self.screen.say("move not played")
            return
        self.screen.play(move)

    def place(self, key: str, square: int) -> None:
        """Put the item ``key`` in hand on ``square``."""
        screen = self.screen
        move = self.game.placement_move(self.record.state, key, square)
        if move is None:
            name = screen.builder.name(square)
            screen.say(f"{key} cannot be placed on {name}", error=True)
            screen.refresh_view()
            return
        screen.play(move)

    def key(self, character: str, *, bound: bool) -> bool:
        """A key typed on the board (``bound``: a binding of the screen's runs it, and keeps
        its meaning; a game action on such a key can still be typed after ``:``); true if the
        mode took it. Here: the game's own action keys (``c`` calls the clock) and the pieces
        in hand."""
        if bound:
            return False
        screen = self.screen
        actions = self.game_actions()
        if character in actions:
            if not screen.computer_seats.refuse_turn():
                screen.play(actions[character][1])
            return True
        tray = {item.key: item for item in self.game.tray(self.record.state)}
        if character in tray:
            screen.tray_key = character
            screen.say(f"placing {tray[character].label}: select a square (Esc cancels)")
            return True
        return False

    def tray_clicked(self, key: str) -> None:
        """The chip of ``key`` in a tray of the mode's was clicked."""

    def cancel(self) -> None:
        """Esc (the move line being closed): take back the last square selected, or put the
        item in hand back; with nothing selected, hurry the computer thinking."""
        screen = self.screen
        if not screen.selection and screen.tray_key is None and screen.computer_seats.hurry():
            return
        if screen.selection:
            self.back()
            return
        screen.tray_key = None
        screen.refresh_view()
        screen.say(screen.hint())

    def back(self) -> None:
        """Backspace: take back the last square selected, the last step of a chain or the
        piece."""
        screen = self.screen
        screen.selection = screen.selection[:-1]
        screen.refresh_view()
        screen.say(screen.builder.prompt(screen.selection) if screen.selection else screen.hint())
