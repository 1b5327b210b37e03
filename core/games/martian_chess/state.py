"""The Martian Chess position: an immutable value holding everything the rules need."""

from __future__ import annotations

from typing import NamedTuple

from core.games.martian_chess.board import layout_of
from core.games.martian_chess.moves import Move

#: ``State.clock`` values: the option is off, or on and not called yet; once called it
#: counts the quiet turns (turns without a capture) since the call or the last capture.
CLOCK_OFF = -2
CLOCK_READY = -1
#: Quiet turns after which a called clock ends the game.
DEADLOCK_TURNS = 7
#: ``State.empty_zone`` while every zone holds a piece.
NO_EMPTY_ZONE = -1


class State(NamedTuple):
    """One position.

    ``board`` holds a piece (its pip value, 0 for empty) per square; the board size tells two
    players (4 x 8) from four (8 x 8). ``crossing`` is the last move if it carried a piece over
    the canal in a two-player game (the move the next player may not reject), else ``None``.
    ``occupied`` (a bitboard: bit ``n`` set when square ``n`` holds a piece) and
    ``empty_zone`` (the seat whose zone is empty, or ``NO_EMPTY_ZONE``) follow from the board;
    they are kept so that the end of the game is seen without scanning the board.
    """

    board: tuple[int, ...]
    to_move: int
    scores: tuple[int, ...]
    crossing: Move | None
    clock: int
    teams: bool
    occupied: int
    empty_zone: int

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def last_mover(self) -> int:
        """The seat that made the last move (turns pass in seat order)."""
        return (self.to_move - 1) % len(self.scores)

    @property
    def clock_called(self) -> bool:
        return self.clock >= 0

    @property
    def is_over(self) -> bool:
        return self.empty_zone != NO_EMPTY_ZONE or self.clock >= DEADLOCK_TURNS


def make_state(
    board: tuple[int, ...],
    to_move: int,
    scores: tuple[int, ...],
    crossing: Move | None,
    clock: int,
    teams: bool,
) -> State:
    """A state with its derived fields computed from the board."""
    occupied = sum(1 << square for square, piece in enumerate(board) if piece)
    empty = [seat for seat, mask in enumerate(layout_of(board).zone_masks) if not occupied & mask]
    empty_zone = empty[0] if empty else NO_EMPTY_ZONE
    return State(board, to_move, scores, crossing, clock, teams, occupied, empty_zone)
