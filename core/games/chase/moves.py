"""The five actions of a Chase turn as small frozen values.

Frozen dataclasses rather than named tuples so that, say, a placement and a pivot with the
same square and exits are never equal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """Put the next tile of the stack on ``square`` showing ``exits``."""

    square: int
    exits: int


@dataclass(frozen=True, slots=True)
class AddGold:
    """Put ``amount`` loose coins on ``square``: fortify your tile or claim the opponent's."""

    square: int
    amount: int


@dataclass(frozen=True, slots=True)
class Merge:
    """Unlock the stacks on ``sources`` (ascending) and put them together on ``dest``."""

    sources: tuple[int, ...]
    dest: int


@dataclass(frozen=True, slots=True)
class Pivot:
    """Turn the tile on ``square`` so that it shows ``exits``, paying the opponent 1."""

    square: int
    exits: int


@dataclass(frozen=True, slots=True)
class Walk:
    """Move a pawn along ``path``: its start, then every square it jumps or steps to."""

    path: tuple[int, ...]


ChaseMove = Place | AddGold | Merge | Pivot | Walk
