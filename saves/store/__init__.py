"""Where pawnshop keeps what it indexes: the interface every store offers.

The game files stay the exchange format (import, export, ``pawnshop open``); a store only
indexes and serves them, so it can always be made anew from the files. SQLite in the data
folder is the store of one machine (``saves.store.sqlite``); another database can stand
beside it by offering the same ``LibraryIndex``.
"""

from __future__ import annotations

import builtins
from typing import Literal, Protocol, get_args

from saves.entry import LibraryEntry

#: The columns the library can be sorted by.
Column = Literal["game", "players", "result", "moves", "date", "file"]
COLUMNS: tuple[Column, ...] = get_args(Column)


class LibraryIndex(Protocol):
    """The saved games' tags, kept up to date with the files and served sorted and filtered.

    Orders and matches are those of ``saves.catalog`` over the same entries: ``sort=None`` is
    the library's own order (newest first, then by file name); a column orders by it, ties
    newest first and then by file name; files that cannot be read come last, by name. A
    filter keeps the entries whose ``search_text`` holds every word of it.
    """

    #: One sentence for each thing the player should hear about the index itself (a damaged
    #: database set aside and rebuilt), said once.
    notices: list[str]

    def sync(self) -> None:
        """Bring the index up to date with the files: read the new and changed ones (by
        modification time and size) and forget the gone ones."""
        ...

    def list(
        self,
        sort: Column | None = None,
        descending: bool = False,
        filter: str = "",
        limit: int | None = None,
        offset: int = 0,
    ) -> builtins.list[LibraryEntry]:
        """The entries in that order that the filter lets through, ``limit`` of them from
        ``offset`` (all of them for ``None``)."""
        ...

    def count(self, filter: str = "") -> int:
        """How many entries the filter lets through."""
        ...

    def close(self) -> None: ...
