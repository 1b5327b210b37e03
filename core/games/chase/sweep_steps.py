"""The step and hop tables sweeps go by, and the questions the path search asks of them."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.chase.board import ALL_EXITS, BIT, NEIGHBOUR, STEP_MASKS
from core.games.chase.walks import WalkBoard

#: NEIGHBOUR_SET[square]: the adjacent squares as a mask.
NEIGHBOUR_SET = tuple(
    sum(1 << step for step in NEIGHBOUR[square] if step >= 0) for square in range(64)
)
#: HOP_LINES[square]: ``(direction, from, to)`` for every line of three squares on the board
#: with ``square`` in the middle, along which a pawn on it could be hopped.
HOP_LINES = tuple(
    tuple(
        (direction, NEIGHBOUR[square][(direction + 4) % 8], NEIGHBOUR[square][direction])
        for direction in range(8)
        if NEIGHBOUR[square][direction] >= 0 and NEIGHBOUR[square][(direction + 4) % 8] >= 0
    )
    for square in range(64)
)
#: HOP_CHECKS[square]: those lines as ``(from, direction bit, (from, square, to))``, the
#: last ready-made as ``hop_lines`` gives it.
HOP_CHECKS = tuple(
    tuple((before, 1 << direction, (before, square, land)) for direction, before, land in lines)
    for square, lines in enumerate(HOP_LINES)
)
#: PASSABLE[exits]: the directions in which a pawn may be hopped over a square with these
#: exits (``passable``): every one where there is no tile.
PASSABLE = tuple(exits or ALL_EXITS for exits in range(256))


def step_spread(tiles: int, exits: Sequence[int]) -> int:
    """The squares one sweep step leads to from the tiles of the mask ``tiles``, each left
    through one of its exits."""
    spread = 0
    while tiles:
        # Highest tile first: ``bit_length`` and a table look-up cost less than isolating the
        # lowest bit (two more operations on a big int, each making a new one).
        square = tiles.bit_length() - 1
        spread |= STEP_MASKS[square][exits[square]]
        tiles ^= BIT[square]
    return spread


def spread_from(here: int, unseen: int, exits: Sequence[int], goal: int = 0) -> int:
    """The tiles of ``unseen`` (``here`` not among them) that sweep steps reach from
    ``here`` through tiles of ``unseen``. With a ``goal`` mask the spreading stops as soon as
    it meets one of its tiles: the answer then holds that tile, and maybe not all the others.

    ``step_spread`` is written out (a call per round costs more than its loop), and the
    tiles reached are just those that left ``unseen``."""
    new = STEP_MASKS[here][exits[here]] & unseen
    before = unseen
    while new:
        if goal and new & goal:
            return (before ^ unseen) | new
        unseen ^= new
        # The first tile of the round on its own: most rounds have just one.
        square = new.bit_length() - 1
        spread = STEP_MASKS[square][exits[square]]
        new ^= BIT[square]
        while new:
            square = new.bit_length() - 1
            spread |= STEP_MASKS[square][exits[square]]
            new ^= BIT[square]
        new = spread & unseen
    return before ^ unseen


def hop_lines(board: WalkBoard) -> list[tuple[int, int, int]]:
    """``(from, over, to)`` for every line of three squares along which the exits would let
    a pawn of the seat hop an enemy pawn (whether the squares are free is up to each pawn)."""
    exits = board.exits
    lines = []
    enemy = board.enemy
    while enemy:
        low = enemy & -enemy
        pawn = low.bit_length() - 1
        enemy ^= low
        passable = PASSABLE[exits[pawn]]
        for before, direction_bit, line in HOP_CHECKS[pawn]:
            # ``passable`` (as ``PASSABLE``) and the exit out of ``before``.
            if exits[before] & direction_bit & passable:
                lines.append(line)
    return lines
