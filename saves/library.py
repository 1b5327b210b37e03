"""The saved games: listing them from their tags, and saving, renaming, deleting, importing
and exporting files.

No function here overwrites or deletes a file that is not a save this pawnshop can read.
"""

from __future__ import annotations

import os
from datetime import datetime
from os import PathLike
from pathlib import Path

from core.record import GameRecord
from core.registry import find_game
from saves import paths
from saves.atomic import write_atomically
from saves.entry import LibraryEntry, describe
from saves.errors import SaveError, SaveProblem, display_name
from saves.format import load, loads, save
from saves.header import GameLookup
from saves.names import safe_file_name, safe_stem, unique_path
from saves.store.sqlite_library import SqliteLibraryIndex
from saves.textfile import decode, read_bytes

__all__ = [
    "LibraryEntry",
    "delete",
    "describe",
    "export",
    "exports_dir",
    "import_file",
    "in_library",
    "list_games",
    "rename",
    "save_as",
    "save_reviewed",
]


def list_games(
    data_dir: paths.DataDir = None, *, games: GameLookup = find_game
) -> list[LibraryEntry]:
    """Every ``*.pawn`` file of the saved games, newest first, then the files with a problem.

    Served by the index of the data folder's store (``saves.store``), which reads only the
    files that are new or changed since it last looked, and only their tags; a bad file is
    listed with its problem and hides nothing else. Anything to say about the index itself
    (a damaged database set aside and made anew) comes last, as an entry with a problem
    naming the file kept aside.
    """
    if not paths.games_dir(data_dir).is_dir():
        return []
    with SqliteLibraryIndex(data_dir, games=games) as index:
        index.sync()
        entries = index.list()
        notices = index.notices
    store = paths.store_file(data_dir)
    return entries + [LibraryEntry(store, problem=notice) for notice in notices]


def save_as(
    record: GameRecord,
    name: str,
    data_dir: paths.DataDir = None,
    *,
    overwrite: bool = False,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """Save ``record`` in the library under ``name`` (made a safe file name).

    An existing file of that name is replaced only with ``overwrite``. The game's autosave,
    if it has one, is its caller's to remove (``saves.autosave.remove_autosave``).
    """
    path = paths.games_dir(data_dir) / safe_file_name(name)
    if not overwrite and (path.exists() or path.is_symlink()):
        raise SaveError(path.name, "already exists (choose another name or replace it)")
    return save(record, path, games=games, now=now)


def save_reviewed(
    record: GameRecord,
    name: str,
    source: str | PathLike[str] | None,
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """Save a game opened for review (its comments and variations) in the library.

    Under the name of the file it was opened from, that file is replaced; any other name must
    be free. No autosave is touched: they belong to the unfinished games.
    """
    path = paths.games_dir(data_dir) / safe_file_name(name)
    if source is not None and _same_file(path, Path(source)):
        return save(record, path, games=games, now=now)
    return save_as(record, name, data_dir, games=games, now=now)


def in_library(path: Path | None, data_dir: paths.DataDir = None) -> bool:
    """True if ``path`` is a file of the saved games' folder."""
    return path is not None and paths.same_folder(path.parent, paths.games_dir(data_dir))


def rename(path: str | PathLike[str], new_name: str) -> Path:
    """Give a saved file a new (safe) name in the same folder, never replacing another file."""
    path = Path(path)
    target = path.with_name(safe_file_name(new_name))
    if target == path:
        return path
    if target.exists() and not _same_file(path, target):
        raise SaveError(target.name, f"already exists, so {path.name} keeps its name")
    try:
        os.rename(path, target)
    except OSError as error:
        raise SaveError(path.name, f"could not be renamed ({error.strerror or error})") from None
    return target


def delete(path: str | PathLike[str], *, games: GameLookup = find_game) -> None:
    """Delete a saved game. A file that does not load is kept, for the player to look at."""
    path = Path(path)
    try:
        load(path, games=games)
    except SaveError as error:
        raise SaveError(error.file, f"is not deleted, because it {error.problem}") from None
    try:
        path.unlink()
    except OSError as error:
        raise SaveError(path.name, f"could not be deleted ({error.strerror or error})") from None


def import_file(
    source: str | PathLike[str],
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
) -> Path:
    """Copy a save into the library after checking that it loads; its new path.

    The copy keeps the file's bytes and, where free, its name.
    """
    data = read_bytes(source)
    name = display_name(source)
    try:
        loads(decode(data), name=name, games=games)
    except SaveProblem as problem:
        raise problem.naming(name) from None
    target = unique_path(paths.games_dir(data_dir), safe_stem(name))
    try:
        write_atomically(target, data)
    except OSError as error:
        raise SaveError(target.name, f"could not be written ({error.strerror or error})") from None
    return target


#: The folder of the data folder that exports are proposed in.
EXPORTS_FOLDER = "exports"


def exports_dir(data_dir: paths.DataDir = None) -> Path:
    """Where an export is proposed: the data folder's ``exports/`` (made by the first export
    into it), or the working directory when the data folder cannot be written."""
    data = paths.data_dir(data_dir)
    if os.access(data, os.W_OK) or (not data.exists() and os.access(data.parent, os.W_OK)):
        return data / EXPORTS_FOLDER
    return Path.cwd()


def export(
    record: GameRecord,
    destination: str | PathLike[str],
    *,
    overwrite: bool = False,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """Write ``record`` to a file outside the library; an existing file is replaced only
    with ``overwrite`` (and only if it is a readable save). A relative path is taken from
    the working directory; the path returned is absolute, to say where the file went. A
    folder that does not exist yet (the data folder's ``exports/``) is made."""
    path = Path(destination).expanduser().absolute()
    if not overwrite and (path.exists() or path.is_symlink()):
        raise SaveError(path.name, "already exists (choose another name or replace it)")
    return save(record, path, games=games, now=now)


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False
