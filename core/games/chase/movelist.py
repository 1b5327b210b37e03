"""A legal-move list made of blocks, each producing its moves on demand.

A Chase turn offers hundreds of moves (every amount of gold on every tile, every
orientation of every tile, every merge), most of which a caller never looks at. The list
knows how many each block holds and makes a move only when it is asked for, so choosing a
random move or counting them costs little. Iterating makes every move.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from typing import overload

from core.games.chase.moves import ChaseMove


class MoveList(Sequence[ChaseMove]):
    def __init__(self) -> None:
        self._ends: list[int] = []
        self._makers: list[Callable[[int], ChaseMove]] = []
        self._size = 0
        self._members: set[ChaseMove] | None = None

    def add(self, count: int, make: Callable[[int], ChaseMove]) -> None:
        """Append a block of ``count`` moves; ``make(i)`` is its ``i``-th move."""
        if count > 0:
            self._size += count
            self._ends.append(self._size)
            self._makers.append(make)

    def extend(self, moves: Sequence[ChaseMove]) -> None:
        self.add(len(moves), moves.__getitem__)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> ChaseMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[ChaseMove]: ...

    def __getitem__(self, index: int | slice) -> ChaseMove | list[ChaseMove]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = self._size
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("move index out of range")
        block = bisect_right(self._ends, index)
        start = self._ends[block - 1] if block else 0
        return self._makers[block](index - start)

    def __iter__(self) -> Iterator[ChaseMove]:
        start = 0
        for end, make in zip(self._ends, self._makers, strict=True):
            for index in range(end - start):
                yield make(index)
            start = end

    def __contains__(self, move: object) -> bool:
        if self._members is None:
            self._members = set(self)
        return move in self._members

    def __repr__(self) -> str:
        return f"MoveList({len(self)} moves)"
