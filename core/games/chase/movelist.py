"""A legal-move list made of blocks, each producing its moves on demand.

A Chase turn offers hundreds of moves (every amount of gold on every tile, every
orientation of every tile, every merge), most of which a caller never looks at. The list
knows how many each block holds and makes a move only when it is asked for, so choosing a
random move or counting them costs little. Iterating makes every move. A kind of move may
come with a judge that says whether a move of that kind is in the list, so membership never
lists the moves of that kind (there may be millions of merges).
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, overload

from core.games.chase.moves import ChaseMove

#: How a block makes its moves: ``make(index)``, or ``make(data, index)`` for a block with
#: ``data`` (a plain function and a tuple cost less to set up than a closure).
Maker = Callable[..., ChaseMove]
#: A block of moves: ``(count, make, data, kind)``, its ``i``-th move ``make(i)`` (or
#: ``make(data, i)`` when ``data`` is not None), every one a ``kind`` if that is given.
Block = tuple[int, Maker, object, "type | None"]
#: ``judges[kind](move)``: whether a move of ``kind`` is in the list. Each judge takes moves
#: of its own kind only, a link between key and value no type can state: hence ``Any``.
Judges = dict[type, Callable[[Any], bool]]


def _block_maker(make: Maker, data: object) -> Callable[[int], ChaseMove]:
    """A block's moves as ``make(index)``."""
    return make if data is None else partial(make, data)


class MoveList(Sequence[ChaseMove]):
    """The moves of ``blocks``, in order. ``judges[kind]`` answers ``move in self`` for a
    move of ``kind``; the blocks of such a kind must say so.

    The blocks come as one list (rather than added one by one) because a list is made for
    every position: one call instead of one per block."""

    __slots__ = ("_blocks", "_ends", "_judges", "_members", "_size")

    def __init__(
        self,
        blocks: list[Block] | None = None,
        judges: Judges | None = None,
    ) -> None:
        if blocks is None:
            blocks = []
        #: Where each block ends (its first move's index plus its count), for ``bisect``.
        ends: list[int] = []
        size = 0
        for block in blocks:
            size += block[0]
            ends.append(size)
        self._blocks = blocks
        self._ends = ends
        self._size = size
        self._members: set[ChaseMove] | None = None
        self._judges = judges

    def _spans(self) -> Iterator[tuple[int, Callable[[int], ChaseMove], type | None]]:
        """``(moves in the block, make(index), kind)`` of every block, in order."""
        for count, make, data, kind in self._blocks:
            yield count, _block_maker(make, data), kind

    def of_kind(self, kind: type) -> Iterator[ChaseMove]:
        """The moves of ``kind``, in order, without making those of the other kinds' blocks."""
        for count, make, block_kind in self._spans():
            if block_kind is None or block_kind is kind:
                for index in range(count):
                    move = make(index)
                    if isinstance(move, kind):
                        yield move

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> ChaseMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[ChaseMove]: ...

    def __getitem__(self, index: int | slice) -> ChaseMove | list[ChaseMove]:
        if index.__class__ is int and 0 <= index < self._size:
            # The common case first (``random.choice`` asks for one move a turn).
            ends = self._ends
            block = bisect_right(ends, index)
            _, make, data, _ = self._blocks[block]
            if block:
                index -= ends[block - 1]
            return make(index) if data is None else make(data, index)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = operator.index(index)
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("move index out of range")
        return self[index]

    def __iter__(self) -> Iterator[ChaseMove]:
        for count, make, _ in self._spans():
            for index in range(count):
                yield make(index)

    def __contains__(self, move: object) -> bool:
        judges = self._judges or {}
        judge = judges.get(type(move))
        if judge is not None:
            return judge(move)
        if self._members is None:
            judged = tuple(judges)
            members: set[ChaseMove] = set()
            for count, make, kind in self._spans():
                if kind is None or kind not in judged:
                    members.update(make(index) for index in range(count))
            self._members = members
        return move in self._members

    def __repr__(self) -> str:
        return f"MoveList({len(self)} moves)"
