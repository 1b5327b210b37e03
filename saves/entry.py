"""One saved game as the library lists it: what its tags say, read without its moves, and
the texts the library sorts and filters it by."""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from core.registry import find_game
from saves.errors import SaveError, SaveProblem, display_name
from saves.format import load_header
from saves.header import GameLookup, SaveHeader
from saves.lexer import count_mainline_moves, split_lines, tokenize
from saves.textfile import read_text

#: What the library shows for a game that is not finished.
UNFINISHED = "ongoing"


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """One file of the library as its tags describe it; a file that cannot be read has only
    ``path`` and ``problem`` (its one-sentence SaveError message)."""

    path: Path
    game_id: str = ""
    game_name: str = ""
    players: tuple[str, ...] = ()
    result: str = ""
    #: Moves in the main line.
    plies: int = 0
    date: str = ""
    time: str = ""
    problem: str | None = None

    @property
    def name(self) -> str:
        """The file name."""
        return self.path.name

    @property
    def ok(self) -> bool:
        return self.problem is None


def describe(path: str | PathLike[str], *, games: GameLookup = find_game) -> LibraryEntry:
    """The library entry of one file."""
    path = Path(path)
    try:
        header = load_header(path, games=games)
        plies = header.plies if header.plies is not None else _count_moves(path, header)
    except SaveError as error:
        return LibraryEntry(path, problem=str(error))
    return LibraryEntry(
        path,
        game_id=header.game.id,
        game_name=header.game.name,
        players=header.players,
        result=header.result,
        plies=plies,
        date=header.date,
        time=header.time,
    )


def _count_moves(path: Path, header: SaveHeader) -> int:
    """The main line's length for a file without a Plies tag, counted without replaying."""
    text = read_text(path)
    try:
        body = "\n".join(split_lines(text)[header.body_line :])
        return count_mainline_moves(tokenize(body, header.body_line + 1))
    except SaveProblem as problem:
        raise problem.naming(display_name(path)) from None


def result_text(entry: LibraryEntry) -> str:
    """``1-0``, ``1/2-1/2``, ``2`` ... as the tag says, or ``ongoing`` for ``*``."""
    return UNFINISHED if entry.result == "*" else entry.result


def players_text(entry: LibraryEntry) -> str:
    return " vs ".join(entry.players)


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


def filter_words(query: str) -> list[str]:
    """The words of a filter, each of which must occur in an entry's ``search_text``."""
    return query.casefold().split()
