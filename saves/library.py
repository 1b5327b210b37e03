"""The saved games: listing them from their tags, and saving, renaming, deleting, importing
and exporting files.

No function here overwrites or deletes a file that is not a save this pawnshop can read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from os import PathLike
from pathlib import Path
from typing import Any

from core.errors import UnknownGameError
from core.game import Game
from core.record import GameRecord
from core.registry import find_game
from saves import paths
from saves.atomic import write_atomically
from saves.errors import SaveError, SaveProblem, display_name
from saves.format import load, load_header, loads, save
from saves.header import GameLookup, SaveHeader
from saves.lexer import count_mainline_moves, split_lines, tokenize
from saves.listing_cache import ListingCache, Stamp, stamp_of
from saves.names import safe_file_name, safe_stem, unique_path
from saves.textfile import decode, read_bytes, read_text, unreadable


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


def list_games(
    data_dir: paths.DataDir = None, *, games: GameLookup = find_game
) -> list[LibraryEntry]:
    """Every ``*.pawn`` file of the saved games, newest first, then the files with a problem.

    Only the tags are read (the moves are counted from the Plies tag), so this is fast for
    thousands of files, and a file unchanged since the last listing is not read at all
    (``saves.listing_cache``); a bad file is listed with its problem and hides nothing else.
    """
    folder = paths.games_dir(data_dir)
    try:
        with os.scandir(folder) as found:
            files = [
                (Path(entry.path), stamp_of(entry.stat()))
                for entry in found
                if entry.name.endswith(paths.EXTENSION) and not entry.name.startswith(".")
            ]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise unreadable(folder.name, error) from None
    lookup = _remembering(games)
    cache = ListingCache.read(paths.listing_cache_file(data_dir))
    entries = sorted(
        (_cached_entry(path, stamp, cache, lookup) for path, stamp in files),
        key=lambda e: e.name,
    )
    cache.keep_only({path.name for path, _ in files})
    cache.write()
    entries.sort(key=lambda entry: (entry.date, entry.time), reverse=True)
    entries.sort(key=lambda entry: not entry.ok)
    return entries


def _cached_entry(path: Path, stamp: Stamp, cache: ListingCache, games: GameLookup) -> LibraryEntry:
    """The entry of ``path`` from the cache if the file is unchanged, else read (and kept)."""
    fields = cache.get(path.name, stamp)
    if fields is not None:
        try:
            return LibraryEntry(
                path,
                game_id=fields["game_id"],
                game_name=games(fields["game_id"]).name,
                players=tuple(fields["players"]),
                result=fields["result"],
                plies=fields["plies"],
                date=fields["date"],
                time=fields["time"],
            )
        except (LookupError, UnknownGameError, TypeError, ValueError):
            pass  # a game no longer known, or a damaged cache: read the file
    entry = describe(path, games=games)
    if entry.ok:
        cache.put(
            path.name,
            stamp,
            {
                "game_id": entry.game_id,
                "players": list(entry.players),
                "result": entry.result,
                "plies": entry.plies,
                "date": entry.date,
                "time": entry.time,
            },
        )
    else:
        cache.forget(path.name)
    return entry


def _remembering(games: GameLookup) -> GameLookup:
    """``games``, asked once per name: a thousand files name the same few games."""
    found: dict[str, Game[Any, Any]] = {}

    def lookup(name: str) -> Game[Any, Any]:
        if name not in found:
            found[name] = games(name)
        return found[name]

    return lookup


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


def export(
    record: GameRecord,
    destination: str | PathLike[str],
    *,
    overwrite: bool = False,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """Write ``record`` to a file outside the library; an existing file is replaced only
    with ``overwrite`` (and only if it is a readable save)."""
    path = Path(destination).expanduser()
    if not overwrite and (path.exists() or path.is_symlink()):
        raise SaveError(path.name, "already exists (choose another name or replace it)")
    return save(record, path, games=games, now=now)


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False
