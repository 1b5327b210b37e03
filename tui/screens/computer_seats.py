"""The board screen's computer seats: they move by themselves, and the player can hurry them
and ask for a hint (taking back to one's own last move is ``tui.play.local_game``'s).

``ComputerSeats`` is a part the board screen holds (``screen.seats``); the screen calls
``refresh`` whenever it redraws, which starts a search when a computer is to move (see
``tui.play.computer_turns``) and drops one made for a position the player walked away from.
While a computer thinks the screen stays fully usable: the log, help, undo, saving.

What the screen shows follows the people at the table, never the computers: while a computer
moves, the screen keeps showing what the one person playing may see (a spectator's view when
several people share the keyboard), and the handover screen only comes up between two people.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from core.ai import LEVELS
from core.game import Move, State
from core.record import GameRecord, Node
from tui.play.computer_turns import HINT_LEVEL, ComputerTurns
from tui.play.describe import seat_label, shown_state
from tui.widgets.board import BoardWidget
from tui.widgets.thinking import ThinkingIndicator

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen


class ComputerSeats:
    """Computer opponents, hurrying them, undo against them and hints, for one board screen."""

    def __init__(self, screen: BoardScreen, levels: Mapping[int, str]) -> None:
        """``levels``: the computer seats and their level names (none at a shared table,
        whose computers play from the hall)."""
        self.screen = screen
        self.turns = ComputerTurns(
            screen,
            levels,
            on_move=self._computer_moved,
            on_hint=self._hint_found,
            on_change=self._show_thinking,
            on_error=lambda message: screen.say(message, error=True),
        )
        #: The hint on show: the position it was found for and the move.
        self.shown_hint: tuple[Node, Move] | None = None
        self.turns.warm_up()

    @property
    def record(self) -> GameRecord:
        return self.screen.record

    def people(self) -> list[int]:
        """The seats people play."""
        return self.turns.human_seats(len(self.record.seat_names))

    # -- what the screen shows ----------------------------------------------------------------

    def viewer_seat(self) -> int | None:
        """The seat whose eyes the screen lends in a live game: the person to move; while a
        computer moves, the one person at the table, or nobody's in particular (a spectator)
        when several people share the keyboard or nobody plays."""
        record = self.record
        mover = record.game.to_move(record.state)
        if not self.turns.is_computer(mover):
            return mover
        people = self.people()
        return people[0] if len(people) == 1 else None

    def viewer_state(self) -> State:
        """The current state as the person at the keyboard may see it, computers considered."""
        record, reviewing = self.record, self.screen.reviewing
        if reviewing or record.outcome() is not None or not self.turns.levels:
            return shown_state(record, hot_seat=not reviewing)
        return record.game.view(record.state, self.viewer_seat())

    def handover_wanted(self) -> bool:
        """True when the turn passes to a person who shares the keyboard with another person
        (the handover screen then hides one player's secrets from the other)."""
        record = self.record
        mover = record.game.to_move(record.state)
        people = self.people()
        return mover in people and len(people) >= 2

    def refresh(self) -> None:
        """Start or drop searches to suit the position shown, and draw the hint if it is for
        this position."""
        screen = self.screen
        self.turns.update(self.record, active=not (screen.reviewing or screen.walks.looking_back))
        hint = self.shown_hint
        if hint is not None and hint[0] is not self.record.current:
            self.shown_hint = hint = None
        path = () if hint is None else tuple(self.record.game.move_path(hint[0].state, hint[1]))
        screen.query_one(BoardWidget).hint = path

    def _show_thinking(self) -> None:
        busy = self.turns.busy
        indicator = self.screen.query_one(ThinkingIndicator)
        if busy is None:
            indicator.hide()
        elif busy.kind == "move":
            indicator.show(f"{self.record.seat_names[busy.seat]} is thinking", "m: move now")
        else:
            indicator.show("finding a hint", "m: show it now")

    # -- computer moves -----------------------------------------------------------------------

    def _computer_moved(self, node: Node, move: Move) -> None:
        screen = self.screen
        if screen.reviewing or self.record.current is not node:
            return  # the player walked away from that position meanwhile
        cursor = screen.cursor
        screen.play(move)
        screen.cursor = screen.query_one(BoardWidget).cursor = cursor  # where the player left it

    def seat_to_move(self) -> int | None:
        """The computer seat to move in the live game, ``None`` if a person is to move."""
        if self.screen.reviewing or self.screen.walks.looking_back:
            return None
        return self.turns.computer_to_move(self.record)

    def turn_note(self) -> str:
        """What the status line says while a computer is to move (``""`` otherwise)."""
        seat = self.seat_to_move()
        if seat is None:
            return ""
        return f"{seat_label(self.record, seat)} is thinking: m or Esc makes it move now"

    def refuse_turn(self) -> bool:
        """Say so and answer true when a computer is to move in the live game, so the player
        cannot move for it."""
        seat = self.seat_to_move()
        if seat is None:
            return False
        who = seat_label(self.record, seat)
        self.screen.say(f"it is {who}'s turn: m or Esc makes it move now", error=True)
        return True

    def hurry(self) -> bool:
        """Tell the running search to answer with its best move so far; false if none runs."""
        busy = self.turns.busy
        if busy is None or not self.turns.move_now():
            return False
        message = "moving now" if busy.kind == "move" else "showing the best move found so far"
        self.screen.say(message)
        return True

    def move_now(self) -> None:
        if not self.hurry():
            self.screen.say("no computer is thinking now", error=True)

    # -- hints --------------------------------------------------------------------------------

    def hint(self) -> None:
        record, screen = self.record, self.screen
        if record.outcome() is not None:
            screen.say("the game is over: there is no move to suggest", error=True)
            return
        if self.refuse_turn():
            return
        self.shown_hint = None
        screen.query_one(BoardWidget).hint = ()
        self.turns.hint(record)
        screen.say(f"looking for the move the {LEVELS[HINT_LEVEL].label} level would play")

    def _hint_found(self, node: Node, move: Move) -> None:
        if self.record.current is not node:
            return
        self.shown_hint = (node, move)
        self.refresh()
        notation = self.record.game.format_move(node.state, move)
        self.screen.say(f"hint: {notation} (the {LEVELS[HINT_LEVEL].label} level's move)")
