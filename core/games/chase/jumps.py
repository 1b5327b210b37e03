"""Jumps: the first segment of a pawn move that goes two squares or more in a straight line,
over squares that let it pass (untiled, or tiles with an exit that way), onto a free tile."""

from __future__ import annotations

from core.games.chase.board import BIT, EXIT_BITS, RAYS
from core.games.chase.walks import GOLD_EVENT, PAWN_EVENT, Events, WalkBoard


def jump_landings(
    board: WalkBoard, start: int, free: int, occupied: int
) -> list[tuple[int, Events, int]]:
    """``(square, events, pawns jumped)`` for every jump out of the tile on ``start`` (a jump
    of two squares over an enemy pawn is the first hop of a sweep instead). ``free``: the
    tiles a pawn may land on; ``occupied``: the squares with a pawn, but ``start``."""
    exits, enemy, enemy_gold = board.exits, board.enemy, board.enemy_gold
    rays = RAYS[start]
    result = []
    for direction in EXIT_BITS[exits[start]]:
        # ``passable`` and ``pass_events``, written out, square by square along the ray;
        # the first square, where no jump lands, on its own, since most rays stop there.
        ray = rays[direction]
        if not ray:
            continue
        square = ray[0]
        square_exits = exits[square]
        if square_exits and not square_exits >> direction & 1:
            continue
        bit = BIT[square]
        if bit & occupied and not bit & enemy:
            continue
        events: Events = (GOLD_EVENT + square,) if bit & enemy_gold else ()
        jumped = 0
        if bit & enemy:
            events += (PAWN_EVENT + square,)
            jumped = bit
        # Two squares over an enemy pawn is a hop, not a jump.
        lands = not jumped
        for square in ray[1:]:
            bit = BIT[square]
            if bit & free and lands:
                result.append((square, events, jumped))
            lands = True
            if bit & occupied and not bit & enemy:
                break
            square_exits = exits[square]
            if square_exits and not square_exits >> direction & 1:
                break
            if bit & enemy_gold:
                events += (GOLD_EVENT + square,)
            if bit & enemy:
                events += (PAWN_EVENT + square,)
                jumped |= bit
    return result
