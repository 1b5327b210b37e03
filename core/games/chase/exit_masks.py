"""Bitmasks of a position's tiles (which squares have one, which can be pivoted), kept from one
position to the next.

Every turn asks for them, and working them out from the 64 exits takes a while. Most turns
leave the exits as they were (the same tuple), and a placement or a pivot changes one square:
``with_exits`` makes the changed tuple for the ledger and updates the masks of the old tuple
by one bit instead of working them out again.
"""

from __future__ import annotations

from typing import NamedTuple

from core.games.chase.board import TURNS
from core.tuples import from_fields


class ExitMasks(NamedTuple):
    """``tiles``: the squares with a tile; ``one_turn``/``three_turns``: the tiles with one
    other orientation (lines) and with three."""

    tiles: int
    one_turn: int
    three_turns: int


#: An ``ExitMasks`` from a tuple of all its fields (see ``core.tuples``): every turn makes one.
_new_masks = from_fields(ExitMasks)

#: How many exit tuples keep their masks.
KEPT = 8
#: id(exits) -> (exits, their masks), oldest first.
_known: dict[int, tuple[tuple[int, ...], ExitMasks]] = {}


def _translation(test: list[bool]) -> bytes:
    """A table turning each exit mask into the digit "1" where ``test`` holds, else "0"."""
    return bytes.maketrans(bytes(range(256)), bytes(b"01"[on] for on in test))


_TILE = _translation([mask != 0 for mask in range(256)])
_ONE_TURN = _translation([len(TURNS[mask]) == 1 for mask in range(256)])
_THREE_TURNS = _translation([len(TURNS[mask]) == 3 for mask in range(256)])


def exit_masks(exits: tuple[int, ...]) -> ExitMasks:
    """The masks of ``exits`` (a tuple of exit masks by square, each 0..255)."""
    entry = _known.get(id(exits))
    if entry is not None and entry[0] is exits:
        return entry[1]
    text = bytes(exits)
    masks = ExitMasks(
        int(text.translate(_TILE)[::-1], 2),
        int(text.translate(_ONE_TURN)[::-1], 2),
        int(text.translate(_THREE_TURNS)[::-1], 2),
    )
    _keep(exits, masks)
    return masks


#: _FLAGS[exits]: ``(has a tile, has one other orientation, has three)`` as 0 or 1, in the
#: order of ``ExitMasks``.
_FLAGS = tuple(
    (int(exits != 0), int(len(TURNS[exits]) == 1), int(len(TURNS[exits]) == 3))
    for exits in range(256)
)


def with_exits(old: tuple[int, ...], square: int, exits: int) -> tuple[int, ...]:
    """``old`` but for the tile on ``square``, which shows ``exits``; the masks of the result
    are those of ``old`` (if known) updated by that one square."""
    changed = list(old)
    changed[square] = exits
    new = tuple(changed)
    entry = _known.get(id(old))
    if entry is not None and entry[0] is old:
        masks = entry[1]
        flags = _FLAGS[exits]
        # Equal flags leave the masks as they were (as after a pivot: the same tile).
        if flags != _FLAGS[old[square]]:
            tiles, one, three = masks
            keep = ~(1 << square)
            tile, one_turn, three_turns = flags
            masks = _new_masks(
                (
                    tiles & keep | tile << square,
                    one & keep | one_turn << square,
                    three & keep | three_turns << square,
                )
            )
        _keep(new, masks)
    return new


def _keep(exits: tuple[int, ...], masks: ExitMasks) -> None:
    if len(_known) >= KEPT:
        _known.pop(next(iter(_known)))
    _known[id(exits)] = (exits, masks)
