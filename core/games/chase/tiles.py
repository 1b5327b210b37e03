"""The tiles: kinds as data (exit sets in their first orientation) and the shuffled stack.

A variant deck is another tuple of ``TileKind``; nothing else in the rules knows the kinds.
The stack in a state is a tuple of indices into ``DECK``; the position text writes each tile
as its kind's letter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.games.chase.board import DIRECTIONS, orientations


@dataclass(frozen=True)
class TileKind:
    """One kind of tile: ``letter`` in position texts, ``exits`` in its first orientation,
    ``count`` tiles of it in the deck (a dataclass: a named tuple's ``count`` is its method)."""

    letter: str
    name: str
    exits: int
    count: int

    @property
    def orientations(self) -> tuple[int, ...]:
        return orientations(self.exits)


def exit_mask(*names: str) -> int:
    mask = 0
    for direction in names:
        mask |= 1 << DIRECTIONS.index(direction)
    return mask


#: The default deck: 72 tiles, 8 of each kind.
DECK: tuple[TileKind, ...] = (
    TileKind("X", "diagonal cross", exit_mask("NE", "SE", "SW", "NW"), 8),
    TileKind("P", "orthogonal cross", exit_mask("N", "E", "S", "W"), 8),
    TileKind("S", "star", exit_mask(*DIRECTIONS), 8),
    TileKind("D", "diagonal line", exit_mask("NE", "SW"), 8),
    TileKind("I", "orthogonal line", exit_mask("N", "S"), 8),
    TileKind("V", "diagonal corner", exit_mask("NE", "SE"), 8),
    TileKind("Y", "diagonal tee", exit_mask("NE", "SE", "SW"), 8),
    TileKind("T", "orthogonal tee", exit_mask("N", "E", "S"), 8),
    TileKind("A", "arrow", exit_mask("NE"), 8),
)
LETTERS = "".join(kind.letter for kind in DECK)
#: KIND_ORIENTATIONS[kind]: the distinct exit masks of that kind.
KIND_ORIENTATIONS: tuple[tuple[int, ...], ...] = tuple(kind.orientations for kind in DECK)


def shuffled_stack(rng: random.Random) -> tuple[int, ...]:
    """Every tile of the deck, as kind indices, in the order ``rng`` shuffles them."""
    stack = [index for index, kind in enumerate(DECK) for _ in range(kind.count)]
    rng.shuffle(stack)
    return tuple(stack)


def kind_of_exits(mask: int) -> TileKind | None:
    """The kind whose tiles can show exactly these exits, if any."""
    for kind in DECK:
        if mask in kind.orientations:
            return kind
    return None
