"""The saved games as the library screen shows them: one order and filter of the library's
index, counted once and read a page at a time, only the pages the screen asks for.

A library of 100,000 games is never read whole: the screen asks for the rows it draws, and
each page is one query (``LibraryIndex.list`` with a limit and an offset) that the store
answers from its indexes. A new order, filter or sync is a new ``LibraryPages``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import overload

from saves.entry import LibraryEntry
from saves.store import Column, LibraryIndex

#: Entries read per query.
PAGE = 100
#: Pages kept read: enough for a screenful and the pages around it.
KEPT_PAGES = 8


class LibraryPages(Sequence[LibraryEntry]):
    """The entries of ``index`` in one order that ``query`` lets through, as a sequence whose
    length is one count and whose items are read a page at a time (see the module)."""

    def __init__(
        self,
        index: LibraryIndex,
        sort: Column | None = None,
        descending: bool = False,
        query: str = "",
    ) -> None:
        self.library = index
        self.sort = sort
        self.descending = descending
        self.query = query
        self._count: int | None = None
        self._pages: OrderedDict[int, list[LibraryEntry]] = OrderedDict()

    def __len__(self) -> int:
        if self._count is None:
            self._count = self.library.count(self.query)
        return self._count

    @overload
    def __getitem__(self, position: int) -> LibraryEntry: ...

    @overload
    def __getitem__(self, position: slice) -> list[LibraryEntry]: ...

    def __getitem__(self, position: int | slice) -> LibraryEntry | list[LibraryEntry]:
        if isinstance(position, slice):
            return [self[row] for row in range(*position.indices(len(self)))]
        row = position + len(self) if position < 0 else position
        if not 0 <= row < len(self):
            raise IndexError(position)
        page = self._page(row // PAGE)
        if row % PAGE >= len(page):  # the files changed since the count
            raise IndexError(position)
        return page[row % PAGE]

    def window(self, start: int, size: int) -> list[LibraryEntry]:
        """The entries from ``start``, at most ``size`` of them."""
        rows = range(max(start, 0), min(start + size, len(self)))
        found = []
        for row in rows:
            page = self._page(row // PAGE)
            if row % PAGE >= len(page):
                break
            found.append(page[row % PAGE])
        return found

    def find(self, path: Path, near: int = 0) -> int | None:
        """Where the entry of ``path`` is, looking on the page of row ``near`` and the first
        page only (a file moved far by a new order is not hunted for)."""
        for number in dict.fromkeys((max(near, 0) // PAGE, 0)):
            for offset, entry in enumerate(self._page(number)):
                if entry.path == path:
                    return number * PAGE + offset
        return None

    def _page(self, number: int) -> list[LibraryEntry]:
        if number in self._pages:
            self._pages.move_to_end(number)
            return self._pages[number]
        page = self.library.list(
            self.sort, self.descending, self.query, limit=PAGE, offset=number * PAGE
        )
        self._pages[number] = page
        while len(self._pages) > KEPT_PAGES:
            self._pages.popitem(last=False)
        return page
