"""Sorting and filtering the library's entries, for the screen that lists saved games.

Pure functions of ``LibraryEntry`` lists: the same order and the same matches wherever the
library is shown. A file that cannot be read always stays listed, after the readable ones,
and is found by its name or its problem.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, get_args

from saves.library import LibraryEntry

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

Column = Literal["game", "players", "result", "moves", "date", "file"]
COLUMNS: tuple[Column, ...] = get_args(Column)

#: What the library shows for a game that is not finished.
UNFINISHED = "ongoing"


def result_text(entry: LibraryEntry) -> str:
    """``1-0``, ``1/2-1/2``, ``2`` ... as the tag says, or ``ongoing`` for ``*``."""
    return UNFINISHED if entry.result == "*" else entry.result


def players_text(entry: LibraryEntry) -> str:
    return " vs ".join(entry.players)


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


def search_text(entry: LibraryEntry) -> str:
    """Everything a filter may match in one entry, in lower case: game (name and id),
    players, result, date (written ``2026.11.21`` and ``2026-11-21``), time, file name and,
    for a bad file, its problem."""
    parts = [
        entry.game_name,
        entry.game_id,
        *entry.players,
        players_text(entry),
        entry.result,
        result_text(entry) if entry.ok else "",
        entry.date,
        entry.date.replace(".", "-"),
        entry.time,
        entry.name,
        entry.problem or "",
    ]
    return "\n".join(parts).casefold()


def matches(entry: LibraryEntry, query: str) -> bool:
    """True when every word of ``query`` occurs in what the entry shows (any case)."""
    text = search_text(entry)
    return all(word in text for word in query.casefold().split())


def filter_entries(entries: Sequence[LibraryEntry], query: str) -> list[LibraryEntry]:
    """The entries that ``query`` matches, in their order; all of them for an empty query."""
    if not query.split():
        return list(entries)
    return [entry for entry in entries if matches(entry, query)]
