"""A table: one game shared by the players who sit at it and the people who watch it.

Every session of the server runs on one event loop, so a table needs no locks: a move is
checked, played and announced before the next key of any session is handled. The table is
the only place a shared game changes; the screens at it read a read-only view of its record
(``Table.view``, a ``tui.play.record_view.RecordView``) and are told of each change through
``TableWatcher.table_changed``.

Who may do what is decided here, not by the screens: only a seated player moves, only for
their own seat and only in turn, and ``core`` checks the move itself. Taking a move back needs
the consent of every other player (``tui.play.takeback``).

A table of a server is a cache of the table in the server's store, which other processes
change too. Each change made here goes to the table's ``keeper`` (the hall, which writes it to
the store) before anyone hears of it; a change the store refuses (another process moved
first) puts the table back as stored (``adopt``), and the player hears why in one sentence.
A change made elsewhere reaches the table the same way, through ``adopt``; and who shows the
table in the server's other processes is handed in by the hall (``seen_elsewhere``), so that
a player whose session is on another process counts as present.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from core.errors import PawnshopError
from core.game import Move
from core.outcome import Outcome
from core.record import GameRecord, Node
from core.time_control import TimeControlError, time_control_of
from tui.play.away_seats import AwaySeats
from tui.play.clock import Clocks, GameClock, TimeSource
from tui.play.describe import seat_label, turn_text, winners_text
from tui.play.identity import PlayerIdentity
from tui.play.listeners import LOG_ONLY
from tui.play.record_view import RecordView
from tui.play.seat_types import default_player_name
from tui.play.takeback import Takeback, takeback_target

#: What changed, for whoever keeps the table (its computers, the lobby); ``stored``: the table
#: became what its store says (changed elsewhere, or a change of its own refused);
#: ``presence``: who shows it in the server's other processes; ``ratings``: its players'
#: ratings were read (to show beside their names); ``draw``: a draw offered or declined;
#: ``rematch``: a rematch asked for or begun (``tui.play.table_endings``).
Change = Literal[
    "seats", "move", "takeback", "watchers", "stored", "presence", "ratings", "draw", "rematch"
]


class TableRefusal(Exception):
    """Something a player asked of a table that the table does not allow; one sentence."""


@dataclass(frozen=True, slots=True)
class SeatHolder:
    """Who holds a seat: a person (``identity`` is their ``PlayerIdentity.key``) or the
    computer at ``level``."""

    name: str
    identity: str = ""
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.level is not None

    @classmethod
    def person(cls, player: PlayerIdentity) -> SeatHolder:
        return cls(player.name, player.key)

    @classmethod
    def computer(cls, level: str, seat_name: str = "") -> SeatHolder:
        return cls(default_player_name(f"computer:{level}", seat_name), level=level)


class TableKeeper(Protocol):
    """Keeps every change of a table before anyone hears of it (the hall, in its store).

    Each method is called with the change already made to the table; if it cannot be kept,
    the keeper puts the table back as kept (``Table.adopt``) and raises ``TableRefusal``.
    """

    def keep_seat(self, table: Table, seat: int) -> None: ...

    def keep_leave(self, table: Table, seat: int, identity: str) -> None: ...

    def keep_move(self, table: Table, node: Node) -> None:
        """``node`` is a move just played after the position kept last."""
        ...

    def keep_game(self, table: Table) -> None:
        """The game changed otherwise (a move taken back): keep it whole."""
        ...


class TableWatcher(Protocol):
    """A screen showing a table: who looks at it, and how it hears of changes.

    ``table_changed`` is called on the server's loop from whichever session made the change;
    a screen only posts itself a message there and redraws in its own app.
    """

    @property
    def player(self) -> PlayerIdentity: ...

    def table_changed(self, table: Table, news: str) -> None: ...


class Table:
    """One game at the server: its record, who holds each seat, who watches."""

    def __init__(
        self,
        number: int,
        record: GameRecord,
        holders: list[SeatHolder | None],
        on_change: Callable[[Table, Change], None] | None = None,
    ) -> None:
        if len(holders) != len(record.seat_names):
            raise ValueError(f"{record.game.name} has {len(record.seat_names)} seats")
        self.number = number
        self.record = record
        #: The game as the screens at the table read it: the record, read-only.
        self.view = RecordView(record)
        self.holders = holders
        self.watchers: list[TableWatcher] = []
        #: The sessions showing the table in the server's other processes: each person's
        #: identity and how many of their sessions (``seen_elsewhere``).
        self.present_elsewhere: dict[str, int] = {}
        self.takeback: Takeback | None = None
        #: What the last change at the table was, in words (empty for a quiet change).
        self.latest_news = ""
        #: Where the finished game was filed among the server's saved games.
        self.filed_as: Path | None = None
        #: How a rated game changed its players' ratings (``alice 1500 → 1662, ...``), said
        #: by the hall that filed it; empty for a casual game.
        self.rating_news = ""
        #: The seats whose players offer a draw now (a move withdraws the offer).
        self.draw_offered: set[int] = set()
        #: Who offers it in the other processes of the server (``tui.play.table_endings``).
        self.draw_elsewhere: set[str] = set()
        #: The seats whose players asked for a rematch of the finished game, here; and the
        #: identities of those who asked in the server's other processes.
        self.rematch_asked: set[int] = set()
        self.rematch_elsewhere: set[str] = set()
        #: The table the rematch is played at, once it has begun.
        self.rematch_number: int | None = None
        #: Opens the rematch of this finished table (the hall sets its own).
        self.open_rematch: Callable[[Table], Table] | None = None
        self.on_change = on_change
        #: Keeps each change before it is told (the hall sets its own); ``None``: nothing kept.
        self.keeper: TableKeeper | None = None
        #: Where a screen that fails on the table's news is logged (the hall sets its own).
        self.log = logging.getLogger("pawnshop.tables")
        #: How a screen that fails on the table's news is cut off (the hall sets its own).
        self.containment = LOG_ONLY
        #: The time the table's clocks run on: the server's, one clock per table whoever
        #: watches or is connected (a fake in tests).
        self.time: TimeSource = time.monotonic
        self._clock: GameClock | None = None
        #: When, by ``time``, the running clock started as the store says (the last move,
        #: made in any process): the clocks made from the stored game run from then.
        self.clock_since: float | None = None
        #: Since when each seated person has been away (``tui.play.abandonment``).
        self.away = AwaySeats()
        for seat, holder in enumerate(holders):
            if holder is not None:
                record.players[seat] = holder.name

    # -- reading ------------------------------------------------------------------------------

    @property
    def game_name(self) -> str:
        return self.record.game.name

    @property
    def started(self) -> bool:
        """Every seat is taken (the game goes on from there, whoever is connected)."""
        return all(holder is not None for holder in self.holders)

    @property
    def finished(self) -> bool:
        return self.record.outcome() is not None

    @property
    def live(self) -> bool:
        """Moves may be played: every seat is taken and the game is not over."""
        return self.started and not self.finished

    @property
    def timed(self) -> bool:
        """Whether the game is played with clocks (a time control this server can read)."""
        try:
            return time_control_of(self.record.tags).timed
        except TimeControlError:
            return False

    @property
    def clock(self) -> GameClock | None:
        """The clocks of a timed game, running from when every seat is taken (``None``
        before that, and for a game without a clock)."""
        if self._clock is None and self.started and self.timed:
            self._clock = GameClock.of(self.record, self.time, self.clock_since)
        return self._clock

    @property
    def clocks(self) -> Clocks | None:
        """What every screen at the table shows of its clocks."""
        clock = self.clock
        return None if clock is None else clock.clocks

    def check_flags(self) -> None:
        """End the game on time if a flag is down, whether or not anyone watches (the hall
        looks now and then: the clocks run while every player is away)."""
        clocks = self.clocks
        fallen = None if clocks is None or self.finished else clocks.flag_fallen()
        if fallen is not None:
            self.time_ran_out(fallen)
        self.away.check(self)  # and see whether the player to move has gone, timed or not

    def time_ran_out(self, seat: int) -> None:
        """A screen saw ``seat``'s flag fall: if the table's clocks agree, the game ends on
        time there, for everyone."""
        clock = self.clock
        if clock is None or clock.flag_fell(seat) is None:
            return
        self.takeback = None
        try:
            self._keep_game()
        except TableRefusal:
            return  # a move made meanwhile in another process: the table has taken it
        self._changed("move", f"{seat_label(self.record, seat)} lost on time")

    def seat_of(self, player: PlayerIdentity) -> int | None:
        """The seat ``player`` holds at this table, or ``None``."""
        key = player.key
        for seat, holder in enumerate(self.holders):
            if holder is not None and holder.identity == key:
                return seat
        return None

    def free_seats(self) -> list[int]:
        return [seat for seat, holder in enumerate(self.holders) if holder is None]

    def is_present(self, seat: int) -> bool:
        """Whether the holder of ``seat`` is here: a computer always is, a person while a
        session of theirs shows the table, in this process or another."""
        holder = self.holders[seat]
        if holder is None:
            return False
        if holder.is_computer or self.present_elsewhere.get(holder.identity, 0) > 0:
            return True
        return any(watcher.player.key == holder.identity for watcher in self.watchers)

    @property
    def spectators(self) -> int:
        """Sessions watching without a seat, in this process and the others."""
        seated = {holder.identity for holder in self.holders if holder is not None}
        here = sum(1 for watcher in self.watchers if watcher.player.key not in seated)
        return here + sum(
            count for identity, count in self.present_elsewhere.items() if identity not in seated
        )

    def state_text(self) -> str:
        if self.finished:
            return "finished"
        if not self.started:
            free = len(self.free_seats())
            return f"{free} seat{'s' if free != 1 else ''} free"
        return turn_text(self.record)

    # -- who sits and who watches -------------------------------------------------------------

    def sit(self, player: PlayerIdentity, seat: int) -> None:
        """Give ``player`` the free ``seat``."""
        record = self.record
        if not 0 <= seat < len(self.holders):
            raise TableRefusal(f"{record.game.name} has no seat {seat + 1}.")
        held = self.seat_of(player)
        if held is not None:
            raise TableRefusal(f"You already sit at this table as {record.seat_names[held]}.")
        if self.holders[seat] is not None:
            raise TableRefusal(f"{seat_label(record, seat)} has that seat already.")
        self.holders[seat] = SeatHolder.person(player)
        record.players[seat] = player.name
        if self.keeper is not None:
            self.keeper.keep_seat(self, seat)
        news = f"{player.name} sat down as {record.seat_names[seat]}"
        if self.started:
            news += f"; the game begins: {turn_text(record)}"
            clock = self.clock  # a timed game's clocks start as it begins
            if clock is not None:
                news += f"; clock {clock.clocks.control.text}"
        self._changed("seats", news)

    def leave(self, player: PlayerIdentity) -> None:
        """Give up ``player``'s seat; only before the game begins (after that it is kept)."""
        seat = self.seat_of(player)
        if seat is None:
            return
        if self.started:
            raise TableRefusal("The game has begun: your seat stays yours until it ends.")
        self.holders[seat] = None
        self.record.players[seat] = self.record.seat_names[seat]
        if self.keeper is not None:
            self.keeper.keep_leave(self, seat, player.key)
        self._changed("seats", f"{player.name} left the seat {self.record.seat_names[seat]}")

    def watch(self, watcher: TableWatcher) -> None:
        if watcher not in self.watchers:
            self.watchers.append(watcher)
            self._changed("watchers", "")

    def unwatch(self, watcher: TableWatcher) -> None:
        if watcher in self.watchers:
            self.watchers.remove(watcher)
            self._changed("watchers", "")

    def seen_elsewhere(self, sessions: Mapping[str, int]) -> None:
        """Who shows the table in the server's other processes now (each person's identity
        and how many sessions); everyone at the table is told if that changed who is here."""
        shown = {identity: count for identity, count in sessions.items() if count > 0}
        if shown != self.present_elsewhere:
            self.present_elsewhere = shown
            self._changed("presence", "")

    def ratings_read(self) -> None:
        """Its players' ratings were read: every screen at the table shows them."""
        self._changed("ratings", "")

    # -- moves --------------------------------------------------------------------------------

    def mover_seat(self, player: PlayerIdentity) -> int:
        """``player``'s seat if they may move now; otherwise a refusal saying why not."""
        seat = self.seat_of(player)
        if seat is None:
            raise TableRefusal("You are watching this table: only its players move.")
        self._check_live()
        mover = self.record.game.to_move(self.record.state)
        if seat != mover:
            raise TableRefusal(f"It is {seat_label(self.record, mover)}'s turn, not yours.")
        return seat

    def play(self, player: PlayerIdentity, move: Move) -> Node:
        """Play ``move`` for ``player``, who must hold the seat to move."""
        self.mover_seat(player)
        return self._play(move)

    def play_computer(self, node: Node, move: Move) -> None:
        """The move a computer seat found for ``node``; dropped if the game moved on."""
        record = self.record
        if node is not record.current or not self.live:
            return
        holder = self.holders[record.game.to_move(record.state)]
        if holder is not None and holder.is_computer:
            self._play(move)

    def _check_live(self) -> None:
        if self.finished:
            raise TableRefusal("The game is over: no more moves at this table.")
        if not self.started:
            free = ", ".join(self.record.seat_names[seat] for seat in self.free_seats())
            raise TableRefusal(f"The game begins when every seat is taken (free: {free}).")

    def _play(self, move: Move) -> Node:
        record = self.record
        mover = record.game.to_move(record.state)
        try:
            node = record.play(move, main=True)
        except PawnshopError as error:
            raise TableRefusal(str(error)) from None
        self.takeback = None  # a move answers any takeback asked for
        self.draw_offered = set()  # and withdraws a draw offered, here and elsewhere
        self.draw_elsewhere = set()
        if self.clock is not None:  # the mover's time is kept with the move
            self.clock.moved(node)
        if self.keeper is not None:
            self.keeper.keep_move(self, node)
        self._changed("move", move_news(record, mover, node))
        return node

    # -- ending the game otherwise ------------------------------------------------------------

    def end(self, outcome: Outcome, news: str) -> None:
        """End the game with ``outcome`` where its rules would let it go on (a resignation, a
        draw agreed: ``tui.play.table_endings``): the clocks stop, anything asked lapses,
        and the game is kept, filed and rated as any result."""
        clock = self.clock
        if clock is not None:
            clock.clocks.stop()
        self.takeback = None
        self.draw_offered = set()
        self.draw_elsewhere = set()
        self.record.adjudicated = outcome
        self._keep_game()
        self._changed("move", news)

    def check_live(self) -> None:
        """Raise a ``TableRefusal`` saying why no move may be played now, if none may."""
        self._check_live()

    def tell(self, change: Change, news: str) -> None:
        """Tell the keeper and every screen at the table of a change made to it."""
        self._changed(change, news)

    # -- taking a move back -------------------------------------------------------------------

    def ask_takeback(self, player: PlayerIdentity) -> None:
        """``player`` asks to take back their last move; the other players must agree (computers
        always do)."""
        seat = self.seat_of(player)
        if seat is None:
            raise TableRefusal("You are watching this table: only its players take moves back.")
        self._check_live()
        if self.takeback is not None:
            asker = seat_label(self.record, self.takeback.seat)
            raise TableRefusal(f"{asker} has already asked to take a move back.")
        target = takeback_target(self.record, seat)
        if target is None:
            raise TableRefusal("You have no move to take back yet.")
        waiting = {
            other
            for other, holder in enumerate(self.holders)
            if other != seat and holder is not None and not holder.is_computer
        }
        request = Takeback(seat, target, self.record.line()[target.ply].notation, waiting)
        if not waiting:
            self._take_back(request, "")
            return
        self.takeback = request
        self._keep_game()
        name = seat_label(self.record, seat)
        self._changed("takeback", f"{name} asks to take back {request.move}")

    def answer_takeback(self, player: PlayerIdentity, accept: bool) -> None:
        request = self.takeback
        seat = self.seat_of(player)
        if request is None:
            raise TableRefusal("Nobody is asking to take a move back.")
        if seat is None or seat not in request.waiting:
            raise TableRefusal("That question is not yours to answer.")
        name = seat_label(self.record, seat)
        if not accept:
            self.takeback = None
            self._keep_game()
            self._changed("takeback", f"{name} said no: {request.move} stays played")
            return
        request.waiting.discard(seat)
        if request.waiting:
            self._keep_game()
            self._changed("takeback", f"{name} agreed to take back {request.move}")
            return
        self._take_back(request, f"{name} agreed: ")

    def _take_back(self, request: Takeback, lead: str) -> None:
        self.takeback = None
        self.record.goto(request.target, main=True)
        if self.clock is not None:
            self.clock.went_to()
        self._keep_game()
        news = f"{lead}{request.move} is taken back; {turn_text(self.record)}"
        self._changed("move", news)

    def _keep_game(self) -> None:
        """Have the keeper keep the game whole (a move taken back, a takeback asked or
        answered: the request is kept with the game)."""
        if self.keeper is not None:
            self.keeper.keep_game(self)

    # -- the table as stored -------------------------------------------------------------------

    def adopt(
        self,
        record: GameRecord,
        holders: list[SeatHolder | None],
        news: str,
        takeback: Takeback | None = None,
    ) -> None:
        """Become the table as its store has it: ``record``, ``holders`` and the takeback asked
        for (on ``record``'s nodes), as read from the store (changed by another process, or a
        change of this table's refused), and tell everyone, ``news`` saying what happened.

        The record is taken over in place (all its fields: ``GameRecord`` keeps nothing else):
        the screens at the table keep their read-only view of this very record object
        (``view``), and see the stored game through it.
        """
        if len(holders) != len(self.holders):
            raise ValueError(f"table {self.number} has {len(self.holders)} seats")
        if record.game.id != self.record.game.id:
            raise ValueError(f"table {self.number} plays {self.record.game.name}")
        vars(self.record).update(vars(record))
        self.holders[:] = holders
        for seat, holder in enumerate(holders):
            if holder is not None:
                self.record.players[seat] = holder.name
        request = self.takeback
        if takeback is not None and request is not None and same_request(request, takeback):
            # The request the screens know, on the new record's nodes, with who still waits.
            request.target, request.waiting = takeback.target, takeback.waiting
            takeback = request
        self.takeback = takeback
        self.draw_offered = set()
        if self._clock is not None:
            control = self._clock.clocks.control
            self._clock = GameClock(self.record, control, self.time, self.clock_since)
        self._changed("stored", news)

    # -- telling everyone ---------------------------------------------------------------------

    def _changed(self, change: Change, news: str) -> None:
        """Tell the keeper and every screen at the table. A screen that fails on the news
        leaves the table and its session is closed; the others hear of it as a change of
        who is here."""
        self.latest_news = news
        self.away.note(self)
        if self.on_change is not None:
            self.on_change(self, change)
        failed = self.containment.tell_each(
            self.watchers,
            lambda watcher: watcher.table_changed(self, news),
            self.log,
            f"news of table {self.number}",
        )
        if failed:
            self.watchers = [watcher for watcher in self.watchers if watcher not in failed]
            self._changed("watchers", "")


def move_news(record: GameRecord, mover: int, node: Node) -> str:
    """What a move just played says to everyone at the table (and that the game is over)."""
    news = f"{seat_label(record, mover)} played {node.notation}"
    outcome = record.outcome()
    if outcome is not None:
        news += f"; game over: {winners_text(record, outcome)} ({outcome.reason})"
    return news


def same_request(first: Takeback, second: Takeback) -> bool:
    """Whether two takebacks are one request: the same seat asking for the same move back."""
    return (first.seat, first.move, first.target.ply) == (
        second.seat,
        second.move,
        second.target.ply,
    )
