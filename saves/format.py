"""Save files: a record to text and back, and to and from disk.

The text format is described in docs/save-format.md. Loading replays every move through the
rules, so a file edited into an impossible game is refused; reading only the header does not
look at the moves.
"""

from __future__ import annotations

from datetime import datetime
from os import PathLike
from pathlib import Path

from core.record import GameRecord
from core.registry import find_game
from saves.atomic import write_atomically
from saves.errors import SaveError, SaveProblem, display_name
from saves.header import FORMAT_NAME, FORMAT_VERSION, GameLookup, SaveHeader, read_header
from saves.lexer import split_lines
from saves.reader import read_record
from saves.textfile import read_head, read_text
from saves.writer import stamp, write_record

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "GameLookup",
    "SaveError",
    "SaveHeader",
    "dumps",
    "load",
    "load_header",
    "loads",
    "loads_header",
    "save",
]


def dumps(record: GameRecord, now: datetime | None = None) -> str:
    """The save text of ``record`` (``now`` dates it if its tags have no Date and Time)."""
    return write_record(record, now)


def loads(text: str, *, name: str = "the save", games: GameLookup = find_game) -> GameRecord:
    """The record that save ``text`` describes; ``name`` is how errors name it."""
    try:
        return read_record(text, games)
    except SaveProblem as problem:
        raise problem.naming(name) from None


def loads_header(text: str, *, name: str = "the save", games: GameLookup = find_game) -> SaveHeader:
    """What the tags of save ``text`` say, without reading its moves."""
    try:
        return read_header(split_lines(text), games)
    except SaveProblem as problem:
        raise problem.naming(name) from None


def load(path: str | PathLike[str], *, games: GameLookup = find_game) -> GameRecord:
    """The record saved at ``path``, every move replayed and checked by the rules."""
    return loads(read_text(path), name=display_name(path), games=games)


def load_header(path: str | PathLike[str], *, games: GameLookup = find_game) -> SaveHeader:
    """The tags of the save at ``path``, read without reading or replaying its moves."""
    return loads_header(read_head(path), name=display_name(path), games=games)


def save(
    record: GameRecord,
    path: str | PathLike[str],
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """Write ``record`` to ``path`` atomically and return the path.

    The record is dated (``now``) on its first save. A file already at ``path`` is replaced
    only if it is a save this pawnshop can read: anything else is left alone.
    """
    path = Path(path)
    name = display_name(path)
    if path.exists() or path.is_symlink():
        try:
            load_header(path, games=games)
        except SaveError as error:
            raise SaveError(name, f"is not replaced, because it {error.problem}") from None
    stamp(record, now)
    data = dumps(record, now).encode("utf-8")
    try:
        write_atomically(path, data)
    except OSError as error:
        raise SaveError(name, f"could not be written ({error.strerror or error})") from None
    return path
