"""Sorting and filtering the library's entries, for the screen that lists saved games.

Pure functions of ``LibraryEntry`` lists: the same order and the same matches wherever the
library is shown. A file that cannot be read always stays listed, after the readable ones,
and is found by its name or its problem.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from saves.entry import (
    UNFINISHED,
    LibraryEntry,
    filter_words,
    players_text,
    result_text,
    search_text,
)
from saves.store import COLUMNS, Column

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

__all__ = [
    "COLUMNS",
    "UNFINISHED",
    "Column",
    "filter_entries",
    "matches",
    "players_text",
    "result_text",
    "search_text",
    "sort_entries",
]


def _date_key(entry: LibraryEntry) -> tuple[str, str]:
    return (entry.date, entry.time)


_SORT_KEYS: dict[Column, Callable[[LibraryEntry], SupportsRichComparison]] = {
    "game": lambda entry: entry.game_name.casefold(),
    "players": lambda entry: players_text(entry).casefold(),
    "result": lambda entry: result_text(entry),
    "moves": lambda entry: entry.plies,
    "date": _date_key,
    "file": lambda entry: entry.name.casefold(),
}


def sort_entries(
    entries: Sequence[LibraryEntry], column: Column, *, descending: bool = False
) -> list[LibraryEntry]:
    """``entries`` ordered by ``column``; ties newest first, then by file name. Files that
    cannot be read come last, by file name, whatever the order."""
    good = [entry for entry in entries if entry.ok]
    bad = sorted((entry for entry in entries if not entry.ok), key=lambda e: e.name.casefold())
    good.sort(key=lambda entry: entry.name.casefold())
    good.sort(key=_date_key, reverse=True)
    good.sort(key=_SORT_KEYS[column], reverse=descending)
    return good + bad


def matches(entry: LibraryEntry, query: str) -> bool:
    """True when every word of ``query`` occurs in what the entry shows (any case)."""
    text = search_text(entry)
    return all(word in text for word in filter_words(query))


def filter_entries(entries: Sequence[LibraryEntry], query: str) -> list[LibraryEntry]:
    """The entries that ``query`` matches, in their order; all of them for an empty query."""
    if not query.split():
        return list(entries)
    return [entry for entry in entries if matches(entry, query)]
