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
from typing import overload

from core.games.chase.moves import ChaseMove

#: How a block makes its moves: ``make(index)``, or ``make(data, index)`` for a block added
#: with ``data`` (a plain function and a tuple cost less to set up than a closure).
Maker = Callable[..., ChaseMove]


def _block_maker(make: Maker, data: object) -> Callable[[int], ChaseMove]:
    """A block's moves as ``make(index)``."""
    return make if data is None else partial(make, data)


class MoveList(Sequence[ChaseMove]):
    __slots__ = ("_blocks", "_ends", "_judges", "_members", "_size")

    def __init__(self) -> None:
        self._ends: list[int] = []
        #: ``(make, data, kind)`` of each block, as given to ``add``.
        self._blocks: list[tuple[Maker, object, type | None]] = []
        self._size = 0
        self._members: set[ChaseMove] | None = None
        self._judges: dict[type, Callable[[ChaseMove], bool]] = {}

    def add(self, count: int, make: Maker, kind: type | None = None, data: object = None) -> None:
        """Append a block of ``count`` moves: its ``i``-th move is ``make(i)``, or
        ``make(data, i)`` if ``data`` is given; every move of the block is a ``kind`` if that
        is given."""
        if count > 0:
            self._size += count
            self._ends.append(self._size)
            self._blocks.append((make, data, kind))

    def extend(self, moves: Sequence[ChaseMove]) -> None:
        self.add(len(moves), moves.__getitem__)

    def judge(self, kind: type, is_member: Callable[[ChaseMove], bool]) -> None:
        """Answer ``move in self`` for a move of ``kind`` with ``is_member(move)``; its blocks
        must be added with that ``kind``."""
        self._judges[kind] = is_member

    def _spans(self) -> Iterator[tuple[int, Callable[[int], ChaseMove], type | None]]:
        """``(moves in the block, make(index), kind)`` of every block, in order."""
        start = 0
        for end, (make, data, kind) in zip(self._ends, self._blocks, strict=True):
            yield end - start, _block_maker(make, data), kind
            start = end

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
            make, data, _ = self._blocks[block]
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
        judge = self._judges.get(type(move))
        if judge is not None:
            return judge(move)  # type: ignore[arg-type]
        if self._members is None:
            judged = tuple(self._judges)
            members: set[ChaseMove] = set()
            for count, make, kind in self._spans():
                if kind is None or kind not in judged:
                    members.update(make(index) for index in range(count))
            self._members = members
        return move in self._members

    def __repr__(self) -> str:
        return f"MoveList({len(self)} moves)"
