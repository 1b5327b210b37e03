"""A legal-move list made of blocks, each producing its moves on demand.

A Chase turn offers hundreds of moves (every amount of gold on every tile, every
orientation of every tile, every merge), most of which a caller never looks at. The list
knows how many each block holds and makes a move only when it is asked for, so choosing a
random move or counting them costs little. Iterating makes every move. A kind of move may
come with a judge that says whether a move of that kind is in the list, so membership never
lists the moves of that kind (there may be millions of merges).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from typing import overload

from core.games.chase.moves import ChaseMove


class MoveList(Sequence[ChaseMove]):
    __slots__ = ("_ends", "_judges", "_kinds", "_makers", "_members", "_size")

    def __init__(self) -> None:
        self._ends: list[int] = []
        self._makers: list[Callable[[int], ChaseMove]] = []
        self._kinds: list[type | None] = []
        self._size = 0
        self._members: set[ChaseMove] | None = None
        self._judges: dict[type, Callable[[ChaseMove], bool]] = {}

    def add(self, count: int, make: Callable[[int], ChaseMove], kind: type | None = None) -> None:
        """Append a block of ``count`` moves; ``make(i)`` is its ``i``-th move, and every
        move of the block is a ``kind`` if that is given."""
        if count > 0:
            self._size += count
            self._ends.append(self._size)
            self._makers.append(make)
            self._kinds.append(kind)

    def extend(self, moves: Sequence[ChaseMove]) -> None:
        self.add(len(moves), moves.__getitem__)

    def judge(self, kind: type, is_member: Callable[[ChaseMove], bool]) -> None:
        """Answer ``move in self`` for a move of ``kind`` with ``is_member(move)``; its blocks
        must be added with that ``kind``."""
        self._judges[kind] = is_member

    def of_kind(self, kind: type) -> Iterator[ChaseMove]:
        """The moves of ``kind``, in order, without making those of the other kinds' blocks."""
        start = 0
        for end, make, block_kind in zip(self._ends, self._makers, self._kinds, strict=True):
            if block_kind is None or block_kind is kind:
                for index in range(end - start):
                    move = make(index)
                    if isinstance(move, kind):
                        yield move
            start = end

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
            return self._makers[block](index - ends[block - 1] if block else index)
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
        judge = self._judges.get(type(move))
        if judge is not None:
            return judge(move)  # type: ignore[arg-type]
        if self._members is None:
            judged = tuple(self._judges)
            members: set[ChaseMove] = set()
            start = 0
            for end, make, kind in zip(self._ends, self._makers, self._kinds, strict=True):
                if kind is None or kind not in judged:
                    members.update(make(index) for index in range(end - start))
                start = end
            self._members = members
        return move in self._members

    def __repr__(self) -> str:
        return f"MoveList({len(self)} moves)"
