"""Unfinished games, each written to a file of its own after every move, so that quitting, a
crash or starting another game loses nothing.

Every unfinished game has its own autosave in the autosave folder, named when it is first
written: ``20261121-140309-martian-chess-3fa2c1.pawn`` (when, which game, and six random hex
digits so that two games begun in the same second never share a file). The game being played
remembers its file (``tui.play.storage``) and writes only that one. The single ``current.pawn`` of
earlier versions is read like any autosave and given a name of its own the first time the
folder is listed (``saves.unfinished``).

A bad autosave is never deleted: it is renamed aside to ``<name>.bad-<date>-<time>.pawn`` and
reported with its one-sentence problem. A game that finishes is filed into the library and its
autosave removed; so is one the player saves under a name.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from core.record import GameRecord
from core.registry import find_game
from saves import paths
from saves.errors import SaveError
from saves.format import load, load_header, save
from saves.header import GameLookup
from saves.names import generated_stem, safe_stem, unique_path
from saves.writer import DATE_FORMAT, TIME_FORMAT, stamp


def new_autosave_path(
    game_id: str, data_dir: paths.DataDir = None, *, now: datetime | None = None
) -> Path:
    """A free path for the autosave of a game that has none yet."""
    moment = now or datetime.now()
    token = os.urandom(3).hex()
    stem = f"{moment:%Y%m%d-%H%M%S}-{safe_stem(game_id)}-{token}"
    return unique_path(paths.autosave_dir(data_dir), stem)


def write_autosave(
    record: GameRecord,
    data_dir: paths.DataDir = None,
    *,
    path: Path | None = None,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """Save the unfinished game (atomically) to its autosave ``path``, or to a new autosave
    if it has none yet; the path written.

    Whatever unreadable file stood at ``path`` is kept aside first. Raises ``SaveError`` if
    the file cannot be written (a full disk, a read-only folder).
    """
    if path is None:
        path = new_autosave_path(record.game.id, data_dir, now=now)
    elif path.exists():
        try:
            load_header(path, games=games)
        except SaveError:
            keep_aside(path, now)
    return save(record, path, games=games, now=now)


def remove_autosave(
    path: Path, *, games: GameLookup = find_game, now: datetime | None = None
) -> None:
    """Remove an autosave once its game is filed or saved under a name, or its player
    deletes it (a file that does not load is kept aside instead)."""
    if not path.exists():
        return
    try:
        load(path, games=games)
    except SaveError:
        keep_aside(path, now)
        return
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        raise SaveError(path.name, f"could not be deleted ({error.strerror or error})") from None


def is_autosave(path: Path | None, data_dir: paths.DataDir = None) -> bool:
    """True if ``path`` is a file of the autosave folder."""
    return path is not None and paths.same_folder(path.parent, paths.autosave_dir(data_dir))


def file_finished_game(
    record: GameRecord,
    data_dir: paths.DataDir = None,
    *,
    autosave: Path | None = None,
    games: GameLookup = find_game,
    now: datetime | None = None,
) -> Path:
    """File a finished game into the saved games under a new name, and remove its
    ``autosave`` if it has one.

    The name tells the date and time the game began, the game and the players:
    ``2026-11-21_1403_martian-chess_alice-bob.pawn``.
    """
    stamp(record, now)
    began = _began(record) or now or datetime.now()
    stem = generated_stem(record.game.id, record.players, began)
    path = save(record, unique_path(paths.games_dir(data_dir), stem), games=games, now=now)
    if autosave is not None:
        remove_autosave(autosave, games=games, now=now)
    return path


def keep_aside(path: Path, now: datetime | None = None) -> Path | None:
    """Rename a bad autosave to ``<name>.bad-<date>-<time>.pawn`` beside it; ``None`` if the
    rename fails (the file then stays where it is)."""
    moment = now or datetime.now()
    mark = paths.KEPT_ASIDE_MARK
    target = unique_path(path.parent, f"{path.stem}{mark}{moment:%Y%m%d-%H%M%S}")
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
