"""The five actions of a Chase turn as small frozen values.

Frozen dataclasses rather than named tuples so that, say, a placement and a pivot with the
same square and exits are never equal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TypeVar


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


Pair = TypeVar("Pair", Place, AddGold, Pivot)


def pair_maker(kind: type[Pair]) -> Callable[[int, int], Pair]:
    """``kind(first, second)`` for a move kind of two fields, made without calling its
    ``__init__``: a frozen dataclass sets each field there through ``object.__setattr__``,
    which costs about as much again as the rest of making the move. The value is the same
    in every respect (type, fields, equality, hash, and it stays frozen)."""
    new = object.__new__
    set_first, set_second = (getattr(kind, field.name).__set__ for field in fields(kind))

    def make(first: int, second: int) -> Pair:
        move = new(kind)
        set_first(move, first)
        set_second(move, second)
        return move

    return make


#: The slot's own setter (read from the class's namespace: ``Walk.path`` is the field).
_set_path = vars(Walk)["path"].__set__


def make_walk(path: tuple[int, ...]) -> Walk:
    """``Walk(path)``, made as ``pair_maker`` makes its moves."""
    move = object.__new__(Walk)
    _set_path(move, path)
    return move


#: Quick makers of the moves a move list hands out.
make_place = pair_maker(Place)
make_add_gold = pair_maker(AddGold)
make_pivot = pair_maker(Pivot)
