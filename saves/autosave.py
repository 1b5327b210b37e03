"""The game in progress, written after every move so that quitting or a crash loses nothing.

At start the app asks ``read_autosave`` whether there is a game to resume. A bad autosave is
never deleted: it is renamed aside to ``current.bad-<date>-<time>.pawn`` and reported with its
one-sentence problem. Saving the game or filing it when it is finished clears the autosave.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from core.record import GameRecord
from core.registry import find_game
from saves import paths
from saves.atomic import remove_leftover_temps
from saves.errors import SaveError, display_name
from saves.format import load, load_header, save
from saves.header import GameLookup
from saves.names import generated_stem, unique_path
from saves.writer import DATE_FORMAT, TIME_FORMAT, stamp


@dataclass(frozen=True, slots=True)
class ResumeOffer:
    """An autosaved game that can be resumed."""

    record: GameRecord

    @property
    def moves(self) -> int:
        """Moves played to where the game stands (moves taken back are not counted)."""
        return len(self.record.line())

    @property
    def question(self) -> str:
        """``"Resume your Martian Chess game (South vs North, 12 moves)?"``"""
        players = " vs ".join(self.record.players)
        count = f"{self.moves} move{'' if self.moves == 1 else 's'}"
        return f"Resume your {self.record.game.name} game ({players}, {count})?"


@dataclass(frozen=True, slots=True)
class BadAutosave:
    """An autosave that could not be read: ``problem`` says why, ``kept_as`` where it went
    (``None`` if even renaming it failed)."""

    problem: str
    kept_as: Path | None


def write_autosave(
    record: GameRecord,
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """Save the game in progress (atomically) as the autosave.

    Whatever unreadable file stood there is kept aside first. Raises ``SaveError`` if the
    file cannot be written (a full disk, a read-only folder).
    """
    path = paths.autosave_file(data_dir)
    if path.exists():
        try:
            load_header(path, games=games)
        except SaveError:
            keep_aside(path, now)
    return save(record, path, games=games, now=now)


def read_autosave(
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> ResumeOffer | BadAutosave | None:
    """The autosaved game to offer for resuming, a bad autosave (kept aside), or ``None``."""
    path = paths.autosave_file(data_dir)
    if path.parent.is_dir():
        remove_leftover_temps(path)
    if not path.exists() and not path.is_symlink():
        return None
    try:
        return ResumeOffer(load(path, games=games))
    except SaveError as error:
        problem = str(error)
    except Exception as error:  # a game's own code failing on a replayed move must not stop
        # the app from starting: the file is reported and kept aside like any bad one.
        problem = str(SaveError(display_name(path), f"cannot be replayed ({error})"))
    return BadAutosave(problem, keep_aside(path, now))


def clear_autosave(
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> None:
    """Remove the autosave once its game is saved or filed (a bad one is kept aside)."""
    path = paths.autosave_file(data_dir)
    if not path.exists():
        return
    try:
        load(path, games=games)
    except SaveError:
        keep_aside(path, now)
        return
    path.unlink(missing_ok=True)


def file_finished_game(
    record: GameRecord,
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """File a finished game into the saved games under a new name, and clear the autosave.

    The name tells the date and time the game began, the game and the players:
    ``2026-11-21_1403_martian-chess_alice-bob.pawn``.
    """
    stamp(record, now)
    began = _began(record) or now or datetime.now()
    stem = generated_stem(record.game.id, record.players, began)
    path = save(record, unique_path(paths.games_dir(data_dir), stem), games=games, now=now)
    clear_autosave(data_dir, games=games, now=now)
    return path


def keep_aside(path: Path, now: datetime | None = None) -> Path | None:
    """Rename a bad autosave to ``current.bad-<date>-<time>.pawn`` beside it; ``None`` if the
    rename fails (the file then stays where it is)."""
    moment = now or datetime.now()
    target = unique_path(path.parent, f"{path.stem}.bad-{moment:%Y%m%d-%H%M%S}")
    try:
        os.rename(path, target)
    except OSError:
        return None
    return target


def _began(record: GameRecord) -> datetime | None:
    text = f"{record.tags.get('Date', '')} {record.tags.get('Time', '')}"
    try:
        return datetime.strptime(text, f"{DATE_FORMAT} {TIME_FORMAT}")
    except ValueError:
        return None
