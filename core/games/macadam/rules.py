"""Macadam's rules on states: the start, the legal moves, making a move and judging the result."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from core.games.macadam.board import (
    DOTS,
    GOAL,
    HALF,
    NOT_FILE_A,
    NOT_FILE_H,
    PAWNS_PER_SEAT,
    mask,
    squares_of,
)
from core.games.macadam.lines import SLIDE_HOME, SLIDE_ROOM
from core.games.macadam.movegen import has_jump, pawn_moves
from core.games.macadam.moves import MacadamMove, PawnMove, Placement, placement, step_move
from core.games.macadam.results import outcome_of
from core.games.macadam.state import (
    CHUNK_SIZE,
    CROSSED_OVER,
    FILTER_BITS,
    GOAL_REACHED,
    ONGOING,
    OPPONENT_STUCK,
    RECORD_SIZE,
    REPETITION,
    TWICE_BITS,
    MacadamState,
    occurrences,
)
from core.games.macadam.walks import walk_placement
from core.outcome import Outcome

_new_state = tuple.__new__  # MacadamState without its Python-level __new__: every move makes one

#: Pawns a player needs across the lane, and the most the opponent may have across, to win.
CROSSING_TARGET = 6
CROSSING_ALLOWANCE = 2
#: The occurrence of a position that draws the game (the ``seen`` filter is built for a third).
REPETITION_LIMIT = 3
_SOUTH_ROOM, _NORTH_ROOM = SLIDE_ROOM
#: The bit of the ``seen`` filter's low half for each remainder, made once rather than by a
#: shift every move (each is a long number).
_ONCE = tuple(1 << remainder for remainder in range(FILTER_BITS))
#: ``_CHANGES[start][end]``: the squares a pawn going from ``start`` to ``end`` changes,
#: none if they are the same.
_CHANGES = tuple(tuple(1 << start ^ 1 << end for end in range(64)) for start in range(64))


def first_mover(choice: str, seed: int) -> int:
    """The seat that makes the first battle move: option ``first`` is "1", "2" or "random"."""
    if choice == "random":
        return random.Random(seed).randrange(2)
    return int(choice) - 1


def new_state(options: Mapping[str, str], seed: int) -> MacadamState:
    """The start: pawns on their dots, or an empty board for free placement (South first)."""
    first = first_mover(options["first"], seed)
    if options["start"] == "free":
        return MacadamState(0, 0, 0, first, (), b"", 0, ONGOING)
    return battle_state(mask(DOTS[0]), mask(DOTS[1]), first)


def battle_state(
    south: int,
    north: int,
    side: int,
    past: tuple[bytes, ...] = (),
    recent: bytes = b"",
    seen: int = 0,
) -> MacadamState:
    """The battle position with these pawns and ``side`` to move, reached after the positions
    recorded in ``past`` and ``recent`` (whose filter is ``seen``), and how the battle
    stands there: the position ``apply`` reaches by a move that changes nothing."""
    before = _new_state(MacadamState, (south, north, side ^ 1, None, past, recent, seen, ONGOING))
    return _RULES.apply(before, _NO_CHANGE)


class MacadamRules:
    """The rules the game calls on every move: listing the moves, making one, the outcome.

    They are methods of a base class of the game, rather than functions bound to it as static
    methods, because CPython 3.11 calls a method through an instance at less cost.
    """

    def legal_moves(self, state: MacadamState) -> list[PawnMove] | list[Placement]:
        south, north, side, first, _, _, _, result = state
        if result:
            return []
        if first is not None:
            return placement_moves(state)
        if side:
            return pawn_moves(north, south, side)
        return pawn_moves(south, north, side)

    def apply(self, state: MacadamState, move: MacadamMove) -> MacadamState:
        """The position after a legal ``move``; ``state`` is left as it was.

        Only the player who just moved can have won, by reaching the goal or by crossing
        over; a draw by repetition comes next; then the player to move loses if it cannot
        move: it can if one of its pawns may slide (``can_slide``), else only if it has a
        jump (``has_jump``). The history and its filter are brought up to date,
        and the tests made, here rather than in helpers, as every move comes through here
        (see ``state`` for the layout of the history).
        """
        south, north, side, first, past, recent, seen, _ = state
        if first is not None:
            assert isinstance(move, Placement)
            return _apply_placement(state, move.square, first)
        # A PawnMove, the battle having begun (told the type checker only: no cost here);
        # indexing it costs less than unpacking all of it, and looking its change up less
        # than shifting bits into place.
        if TYPE_CHECKING:
            assert isinstance(move, PawnMove)
        change = _CHANGES[move[0]][move[1]]
        # Assignments in branches rather than from conditional pairs, which build tuples.
        # ``ahead``: the squares of the slide room a rank towards the lane from the pawns of
        # the player to move, each a slide of the pawn behind it (``lines.FIRST_SLIDES``;
        # the tests hold the shift to it). Nearly every position has one of them free, so
        # that is tested before ``can_slide``.
        if side:
            north ^= change
            mover = north
            other = south
            ahead = south << 8 & _SOUTH_ROOM
        else:
            south ^= change
            mover = south
            other = north
            ahead = north >> 8 & _NORTH_ROOM
        side ^= 1
        pawns = south | north << 64
        recent += pawns.to_bytes(RECORD_SIZE, "little")
        if len(recent) == CHUNK_SIZE:
            past += (recent,)
            recent = b""
        once = _ONCE[pawns % FILTER_BITS]
        maybe_third = False
        if seen & once:
            twice = 1 << FILTER_BITS + pawns % TWICE_BITS
            maybe_third = bool(seen & twice)
            seen |= twice
        else:
            seen |= once
        occupied = south | north
        if mover & GOAL[side]:
            result = GOAL_REACHED
        elif (mover & HALF[side]).bit_count() >= CROSSING_TARGET and (
            other & HALF[side ^ 1]
        ).bit_count() <= CROSSING_ALLOWANCE:
            result = CROSSED_OVER
        elif maybe_third and occurrences(b"".join(past) + recent) >= REPETITION_LIMIT:
            result = REPETITION
        elif ahead & occupied != ahead or can_slide(other & SLIDE_HOME[side], occupied, side):
            result = ONGOING
        elif not has_jump(other, occupied, side):
            result = OPPONENT_STUCK
        else:
            result = ONGOING
        return _new_state(MacadamState, (south, north, side, None, past, recent, seen, result))

    def outcome(self, state: MacadamState) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return outcome_of(state) if state.result else None


def can_slide(home: int, occupied: int, seat: int) -> bool:
    """Whether a pawn of ``home``, pawns of ``seat`` that may slide (``SLIDE_HOME``), has a
    free square of ``SLIDE_ROOM`` beside it, which is where ``walks.walk_slide`` lets a pawn
    of ``SLIDE_HOME`` slide one square (``lines.FIRST_SLIDES``; the tests hold the shifts to
    it, square by square): the same answer as asking each pawn, at the cost of a few shifts."""
    free = SLIDE_ROOM[seat] & ~occupied
    return bool(
        (home << 8 | home >> 8) & free
        or ((home & NOT_FILE_H) << 1 | (home & NOT_FILE_A) >> 1) & free
    )


_RULES = MacadamRules()
#: A move that changes nothing, for ``battle_state``.
_NO_CHANGE = step_move(0, 0)
#: The legal moves as a function of states, for the modules that need it.
legal_moves = _RULES.legal_moves


#: ``PLACEMENT_ROOM[seat]``: the squares ``walk_placement`` lets ``seat`` place a pawn on
#: while they are free.
PLACEMENT_ROOM = tuple(
    mask(square for square in range(64) if isinstance(walk_placement(seat, 0, square), Placement))
    for seat in (0, 1)
)


def placement_moves(state: MacadamState) -> list[Placement]:
    """A pawn on each free square of the placement room of the seat to move."""
    free = PLACEMENT_ROOM[state.side] & ~(state.south | state.north)
    return [placement(square) for square in squares_of(free)]


def _apply_placement(state: MacadamState, square: int, first: int) -> MacadamState:
    """Place a pawn; South places first, and North's eighth pawn starts the battle."""
    south, north = state.south, state.north
    if state.side:
        north |= 1 << square
    else:
        south |= 1 << square
    if north.bit_count() == PAWNS_PER_SEAT:
        return battle_state(south, north, first)
    return MacadamState(south, north, state.side ^ 1, first, (), b"", 0, ONGOING)
