"""A game at one keyboard: what the board screen asks for, carried out on the game's record.

The board screen shows the record and sends intents: play this move, undo, redo, save.
``LocalGame`` plays a move into the record (in a live game as the main line the game goes on
along, in review as a variation), keeps a live game on disk after every change, files it in the
library when it ends, and takes back to a person's own last move when computers play some seats.
In a timed game it keeps the clocks (``tui.play.clock.GameClock``) in step with the record:
each move presses the mover's clock and keeps its time with the move, a walk back or forth sets
the clocks to the position's, and a fallen flag ends the game on time.
It answers with what happened, in plain values, for the screen to show.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from core.game import Move
from core.record import GameRecord, Node
from core.time_control import TimeControlError, time_control_of
from saves.errors import SaveError
from tui.play.clock import Clocks, GameClock, TimeSource, clocks_at
from tui.play.review_game import moves_between
from tui.play.storage import Storage


class GameFiles(Protocol):
    """Where games are kept: the app's storage, and its way of keeping a game now."""

    @property
    def storage(self) -> Storage: ...

    def keep(self, record: GameRecord) -> str:
        """Write the game to its file; the problem in one sentence, else ``""``."""
        ...


@dataclass(frozen=True)
class Played:
    """What playing a move came to."""

    node: Node
    #: Why the game could not be kept on disk after the move ("" when it was).
    problem: str = ""
    #: For a move that ended a live game: where it was filed (``None`` if it could not be)...
    filed: Path | None = None
    #: ...and that in one sentence.
    filed_note: str = ""


def clock_of(record: GameRecord, now: TimeSource) -> GameClock | None:
    """The clocks of ``record``'s time control; none for a game without one, or whose
    ``TimeControl`` tag (from a file written elsewhere) names none this app knows."""
    try:
        return GameClock.of(record, now)
    except TimeControlError:
        return None


class LocalGame:
    """The controller of a game played at one keyboard (see the module's docstring)."""

    def __init__(
        self,
        record: GameRecord,
        files: Callable[[], GameFiles],
        *,
        reviewing: bool = False,
        computer_seats: Collection[int] = (),
        now: TimeSource | None = None,
    ) -> None:
        """``files``: how to reach the app's files, asked only when a file is touched.
        ``now``: the time the clocks of a timed game run on (``None``: its clocks are kept
        elsewhere, as a table's are); ``TimeControlError`` for a record whose time control
        is not one."""
        self.record = record
        self.files = files
        #: In review moves played become variations and nothing is kept on disk.
        self.reviewing = reviewing or record.outcome() is not None
        self.computer_seats = frozenset(computer_seats)
        self._now = now
        #: The running clocks of a live timed game (``None`` untimed, or in review).
        self.clock = None if now is None or self.reviewing else clock_of(record, now)
        #: The position the clocks stand for (a move played after looking back at an earlier
        #: one first sets them to that position's).
        self._clock_node = record.current
        self._review_clocks: tuple[Node, Clocks] | None = None

    @property
    def live(self) -> bool:
        return not self.reviewing

    # -- moves ----------------------------------------------------------------------------------

    def play(self, move: Move) -> Played:
        """Play ``move``; raises ``PawnshopError`` if the record refuses it. A live game is
        kept after it, or filed in the library if it ended there."""
        record = self.record
        parent = record.current
        node = record.play(move, main=self.live)
        if not self.live:
            return Played(node)
        record.promote(node)  # the line the game goes on along is its main line
        if self.clock is not None:
            if parent is not self._clock_node:
                record.goto(parent)
                self.clock.went_to()
                record.goto(node)
            self.clock.moved(node)
            self._clock_node = node
        if record.outcome() is None:
            return Played(node, problem=self.keep())
        return self.finished()

    def finished(self) -> Played:
        """The live game has just ended: file it in the library."""
        record = self.record
        node = record.current
        try:
            path = self.files().storage.file_finished(record)
        except SaveError as error:
            return Played(node, filed_note=f"Could not be filed: {error}")
        return Played(node, filed=path, filed_note=f"Filed as {path.name}")

    def walked(self) -> str:
        """After the game was walked back or forth (undo, redo, a move of the log): a live
        game stands there now, what came after kept as a variation, and is kept. The problem
        in keeping it, in one sentence, else ``""``."""
        if not self.live:
            return ""
        self.record.goto(self.record.current, main=True)
        if self.clock is not None:
            self.clock.went_to()
            self._clock_node = self.record.current
        return self.keep()

    # -- clocks ---------------------------------------------------------------------------------

    def time_ran_out(self, seat: int) -> Played | None:
        """``seat``'s clock shows its flag down: the live game ends on time there (where the
        game stands), filed like any finished game. ``None`` when nothing ended (no flag down
        by the clocks, the game already over, or reviewed)."""
        clock = self.clock
        if clock is None or not self.live:
            return None
        record = self.record
        looked_at = record.current
        record.goto(self._clock_node)
        if clock.flag_fell(seat) is None:
            record.goto(looked_at)
            return None
        return self.finished()

    def shown_clocks(self) -> Clocks | None:
        """The clocks the players' panels show: the running ones of a live game, in review
        the times kept with the current move (standing still); ``None`` for an untimed game."""
        if self.clock is not None and self.live:
            return self.clock.clocks
        record = self.record
        shown = self._review_clocks
        if shown is not None and shown[0] is record.current:
            return shown[1]
        try:
            control = time_control_of(record.tags)
        except TimeControlError:
            return None
        if not control.timed:
            return None
        now = self._now or (lambda: 0.0)
        times = clocks_at(record, record.current, control)
        clocks = Clocks(control, len(record.players), now, times)
        self._review_clocks = record.current, clocks
        return clocks

    def _person_to_move(self) -> bool:
        record = self.record
        seats = len(record.seat_names)
        if len(self.computer_seats) >= seats or record.outcome() is not None:
            return True
        return record.game.to_move(record.state) not in self.computer_seats

    def undo(self) -> list[Node]:
        """Undo one move, and in a live game against computers go on back to the last
        position where a person was to move: the player's own last move is taken back.
        The moves taken back, in the order they were played (none: nothing to undo)."""
        record = self.record
        before = record.current
        if not record.undo():
            return []
        if self.live:
            while not self._person_to_move() and record.undo():
                pass
        return moves_between(record.current, before)

    def redo(self) -> list[Node]:
        """Redo one move, and in a live game against computers the computers' replies too.
        The moves played again (none: nothing to redo)."""
        record = self.record
        before = record.current
        if not record.redo():
            return []
        if self.live:
            while not self._person_to_move() and record.redo():
                pass
        return moves_between(before, record.current)

    # -- files ----------------------------------------------------------------------------------

    def keep(self) -> str:
        """Write the game to its file now; the problem in one sentence, else ``""``."""
        return self.files().keep(self.record)

    def save(self) -> Path | None:
        """Save a game that has a library file in place; ``None`` for one that has none yet
        (it needs a name: ``save_as``). Raises ``SaveError``."""
        storage = self.files().storage
        if not storage.in_library(storage.file_of(self.record)):
            return None
        return storage.autosave(self.record)

    def suggested_name(self) -> str:
        return self.files().storage.suggested_name(self.record)

    def save_as(self, name: str) -> Path:
        """Save the game under ``name`` in the library: its file from now on (its autosave
        goes). Raises ``SaveError``."""
        return self.files().storage.save_as(self.record, name)
