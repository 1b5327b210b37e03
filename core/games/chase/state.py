"""The Chase position as an immutable value, and the questions every rule asks of it."""

from __future__ import annotations

from itertools import chain
from typing import NamedTuple

from core.games.chase.board import COLOUR
from core.tuples import from_fields

REGULAR, TILES, GOLD = "regular", "tiles", "gold"
MODES = (REGULAR, TILES, GOLD)

#: Why a game ended (``ChaseState.end``).
NO_ACTION, DEBT, REPETITION = "no-action", "debt", "repetition"
END_REASONS = (NO_ACTION, DEBT, REPETITION)


class ChaseState(NamedTuple):
    """Everything about a Chase position.

    ``exits`` holds each square's tile as an exit mask (0: no tile); ``turned`` is a bitmask
    (bit ``square``) of the tiles showing the other colour than their square, which only
    happens in Tiles mode; ``stacks`` lists the gold on the board as ``(square, size, owner)``
    in square order, ``owner`` being the seat whose coins are on top. ``deck`` is the tile
    stack still to draw, next first, as kind indices; ``lock`` the square the opponent
    pivoted on the last turn (-1: none); ``past`` and ``recent`` the repetition keys of the
    positions since the last tile was placed, this one included, in chunks (read them as
    ``history``); ``winner``/``end`` the result once the game is over (``end`` is "" while
    it goes on, ``winner`` -1 for a draw).
    """

    mode: str
    to_move: int
    exits: tuple[int, ...]
    turned: int
    stacks: tuple[tuple[int, int, int], ...]
    pawns: tuple[tuple[int, ...], tuple[int, ...]]
    loose: tuple[int, int]
    deck: tuple[int, ...]
    lock: int = -1
    past: tuple[tuple[int, ...], ...] = ()
    recent: tuple[int, ...] = ()
    winner: int = -1
    end: str = ""

    @property
    def history(self) -> tuple[int, ...]:
        """The repetition keys of the positions since the last tile was placed, this one
        last (kept in chunks, ``past`` then ``recent``: see ``repetition``)."""
        if not self.past:
            return self.recent
        return tuple(chain(*self.past, self.recent))


#: A ``ChaseState`` from a tuple of all its fields (see ``core.tuples``): every turn makes one.
state_from_fields = from_fields(ChaseState)


def position_key(state: ChaseState) -> int:
    """A number standing for the position as far as repetition is concerned (the side to move,
    board, gold, tiles left and pivot lock; not the history or result). It hashes ints and
    tuples of ints only, whose hashes Python does not vary from run to run."""
    return repetition_key(
        state.to_move,
        state.exits,
        state.turned,
        state.stacks,
        state.pawns,
        state.loose,
        len(state.deck),
        state.lock,
    )


def repetition_key(
    to_move: int,
    exits: tuple[int, ...],
    turned: int,
    stacks: tuple[tuple[int, int, int], ...],
    pawns: tuple[tuple[int, ...], tuple[int, ...]],
    loose: tuple[int, int],
    tiles_left: int,
    lock: int,
) -> int:
    """``position_key`` of a position given by its parts, before a ``ChaseState`` is made."""
    return hash((to_move, exits, turned, stacks, pawns, loose, tiles_left, lock)) & KEY_BITS


KEY_BITS = 0xFFFF_FFFF_FFFF_FFFF


def stack_at(state: ChaseState, square: int) -> tuple[int, int]:
    """``(size, owner)`` of the gold on ``square``; ``(0, -1)`` when there is none."""
    for where, size, owner in state.stacks:
        if where == square:
            return size, owner
    return 0, -1


def face_of(state: ChaseState, square: int) -> int:
    """The seat whose colour the tile on ``square`` shows; -1 when there is no tile."""
    if not state.exits[square]:
        return -1
    return COLOUR[square] ^ (state.turned >> square & 1)


def is_tile(state: ChaseState, square: int) -> bool:
    """Whether a pawn can stand and move on ``square``: a tile, or a stack in Gold mode."""
    if state.mode == GOLD:
        return stack_at(state, square)[0] > 0
    return state.exits[square] > 0


def controller(state: ChaseState, square: int) -> int:
    """The seat controlling ``square``: the owner of its gold, else the colour of its tile."""
    size, owner = stack_at(state, square)
    if size:
        return owner
    if state.mode == GOLD:
        return -1
    return face_of(state, square)


def pawn_owner(state: ChaseState, square: int) -> int:
    for seat in (0, 1):
        if square in state.pawns[seat]:
            return seat
    return -1


def stacks_of(state: ChaseState, seat: int) -> tuple[tuple[int, int], ...]:
    """``(square, size)`` of every stack ``seat`` owns, in square order."""
    return tuple((square, size) for square, size, owner in state.stacks if owner == seat)


def stranded_pawns(state: ChaseState, seat: int) -> tuple[int, ...]:
    """``seat``'s pawns standing on a tile they do not control (they pay 2 every turn)."""
    return tuple(
        square
        for square in state.pawns[seat]
        if is_tile(state, square) and controller(state, square) != seat
    )
