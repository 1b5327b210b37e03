"""A game at one keyboard: what the board screen asks for, carried out on the game's record.

The board screen shows the record and sends intents: play this move, undo, redo, save.
``LocalGame`` plays a move into the record (in a live game as the main line the game goes on
along, in review as a variation), keeps a live game on disk after every change, files it in the
library when it ends, and takes back to a person's own last move when computers play some seats.
It answers with what happened, in plain values, for the screen to show.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from core.game import Move
from core.record import GameRecord, Node
from saves.errors import SaveError
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


class LocalGame:
    """The controller of a game played at one keyboard (see the module's docstring)."""

    def __init__(
        self,
        record: GameRecord,
        files: Callable[[], GameFiles],
        *,
        reviewing: bool = False,
        computer_seats: Collection[int] = (),
    ) -> None:
        """``files``: how to reach the app's files, asked only when a file is touched."""
        self.record = record
        self.files = files
        #: In review moves played become variations and nothing is kept on disk.
        self.reviewing = reviewing or record.outcome() is not None
        self.computer_seats = frozenset(computer_seats)

    @property
    def live(self) -> bool:
        return not self.reviewing

    # -- moves ----------------------------------------------------------------------------------

    def play(self, move: Move) -> Played:
        """Play ``move``; raises ``PawnshopError`` if the record refuses it. A live game is
        kept after it, or filed in the library if it ended there."""
        record = self.record
        node = record.play(move, main=self.live)
        if not self.live:
            return Played(node)
        record.promote(node)  # the line the game goes on along is its main line
        if record.outcome() is None:
            return Played(node, problem=self.keep())
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
        return self.keep()

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
