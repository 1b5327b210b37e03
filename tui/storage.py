"""The app's use of ``saves``: every call with the app's data folder, game lookup and clock.

``clock`` is ``None`` for the real time; tests pin it so that dates in files and on screen
stay the same from run to run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from core.errors import UnknownGameError
from core.game import Game
from core.record import GameRecord
from core.registry import find_game
from saves import autosave, library, names
from saves import format as save_format
from saves.autosave import BadAutosave, ResumeOffer
from saves.header import GameLookup
from saves.library import LibraryEntry


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

    def now(self) -> datetime | None:
        return self.clock() if self.clock else None

    def read_autosave(self) -> ResumeOffer | BadAutosave | None:
        return autosave.read_autosave(self.data_dir, games=self.games, now=self.now())

    def autosave(self, record: GameRecord) -> Path:
        return autosave.write_autosave(record, self.data_dir, games=self.games, now=self.now())

    def file_finished(self, record: GameRecord) -> Path:
        return autosave.file_finished_game(record, self.data_dir, games=self.games, now=self.now())

    def suggested_name(self, record: GameRecord) -> str:
        return names.generated_stem(record.game.id, record.players, self.now() or datetime.now())

    def save_as(self, record: GameRecord, name: str) -> Path:
        return library.save_as(record, name, self.data_dir, games=self.games, now=self.now())

    def list_games(self) -> list[LibraryEntry]:
        return library.list_games(self.data_dir, games=self.games)

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
