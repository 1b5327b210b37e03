"""Jumps: the first segment of a pawn move that goes two squares or more in a straight line,
over squares that let it pass (untiled, or tiles with an exit that way), onto a free tile."""

from __future__ import annotations

from core.games.chase.board import BIT, EXIT_BITS, NEIGHBOUR, RAYS_BEYOND, RAYS_PAST
from core.games.chase.walks import GOLD_EVENT, PAWN_EVENT, Events, WalkBoard


def jump_landings(
    board: WalkBoard, start: int, free: int, occupied: int
) -> list[tuple[int, Events, int]]:
    """``(square, events, pawns jumped)`` for every jump out of the tile on ``start`` (a jump
    of two squares over an enemy pawn is the first hop of a sweep instead). ``free``: the
    tiles a pawn may land on; ``occupied``: the squares with a pawn, but ``start``."""
    exits, enemy, enemy_gold = board.exits, board.enemy, board.enemy_gold
    # Squares where passing over has events, or may stop the jump: checked only on them.
    marked = occupied | enemy_gold
    nearest, past, beyond = NEIGHBOUR[start], RAYS_PAST[start], RAYS_BEYOND[start]
    result = []
    for direction in EXIT_BITS[exits[start]]:
        # ``passable`` and ``pass_events``, written out, square by square along the ray;
        # the first square, where no jump lands, on its own, since most rays stop there.
        if not beyond[direction] & free:
            continue  # nowhere to land (or no ray at all)
        square = nearest[direction]
        square_exits = exits[square]
        if square_exits and not square_exits >> direction & 1:
            continue
        bit = BIT[square]
        events: Events = ()
        jumped = 0
        if bit & marked:
            if bit & occupied and not bit & enemy:
                continue
            if bit & enemy_gold:
                events = (GOLD_EVENT + square,)
            if bit & enemy:
                events += (PAWN_EVENT + square,)
                jumped = bit
        # Two squares over an enemy pawn is a hop, not a jump.
        lands = not jumped
        for square in past[direction]:
            bit = BIT[square]
            if bit & free:
                if lands:
                    result.append((square, events, jumped))
            elif bit & occupied and not bit & enemy:
                break
            lands = True
            square_exits = exits[square]
            if square_exits and not square_exits >> direction & 1:
                break
            if bit & marked:
                if bit & enemy_gold:
                    events += (GOLD_EVENT + square,)
                if bit & enemy:
                    events += (PAWN_EVENT + square,)
                    jumped |= bit
    return result
