"""One player's place at a shared table: what their board screen asks for, sent to the table.

The table owns the record; the screen of each player (or spectator) only shows it, through the
read-only view ``record`` (a ``tui.play.record_view.RecordView``), and reads who sits and what
was said through the seat, never the table itself. The screen sends intents through
``TableSeat``: play a move, ask to take one's last move back, answer such a question; the
table checks each (only the seat to move, only its own player) and tells every screen at the
table what changed, or resign. A refusal comes back as ``TableRefusal``, one sentence.
Saving, redoing and hints are not offered at a table: ``saving_refusal`` and the others say so.
"""

from __future__ import annotations

from pathlib import Path

from core.game import Move, State
from tui.play.abandonment import claim_offer, claim_win
from tui.play.clock import Clocks
from tui.play.identity import PlayerIdentity
from tui.play.record_view import RecordView
from tui.play.table import SeatHolder, Table, TableRefusal, TableWatcher
from tui.play.table_endings import (
    ask_rematch,
    decline_draw,
    draw_offer_text,
    offer_draw,
    offered_seats,
    rematch_text,
    resign,
    resigner_seat,
)
from tui.play.takeback import Takeback

NO_SAVING = "games at a table are saved by the server after every move; r in the lobby lists them"
NO_REDO = "At a table moves are played again, not redone."
NO_HINT = "No hints at a shared table: the game is between its players."
NO_HURRY = "The computer at this table takes its own time."
ASKED = "Asked the other players to let you take your last move back."


class TableSeat:
    """The controller of one player's screen at a shared table (see the module's docstring)."""

    def __init__(self, table: Table, player: PlayerIdentity) -> None:
        self._table = table  # reached only through the methods below
        self.player = player

    @property
    def record(self) -> RecordView:
        """The table's game, read-only."""
        return self._table.view

    @property
    def seat(self) -> int | None:
        """The seat this player holds, ``None`` for a spectator (it may change as people
        sit and leave)."""
        return self._table.seat_of(self.player)

    # -- the table, read ------------------------------------------------------------------------

    @property
    def table_number(self) -> int:
        return self._table.number

    @property
    def holders(self) -> tuple[SeatHolder | None, ...]:
        return tuple(self._table.holders)

    def is_present(self, seat: int) -> bool:
        return self._table.is_present(seat)

    @property
    def started(self) -> bool:
        return self._table.started

    @property
    def finished(self) -> bool:
        return self._table.finished

    @property
    def filed_as(self) -> Path | None:
        return self._table.filed_as

    @property
    def rating_news(self) -> str:
        """How the finished game changed its players' ratings (empty if it was casual)."""
        return self._table.rating_news

    @property
    def takeback(self) -> Takeback | None:
        """The takeback asked for now, if any."""
        return self._table.takeback

    def watch(self, watcher: TableWatcher) -> None:
        """Tell ``watcher`` of every change at the table from now on."""
        self._table.watch(watcher)

    def unwatch(self, watcher: TableWatcher) -> None:
        self._table.unwatch(watcher)

    def viewer_state(self) -> State:
        """The position as this player may see it: everything once the game is over."""
        record = self.record
        if record.outcome() is not None:
            return record.state
        return record.game.view(record.state, self.seat)

    def refusal(self) -> TableRefusal | None:
        """Why this player may not act now (not their turn, watching), if so; ``None`` once
        the game is over, when the board screen says so itself."""
        if self.record.outcome() is None:
            return self.move_refusal()
        return None

    def move_refusal(self) -> TableRefusal | None:
        """Why the table would refuse a move of this player's now, if it would."""
        try:
            self._table.mover_seat(self.player)
        except TableRefusal as refusal:
            return refusal
        return None

    def shown_clocks(self) -> Clocks | None:
        """The table's clocks, the same for every screen at it (``None``: no clock runs)."""
        return self._table.clocks

    # -- intents ----------------------------------------------------------------------------------

    def time_ran_out(self, seat: int) -> None:
        """This screen's clock of ``seat`` ran out: the table judges it by its own clocks."""
        self._table.time_ran_out(seat)

    def play(self, move: Move) -> None:
        """Send ``move`` to the table; raises ``TableRefusal`` if it is not this player's to
        play or the game refuses it."""
        self._table.play(self.player, move)

    @property
    def rematch_number(self) -> int | None:
        """The table the rematch of this finished game is played at, once it has begun."""
        return self._table.rematch_number

    def rematch_text(self) -> str:
        """Where the rematch begins, or who asks for it: ``bob (North) asks for a rematch``."""
        return rematch_text(self._table, self.seat)

    def rematch_asked_by_me(self) -> bool:
        return self.seat is not None and self.seat in self._table.rematch_asked

    def ask_rematch(self) -> None:
        """Ask for a rematch, or agree to one asked for. Raises ``TableRefusal``."""
        ask_rematch(self._table, self.player)

    def offer_draw(self) -> None:
        """Offer a draw, or accept the one offered. Raises ``TableRefusal``."""
        offer_draw(self._table, self.player)

    def decline_draw(self) -> None:
        decline_draw(self._table, self.player)

    def draw_offer_text(self) -> str:
        """Who offers the draw put to this player: ``alice (South) offers a draw``."""
        return draw_offer_text(self._table, self.seat)

    def draw_offered_to_me(self) -> bool:
        """Whether another player offers a draw this player has not answered."""
        offered = offered_seats(self._table)
        return bool(offered) and self.seat is not None and self.seat not in offered

    def resign_refusal(self) -> TableRefusal | None:
        """Why the table would refuse this player's resignation now, if it would."""
        try:
            resigner_seat(self._table, self.player)
        except TableRefusal as refusal:
            return refusal
        return None

    def resign(self) -> None:
        """Give this player's game up. Raises ``TableRefusal`` (watching, game not live)."""
        resign(self._table, self.player)

    def claim_offer(self) -> str:
        """The win this player may claim from the player to move, gone for the grace
        period ("South left: press W to claim the win"), or nothing."""
        return claim_offer(self._table, self.player)

    def claim_win(self) -> None:
        """Claim that win. Raises ``TableRefusal`` (watching, too soon, game not live)."""
        claim_win(self._table, self.player)

    def ask_takeback(self) -> str:
        """Ask to take this player's last move back; what to say when the others must agree
        ("" when it was taken back at once). Raises ``TableRefusal``."""
        self._table.ask_takeback(self.player)
        return ASKED if self._table.takeback is not None else ""

    def question_for_me(self) -> Takeback | None:
        """The takeback this player is asked to agree to, if any."""
        request = self._table.takeback
        if request is None or self.seat not in request.waiting:
            return None
        return request

    def answer_takeback(self, request: Takeback, accept: bool) -> None:
        """Answer ``request``, if it is still the question asked (a newer move or answer may
        have settled it meanwhile). Raises ``TableRefusal``."""
        if request is self._table.takeback:
            self._table.answer_takeback(self.player, accept)
