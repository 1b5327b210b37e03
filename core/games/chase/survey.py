"""Bitmask summaries of a position, computed in one pass and reused by every rule.

The rules ask the same questions of a position many times per turn (which squares are
tiles, who controls them, where the pawns are); the answers are bitmasks with bit
``square``. The last few surveys are kept, keyed by the state object itself.
"""

from __future__ import annotations

from typing import NamedTuple

from core.games.chase.board import COLOUR, SQUARES
from core.games.chase.exit_masks import exit_masks
from core.games.chase.state import GOLD, ChaseState
from core.tuples import from_fields

#: COLOUR_MASK[seat]: the squares of that seat's colour.
COLOUR_MASK = tuple(
    sum(1 << square for square in range(SQUARES) if COLOUR[square] == seat) for seat in (0, 1)
)
EVERY_SQUARE = (1 << SQUARES) - 1


class Survey(NamedTuple):
    """``tiles``: squares a pawn can stand and move on (tiles; in Gold mode, stacks);
    ``sizes``: the stack size on each square that has gold; per seat: ``pawns``,
    ``controlled`` squares, ``stacks`` it owns, ``colour`` (tiles showing its colour; in Gold
    mode every square, since all a seat sweeps over is its own gold). For the player to move
    (asked for when the position is made and again when its moves are listed): ``placement``,
    the squares of their colour with no tile and no enemy pawn, while tiles are left to place
    (none in Gold mode); ``one_turn``/``three_turns``, the tiles with one other orientation
    and with three (see ``exit_masks``)."""

    tiles: int
    sizes: dict[int, int]
    pawns: tuple[int, int]
    controlled: tuple[int, int]
    stacks: tuple[int, int]
    colour: tuple[int, int]
    placement: int = 0
    one_turn: int = 0
    three_turns: int = 0


#: _BYTE_SQUARES[byte_index][byte]: the squares of one byte of a mask.
_BYTE_SQUARES = tuple(
    tuple(tuple(8 * index + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for index in range(SQUARES // 8)
)


#: The squares of each byte of a mask, by byte index (a 64-square board has 8).
_BYTE0, _BYTE1, _BYTE2, _BYTE3, _BYTE4, _BYTE5, _BYTE6, _BYTE7 = _BYTE_SQUARES


def bits(mask: int) -> list[int]:
    """The squares of a mask, in ascending order: a lone square found directly, else one
    table look-up per byte, all in one list display (a loop over the bytes costs twice as
    much)."""
    if mask.bit_count() <= 1:
        return [mask.bit_length() - 1] if mask else []
    b0, b1, b2, b3, b4, b5, b6, b7 = mask.to_bytes(8, "little")
    return [
        *_BYTE0[b0],
        *_BYTE1[b1],
        *_BYTE2[b2],
        *_BYTE3[b3],
        *_BYTE4[b4],
        *_BYTE5[b5],
        *_BYTE6[b6],
        *_BYTE7[b7],
    ]


#: ``(width, mask of the low width bits)`` of each halving in ``nth_square``.
_HALVES = ((32, 0xFFFF_FFFF), (16, 0xFFFF), (8, 0xFF))


def nth_square(mask: int, index: int) -> int:
    """The ``index``-th square (from 0, ascending) of a mask: found by halving the mask
    (32, 16, then 8 bits) on the side that holds it, then in a table of bytes."""
    base = 0
    for width, half in _HALVES:
        low = mask & half
        count = low.bit_count()
        if index < count:
            mask = low
        else:
            index -= count
            mask >>= width
            base += width
    return base + _BYTE_SQUARES[0][mask][index]


def placement_squares(seat: int, tiles: int, pawns: tuple[int, int]) -> int:
    """Where ``seat`` may place a tile: squares of its colour with no tile and no enemy pawn."""
    return COLOUR_MASK[seat] & ~(tiles | pawns[1 - seat])


#: A ``Survey`` from a tuple of all its fields (see ``core.tuples``): every turn makes one.
_new_survey = from_fields(Survey)


def _survey(state: ChaseState, previous: tuple[ChaseState | None, Survey]) -> Survey:
    """The survey of ``state``; ``previous`` is the last survey made, with its state, whose
    gold, pawn and tile masks are taken over when ``state`` has the very same stacks, pawns
    or tiles (as after most turns, which leave some of them as they were)."""
    mode, seat, exits, turned, stacks, pawns, _, deck, _, _, _, _, _ = state
    before, facts = previous
    if before is not None and stacks is before.stacks:
        sizes, gold = facts.sizes, facts.stacks
    else:
        south = north = 0
        sizes = {}
        for square, size, owner in stacks:
            if owner:
                north |= 1 << square
            else:
                south |= 1 << square
            sizes[square] = size
        gold = (south, north)
    if before is not None and pawns is before.pawns:
        pawn_masks = facts.pawns
    else:
        south = north = 0
        for square in pawns[0]:
            south |= 1 << square
        for square in pawns[1]:
            north |= 1 << square
        pawn_masks = (south, north)
    south_gold, north_gold = gold
    if mode == GOLD:
        every = (EVERY_SQUARE, EVERY_SQUARE)
        return _new_survey((south_gold | north_gold, sizes, pawn_masks, gold, gold, every, 0, 0, 0))
    # Not from a Gold-mode survey, whose tiles are its stacks.
    if (
        before is not None
        and exits is before.exits
        and turned == before.turned
        and before.mode == mode
    ):
        tiles, one_turn, three_turns = facts.tiles, facts.one_turn, facts.three_turns
        south, north = facts.colour
    else:
        tiles, one_turn, three_turns = exit_masks(exits)
        south = tiles & (COLOUR_MASK[0] ^ turned)
        north = tiles & ~south
    guarded = south_gold | north_gold
    placement = placement_squares(seat, tiles, pawn_masks) if deck else 0
    return _new_survey(
        (
            tiles,
            sizes,
            pawn_masks,
            (south & ~guarded | south_gold, north & ~guarded | north_gold),
            gold,
            (south, north),
            placement,
            one_turn,
            three_turns,
        )
    )


_recent: dict[int, tuple[ChaseState, Survey]] = {}
_latest: list[tuple[ChaseState | None, Survey]] = [
    (None, Survey(0, {}, (0, 0), (0, 0), (0, 0), (0, 0)))
]


def survey(state: ChaseState) -> Survey:
    """The survey of ``state`` (the last few are remembered by object identity, the very
    last where it is quickest to find)."""
    latest = _latest[0]
    if latest[0] is state:
        return latest[1]
    entry = _recent.get(id(state))
    if entry is not None and entry[0] is state:
        _latest[0] = entry
        return entry[1]
    result = _survey(state, _latest[0])
    _latest[0] = (state, result)
    if len(_recent) >= 8:
        _recent.pop(next(iter(_recent)))
    _recent[id(state)] = (state, result)
    return result
