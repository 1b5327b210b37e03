"""Where pawnshop keeps its files.

The data folder is, first found: the folder given explicitly (the ``--data-dir`` option),
the ``PAWNSHOP_DATA_DIR`` environment variable, the platform's user data folder. Saved games
live in ``<data>/games/*.pawn``, the game in progress in ``<data>/autosave/current.pawn``,
what the library last read of the saved games in ``<data>/cache/library.json``.
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
CACHE_FOLDER = "cache"
EXTENSION = ".pawn"
AUTOSAVE_FILE = f"current{EXTENSION}"

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
    """The folder of the autosave (and of bad autosaves kept aside)."""
    return data_dir(override) / AUTOSAVE_FOLDER


def autosave_file(override: DataDir = None) -> Path:
    """The autosave of the game in progress."""
    return autosave_dir(override) / AUTOSAVE_FILE


def listing_cache_file(override: DataDir = None) -> Path:
    """What the library last read of the saved games' tags (``saves.listing_cache``)."""
    return data_dir(override) / CACHE_FOLDER / "library.json"
