"""Where pawnshop keeps its files.

The data folder is, first found: the folder given explicitly (the ``--data-dir`` option),
the ``PAWNSHOP_DATA_DIR`` environment variable, the platform's user data folder. Saved games
live in ``<data>/games/*.pawn``, each unfinished game in a file of its own in ``<data>/autosave/``
(``saves.autosave``), the index of the saved games in ``<data>/pawnshop.sqlite3``
(``saves.store``).
Folders are created when something is written into them, not when a path is asked for.
"""

from __future__ import annotations

import os
from os import PathLike
from pathlib import Path

import platformdirs

APP_NAME = "pawnshop"
ENV_VAR = "PAWNSHOP_DATA_DIR"
GAMES_FOLDER = "games"
AUTOSAVE_FOLDER = "autosave"
STORE_FILE = "pawnshop.sqlite3"
EXTENSION = ".pawn"
#: The single autosave of earlier versions, read (and given a name of its own) at start.
LEGACY_AUTOSAVE_FILE = f"current{EXTENSION}"
#: What a bad autosave kept aside has in its name: ``current.bad-20261121-140309.pawn``.
KEPT_ASIDE_MARK = ".bad-"

DataDir = str | PathLike[str] | None


def data_dir(override: DataDir = None) -> Path:
    """The data folder: ``override`` if given, else the environment variable, else the
    platform's user data folder."""
    if override is not None and str(override):
        return Path(override).expanduser()
    from_env = os.environ.get(ENV_VAR, "")
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME))


def games_dir(override: DataDir = None) -> Path:
    """The folder of saved games."""
    return data_dir(override) / GAMES_FOLDER


def autosave_dir(override: DataDir = None) -> Path:
    """The folder of the unfinished games' autosaves (and of bad ones kept aside)."""
    return data_dir(override) / AUTOSAVE_FOLDER


def autosave_files(override: DataDir = None) -> list[Path]:
    """The autosave of every unfinished game, the one played last first (by the time the
    file was last written; then by name). Bad files kept aside and temporary files are not
    listed."""
    folder = autosave_dir(override)
    try:
        with os.scandir(folder) as found:
            files = [
                (entry.stat().st_mtime_ns, entry.name)
                for entry in found
                if is_autosave_name(entry.name) and entry.is_file()
            ]
    except (FileNotFoundError, NotADirectoryError):
        return []
    files.sort(reverse=True)
    return [folder / name for _, name in files]


def is_autosave_name(name: str) -> bool:
    """True for the name of an unfinished game's autosave (not a hidden temporary file, not a
    bad file kept aside)."""
    return name.endswith(EXTENSION) and not name.startswith(".") and KEPT_ASIDE_MARK not in name


def autosave_file(override: DataDir = None) -> Path:
    """The autosave of the unfinished game played last; where there is none, the path of the
    single autosave of earlier versions (which does not exist then either)."""
    found = autosave_files(override)
    return found[0] if found else autosave_dir(override) / LEGACY_AUTOSAVE_FILE


def store_file(override: DataDir = None) -> Path:
    """The database indexing the saved games (``saves.store.sqlite``)."""
    return data_dir(override) / STORE_FILE


def same_folder(first: Path, second: Path) -> bool:
    """True if the two paths name the same folder (however each is written)."""
    return first == second or first.resolve() == second.resolve()
