"""The app's use of ``saves``: every call with the app's data folder, game lookup and clock.

``clock`` is ``None`` for the real time; tests pin it so that dates in files and on screen
stay the same from run to run.

The storage also remembers which file each game being played is kept in (``file_of``): its
own autosave, made on its first write, or the library file it was saved as or opened from.
Every move writes that file and no other, so starting, opening or resuming a game never
writes over another one. A game saved under a name is moved into the library: the named file
is its file from then on, written after each move, and its autosave is removed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from weakref import WeakKeyDictionary

from core.errors import UnknownGameError
from core.game import Game
from core.record import GameRecord
from core.registry import find_game
from saves import autosave, library, names, paths, unfinished
from saves import format as save_format
from saves.header import GameLookup
from saves.library import LibraryEntry
from saves.store import LibraryIndex
from saves.store.sqlite_library import SqliteLibraryIndex
from saves.unfinished import BadAutosave, StartFindings, UnfinishedGame


def lookup_in(games: Sequence[Game]) -> GameLookup:
    """A game lookup that knows only ``games``, by id (the name save files use)."""
    by_id = {game.id: game for game in games}

    def find(name: str) -> Game:
        if name in by_id:
            return by_id[name]
        known = ", ".join(by_id)
        raise UnknownGameError(f"there is no game called '{name}' (games: {known})")

    return find


@dataclass(frozen=True)
class Storage:
    data_dir: Path | None = None
    games: GameLookup = find_game
    clock: Callable[[], datetime] | None = None
    #: The file each game being played is kept in (see the module's docstring).
    files: WeakKeyDictionary[GameRecord, Path] = field(
        default_factory=WeakKeyDictionary, compare=False, repr=False
    )

    def now(self) -> datetime | None:
        return self.clock() if self.clock else None

    # -- unfinished games -----------------------------------------------------------------------

    def find_resumable(self) -> StartFindings:
        return unfinished.find_resumable(self.data_dir, games=self.games, now=self.now())

    def unfinished_files(self) -> list[Path]:
        """The unfinished games' autosaves, counted without reading them."""
        return paths.autosave_files(self.data_dir)

    def list_unfinished(self) -> tuple[list[UnfinishedGame], list[BadAutosave]]:
        return unfinished.list_unfinished(self.data_dir, games=self.games, now=self.now())

    def file_of(self, record: GameRecord) -> Path | None:
        """The file ``record`` is kept in, if it has one yet."""
        return self.files.get(record)

    def keep_in(self, record: GameRecord, path: Path | None) -> None:
        """From now on ``record`` is kept in ``path`` (``None``: a new autosave of its own)."""
        if path is None:
            self.files.pop(record, None)
        else:
            self.files[record] = path

    def in_library(self, path: Path | None) -> bool:
        return library.in_library(path, self.data_dir)

    def is_autosave(self, path: Path | None) -> bool:
        return autosave.is_autosave(path, self.data_dir)

    def autosave(self, record: GameRecord) -> Path:
        """Write the game being played to its file: the library file it was saved as, else
        its own autosave (made now if it has none)."""
        own = self.files.get(record)
        if self.in_library(own):
            assert own is not None
            return save_format.save(record, own, games=self.games, now=self.now())
        if not autosave.is_autosave(own, self.data_dir):
            own = None
        path = autosave.write_autosave(
            record, self.data_dir, path=own, games=self.games, now=self.now()
        )
        self.files[record] = path
        return path

    def file_finished(self, record: GameRecord) -> Path:
        """Keep a game that has just finished: in place if it is a library file, else filed
        into the library under a new name (and its autosave removed)."""
        own = self.files.get(record)
        if self.in_library(own):
            assert own is not None
            return save_format.save(record, own, games=self.games, now=self.now())
        path = autosave.file_finished_game(
            record,
            self.data_dir,
            autosave=own if autosave.is_autosave(own, self.data_dir) else None,
            games=self.games,
            now=self.now(),
        )
        self.files[record] = path
        return path

    def remove_unfinished(self, path: Path) -> None:
        """Delete an unfinished game's autosave (its player asked)."""
        autosave.remove_autosave(path, games=self.games, now=self.now())

    # -- the library --------------------------------------------------------------------------

    def suggested_name(self, record: GameRecord) -> str:
        return names.generated_stem(record.game.id, record.players, self.now() or datetime.now())

    def save_as(self, record: GameRecord, name: str) -> Path:
        """Save the game being played under ``name`` in the library: that file is its file
        from now on, and its autosave is removed."""
        path = library.save_as(record, name, self.data_dir, games=self.games, now=self.now())
        own = self.files.get(record)
        if autosave.is_autosave(own, self.data_dir):
            assert own is not None
            autosave.remove_autosave(own, games=self.games, now=self.now())
        self.files[record] = path
        return path

    def list_games(self) -> list[LibraryEntry]:
        return library.list_games(self.data_dir, games=self.games)

    def library_index(self) -> LibraryIndex:
        """The saved games' index, to sync and then serve a screenful sorted and filtered by
        the store rather than in Python; its caller closes it."""
        return SqliteLibraryIndex(self.data_dir, games=self.games)

    def library_reader(self) -> LibraryIndex:
        """The saved games' index for a screen to read at once: opened without the integrity
        check and never synced by itself (a sync, on another thread, checks and fills it);
        its caller closes it."""
        return SqliteLibraryIndex(self.data_dir, games=self.games, check=False, rebuild=False)

    def load(self, path: Path) -> GameRecord:
        return save_format.load(path, games=self.games)

    def save_reviewed(self, record: GameRecord, name: str, source: Path | None) -> Path:
        return library.save_reviewed(
            record, name, source, self.data_dir, games=self.games, now=self.now()
        )

    def rename(self, path: Path, name: str) -> Path:
        return library.rename(path, name)

    def delete(self, path: Path) -> None:
        library.delete(path, games=self.games)

    def import_file(self, source: Path) -> Path:
        return library.import_file(source, self.data_dir, games=self.games)

    def export(self, path: Path, destination: str) -> Path:
        """Write the saved game at ``path`` to ``destination`` (``~`` allowed), never over a
        file that exists."""
        record = self.load(path)
        return library.export(record, destination, games=self.games, now=self.now())
