"""The board screen's computer seats: they move by themselves, and the player can hurry them,
take back to their own last move and ask for a hint.

``ComputerSeatsMixin`` is mixed into ``BoardScreen``; the screen calls ``refresh_computers``
whenever it redraws, which starts a search when a computer is to move (see
``tui.play.computer_turns``) and drops one made for a position the player walked away from.
While a computer thinks the screen stays fully usable: the log, help, undo, saving.

What the screen shows follows the people at the table, never the computers: while a computer
moves, the screen keeps showing what the one person playing may see (a spectator's view when
several people share the keyboard), and the handover screen only comes up between two people.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.ai import LEVELS
from core.game import Move, State
from core.record import Node
from tui.play.computer_turns import HINT_LEVEL, ComputerTurns
from tui.play.describe import seat_label, shown_state
from tui.play.seat_types import record_levels
from tui.widgets.board import BoardWidget
from tui.widgets.thinking import ThinkingIndicator

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen


class ComputerSeatsMixin:
    """Computer opponents, hurrying them, undo against them and hints, for ``BoardScreen``."""

    computers: ComputerTurns
    #: The hint on show: the position it was found for and the move.
    shown_hint: tuple[Node, Move] | None = None

    def init_computers(self: BoardScreen) -> None:
        self.computers = ComputerTurns(
            self,
            record_levels(self.record),
            on_move=self._computer_moved,
            on_hint=self._hint_found,
            on_change=self._show_thinking,
            on_error=lambda message: self.say(message, error=True),
        )
        self.computers.warm_up()

    # -- what the screen shows ----------------------------------------------------------------

    def viewer_seat(self: BoardScreen) -> int | None:
        """The seat whose eyes the screen lends in a live game: the person to move; while a
        computer moves, the one person at the table, or nobody's in particular (a spectator)
        when several people share the keyboard or nobody plays."""
        record = self.record
        mover = record.game.to_move(record.state)
        if not self.computers.is_computer(mover):
            return mover
        people = self.computers.human_seats(len(record.seat_names))
        return people[0] if len(people) == 1 else None

    def computer_viewer_state(self: BoardScreen) -> State:
        """The current state as the person at the keyboard may see it, computers considered."""
        record = self.record
        if self.reviewing or record.outcome() is not None or not self.computers.levels:
            return shown_state(record, hot_seat=not self.reviewing)
        return record.game.view(record.state, self.viewer_seat())

    def handover_wanted(self: BoardScreen) -> bool:
        """True when the turn passes to a person who shares the keyboard with another person
        (the handover screen then hides one player's secrets from the other)."""
        record = self.record
        mover = record.game.to_move(record.state)
        people = self.computers.human_seats(len(record.seat_names))
        return mover in people and len(people) >= 2

    def refresh_computers(self: BoardScreen) -> None:
        """Start or drop searches to suit the position shown, and draw the hint if it is for
        this position."""
        self.computers.update(self.record, active=not self.reviewing)
        board = self.query_one(BoardWidget)
        hint = self.shown_hint
        if hint is not None and hint[0] is not self.record.current:
            self.shown_hint = hint = None
        board.hint = () if hint is None else tuple(self.game.move_path(hint[0].state, hint[1]))

    def _show_thinking(self: BoardScreen) -> None:
        busy = self.computers.busy
        indicator = self.query_one(ThinkingIndicator)
        if busy is None:
            indicator.hide()
        elif busy.kind == "move":
            indicator.show(f"{self.record.seat_names[busy.seat]} is thinking", "m: move now")
        else:
            indicator.show("finding a hint", "m: show it now")

    # -- computer moves -----------------------------------------------------------------------

    def _computer_moved(self: BoardScreen, node: Node, move: Move) -> None:
        if self.reviewing or self.record.current is not node:
            return  # the player walked away from that position meanwhile
        cursor = self.cursor
        self.play(move)
        self.cursor = self.query_one(BoardWidget).cursor = cursor  # where the player left it

    def _computer_seat_to_move(self: BoardScreen) -> int | None:
        """The computer seat to move in the live game, ``None`` if a person is to move."""
        return None if self.reviewing else self.computers.computer_to_move(self.record)

    def computer_turn_note(self: BoardScreen) -> str:
        """What the status line says while a computer is to move (``""`` otherwise)."""
        seat = self._computer_seat_to_move()
        if seat is None:
            return ""
        return f"{seat_label(self.record, seat)} is thinking: m or Esc makes it move now"

    def refuse_on_computer_turn(self: BoardScreen) -> bool:
        """Say so and answer true when a computer is to move in the live game, so the player
        cannot move for it."""
        seat = self._computer_seat_to_move()
        if seat is None:
            return False
        who = seat_label(self.record, seat)
        self.say(f"it is {who}'s turn: m or Esc makes it move now", error=True)
        return True

    def hurry_computer(self: BoardScreen) -> bool:
        """Tell the running search to answer with its best move so far; false if none runs."""
        busy = self.computers.busy
        if busy is None or not self.computers.move_now():
            return False
        self.say("moving now" if busy.kind == "move" else "showing the best move found so far")
        return True

    def action_move_now(self: BoardScreen) -> None:
        if not self.hurry_computer():
            self.say("no computer is thinking now", error=True)

    def on_thinking_indicator_pressed(self: BoardScreen, event: ThinkingIndicator.Pressed) -> None:
        """A click on the thinking sign is "move now" for the mouse."""
        self.action_move_now()

    # -- walking back and forth ---------------------------------------------------------------

    def _person_to_move(self: BoardScreen) -> bool:
        record = self.record
        people = self.computers.human_seats(len(record.seat_names))
        return not people or self.computers.computer_to_move(record) is None

    def undo_to_own_move(self: BoardScreen) -> bool:
        """Undo one move, and in a live game against computers go on back to the last
        position where a person was to move: the player's own last move is taken back."""
        record = self.record
        if not record.undo():
            return False
        if not self.reviewing:
            while not self._person_to_move() and record.undo():
                pass
        return True

    def redo_to_own_move(self: BoardScreen) -> bool:
        """Redo one move, and in a live game against computers the computers' replies too."""
        record = self.record
        if not record.redo():
            return False
        if not self.reviewing:
            while not self._person_to_move() and record.redo():
                pass
        return True

    # -- hints --------------------------------------------------------------------------------

    def action_hint(self: BoardScreen) -> None:
        record = self.record
        if record.outcome() is not None:
            self.say("the game is over: there is no move to suggest", error=True)
            return
        if self.refuse_on_computer_turn():
            return
        self.shown_hint = None
        self.query_one(BoardWidget).hint = ()
        self.computers.hint(record)
        self.say(f"looking for the move the {LEVELS[HINT_LEVEL].label} level would play")

    def _hint_found(self: BoardScreen, node: Node, move: Move) -> None:
        if self.record.current is not node:
            return
        self.shown_hint = (node, move)
        self.refresh_computers()
        notation = self.game.format_move(node.state, move)
        self.say(f"hint: {notation} (the {LEVELS[HINT_LEVEL].label} level's move)")
