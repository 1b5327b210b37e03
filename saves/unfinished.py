"""The unfinished games in the autosave folder: the one to offer when the app starts, and the
list the library shows apart from the saved games.

Reading the folder also gives the single ``current.pawn`` of earlier versions a name of its
own (``saves.autosave.new_autosave_path``), so that no later game can ever write over it, and
keeps every autosave that cannot be read aside with its problem (never deleting it).
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
from saves.autosave import keep_aside, new_autosave_path
from saves.errors import SaveError, display_name
from saves.format import load
from saves.header import GameLookup


@dataclass(frozen=True, slots=True)
class BadAutosave:
    """An autosave that could not be read: ``problem`` says why, ``kept_as`` where it went
    (``None`` if even renaming it failed)."""

    problem: str
    kept_as: Path | None


@dataclass(frozen=True, slots=True)
class UnfinishedGame:
    """An unfinished game's autosave, read: where it stands and when it was last played."""

    path: Path
    record: GameRecord
    last_played: datetime

    @property
    def moves(self) -> int:
        """Moves played to where the game stands (moves taken back are not counted)."""
        return len(self.record.line())

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.record.players)

    @property
    def to_move(self) -> str:
        """The name of the player whose turn it is."""
        seat = self.record.game.to_move(self.record.state)
        players = self.record.players
        return players[seat] if 0 <= seat < len(players) else ""

    def describe(self) -> str:
        """``Martian Chess game (Alice vs Bob, 12 moves)``"""
        players = " vs ".join(self.record.players)
        count = f"{self.moves} move{'' if self.moves == 1 else 's'}"
        return f"{self.record.game.name} game ({players}, {count})"


@dataclass(frozen=True, slots=True)
class ResumeOffer:
    """The unfinished game played last, offered when the app starts; ``others`` counts the
    other unfinished games (the library lists them)."""

    game: UnfinishedGame
    others: int = 0

    @property
    def record(self) -> GameRecord:
        return self.game.record

    @property
    def path(self) -> Path:
        return self.game.path

    @property
    def moves(self) -> int:
        return self.game.moves

    @property
    def question(self) -> str:
        """``"Resume your Martian Chess game (South vs North, 12 moves)?"``, and how many
        other unfinished games wait in the library."""
        question = f"Resume your {self.game.describe()}?"
        if self.others:
            games = "game waits" if self.others == 1 else "games wait"
            question += f" {self.others} other unfinished {games} in the library (l)."
        return question


@dataclass(frozen=True, slots=True)
class StartFindings:
    """What the autosave folder holds at start: the game to offer, and the bad files kept
    aside on the way to it."""

    offer: ResumeOffer | None
    bad: tuple[BadAutosave, ...] = ()


def find_resumable(
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> StartFindings:
    """The unfinished game played last, to offer at start. Only that one is read in full:
    the others are counted (the library reads them when it shows them)."""
    remove_leftover_temps(paths.autosave_dir(data_dir))
    bad: list[BadAutosave] = []
    files = paths.autosave_files(data_dir)
    for index, path in enumerate(files):
        found = read_unfinished(path, data_dir, games=games, now=now)
        if isinstance(found, BadAutosave):
            bad.append(found)
            continue
        return StartFindings(ResumeOffer(found, len(files) - index - 1), tuple(bad))
    return StartFindings(None, tuple(bad))


def list_unfinished(
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> tuple[list[UnfinishedGame], list[BadAutosave]]:
    """Every unfinished game, the one played last first, and the bad files kept aside."""
    found: list[UnfinishedGame] = []
    bad: list[BadAutosave] = []
    for path in paths.autosave_files(data_dir):
        read = read_unfinished(path, data_dir, games=games, now=now)
        if isinstance(read, BadAutosave):
            bad.append(read)
        else:
            found.append(read)
    return found, bad


def read_unfinished(
    path: Path,
    data_dir: paths.DataDir = None,
    *,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> UnfinishedGame | BadAutosave:
    """One autosave read in full; a bad one is kept aside. The ``current.pawn`` of earlier
    versions gets a name of its own here."""
    try:
        record = load(path, games=games)
        played = datetime.fromtimestamp(path.stat().st_mtime)
    except SaveError as error:
        return BadAutosave(str(error), keep_aside(path, now))
    except OSError as error:  # gone meanwhile (deleted from another window)
        return BadAutosave(f"{display_name(path)} could not be read ({error.strerror})", None)
    except Exception as error:  # a game's own code failing on a replayed move must not stop
        # the app: the file is reported and kept aside like any bad one.
        problem = str(SaveError(display_name(path), f"cannot be replayed ({error})"))
        return BadAutosave(problem, keep_aside(path, now))
    if path.name == paths.LEGACY_AUTOSAVE_FILE:
        path = _name_legacy_autosave(path, record, played, data_dir)
    return UnfinishedGame(path, record, played)


def _name_legacy_autosave(
    path: Path, record: GameRecord, played: datetime, data_dir: paths.DataDir
) -> Path:
    """Rename ``current.pawn`` to a name of its own (kept as it is if that fails)."""
    target = new_autosave_path(record.game.id, data_dir, now=played)
    try:
        os.rename(path, target)
    except OSError:
        return path
    return target
