"""Pawn moves as the rules read them: the events of a path, or why it is illegal.

A move's result depends only on where the pawn ends and on its *events*, in order: enemy
gold passed over (the mover pays), enemy pawns jumped (their owner pays) and a taunt (the
opponent pays). Events are small ints: ``GOLD_EVENT + square``, ``PAWN_EVENT + square`` and
``TAUNT_EVENT + gold earned``.

Reading a path: the first segment is a sweep step (one square), a sweep hop (two squares in
a line over an enemy pawn) or else a jump (two squares or more in a straight line). Every
later segment is a sweep step or hop. A path that begins with a step or hop is a pure sweep:
it may earn a taunt and never comes back to its first tile; after a jump the sweep may cross
the tile where the turn began but not end there.
"""

from __future__ import annotations

from typing import NamedTuple

from core.games.chase.board import (
    ALL_EXITS,
    DIRECTIONS,
    RAYS,
    SQUARES,
    direction_between,
    name,
)
from core.games.chase.state import GOLD, ChaseState
from core.games.chase.survey import survey
from core.tuples import from_fields

GOLD_EVENT, PAWN_EVENT, TAUNT_EVENT = 0, 64, 128
TAUNT_TILES = 10

Events = tuple[int, ...]


class WalkBoard(NamedTuple):
    """What one seat's pawn moves depend on, as bitmasks (bit ``square``)."""

    seat: int
    exits: tuple[int, ...]
    controlled: int
    occupied: int
    enemy: int
    enemy_gold: int
    own_colour: int


#: A ``WalkBoard`` from a tuple of all its fields (see ``core.tuples``): every turn makes one.
_new_board = from_fields(WalkBoard)

_last_board: list[tuple[ChaseState | None, int, WalkBoard | None]] = [(None, -1, None)]


def walk_board(state: ChaseState, seat: int) -> WalkBoard:
    """The seat's ``WalkBoard`` in ``state``. The last one is kept: a turn asks for it to list
    the pawn moves and again to play the one chosen."""
    last_state, last_seat, board = _last_board[0]
    if last_state is state and last_seat == seat and board is not None:
        return board
    facts = survey(state)
    if state.mode == GOLD:
        stacks = [0] * SQUARES
        for square, _, _ in state.stacks:
            stacks[square] = ALL_EXITS
        exits = tuple(stacks)
    else:
        exits = state.exits
    pawns = facts.pawns
    board = _new_board(
        (
            seat,
            exits,
            facts.controlled[seat],
            pawns[0] | pawns[1],
            pawns[1 - seat],
            facts.stacks[1 - seat],
            facts.colour[seat],
        )
    )
    _last_board[0] = (state, seat, board)
    return board


def taunt_gold(tiles: int, own: int) -> int:
    """Gold a pure sweep earns: 1 per 10 tiles of your colour, once it covers 10 tiles."""
    return own // TAUNT_TILES if tiles >= TAUNT_TILES else 0


def passable(exits: int, direction: int) -> bool:
    """A square may be passed over in ``direction``: untiled, or a tile with that exit."""
    return not exits or bool(exits >> direction & 1)


def pass_events(board: WalkBoard, square: int) -> Events:
    """The events of passing over ``square``: its enemy gold (paid first), then its pawn."""
    bit = 1 << square
    events: Events = (GOLD_EVENT + square,) if bit & board.enemy_gold else ()
    if bit & board.enemy:
        events += (PAWN_EVENT + square,)
    return events


def trace_walk(board: WalkBoard, path: tuple[int, ...]) -> tuple[Events, str]:
    """The events of moving a pawn along ``path``, or ``((), reason)`` if the rules forbid it.

    The caller checks that a pawn of ``board.seat`` stands on ``path[0]``.
    """
    start = path[0]
    exits = board.exits
    if len(path) < 2:
        return (), "a pawn move needs at least one square to go to"
    if not exits[start]:
        return (), f"the pawn on {name(start)} has no tile under it, so it cannot move"
    occupied = board.occupied & ~(1 << start)
    events: Events = ()
    visited = 1 << start
    jumped = 0
    tiles, own = 1, 1 if 1 << start & board.own_colour else 0
    pure = True
    for index in range(1, len(path)):
        here, there = path[index - 1], path[index]
        line = direction_between(here, there)
        if line is None:
            return (), f"{name(there)} is not in a straight line from {name(here)}"
        direction, distance = line
        over = RAYS[here][direction][: distance - 1]
        hop = distance == 2 and bool(1 << over[0] & board.enemy)
        if index > 1 and (distance > 2 or (distance == 2 and not hop)):
            return (
                (),
                f"{name(here)}-{name(there)}: "
                "a sweep goes one tile at a time or hops one enemy pawn",
            )
        if not exits[here] >> direction & 1:
            return (), f"the tile on {name(here)} has no exit to the {DIRECTIONS[direction]}"
        if distance >= 2 and not hop:
            pure = False
            visited = 0
        for square in over:
            bit = 1 << square
            if bit & occupied and not bit & board.enemy:
                return (), f"your own pawn on {name(square)} cannot be jumped"
            if bit & jumped:
                return (), f"the pawn on {name(square)} was already jumped this turn"
            if not passable(exits[square], direction):
                return (), (
                    f"the tile on {name(square)} has no exit to the {DIRECTIONS[direction]}, "
                    "so it cannot be jumped over"
                )
            events += pass_events(board, square)
            jumped |= bit & board.enemy
        bit = 1 << there
        if bit & occupied:
            return (), f"{name(there)} is taken by a pawn"
        if not bit & board.controlled:
            return (), f"{name(there)} is not a tile you control"
        if bit & visited:
            return (), f"the move visits {name(there)} twice"
        visited |= bit
        tiles += 1
        own += 1 if bit & board.own_colour else 0
    if path[-1] == start:
        return (), "a move cannot end on the tile where the turn began"
    earned = taunt_gold(tiles, own) if pure else 0
    if earned:
        events += (TAUNT_EVENT + earned,)
    return events, ""
