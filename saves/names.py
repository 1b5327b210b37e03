"""File names for saves: a player's name made safe, and generated names that never clash."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from saves.paths import EXTENSION

#: Room for the extension and a "-99" suffix within the 255 bytes most systems allow.
MAX_STEM_BYTES = 120
_WINDOWS_DEVICES = frozenset(
    {"con", "prn", "aux", "nul"}
    | {f"com{digit}" for digit in range(10)}
    | {f"lpt{digit}" for digit in range(10)}
)


def safe_stem(text: str, fallback: str = "game") -> str:
    """``text`` as a file name without extension: letters, digits, ``-``, ``_`` and ``.``.

    Anything else (spaces, slashes, control characters) becomes ``-``; leading dots are
    dropped so the file is never hidden; names a system reserves get a suffix.
    """
    text = unicodedata.normalize("NFKC", text).strip()
    if text.lower().endswith(EXTENSION):
        text = text[: -len(EXTENSION)]
    chars = [char if char.isalnum() or char in "-_." else "-" for char in text]
    stem = "-".join(part for part in "".join(chars).split("-") if part).strip("._-")
    while len(stem.encode("utf-8")) > MAX_STEM_BYTES:
        stem = stem[:-1]
    stem = stem.rstrip("._-")
    if not stem:
        return fallback
    if stem.split(".")[0].lower() in _WINDOWS_DEVICES:
        stem += "-game"
    return stem


def safe_file_name(text: str) -> str:
    """``text`` made into a safe ``.pawn`` file name: ``"My game!"`` -> ``"My-game.pawn"``."""
    return safe_stem(text) + EXTENSION


def generated_stem(game_id: str, players: Sequence[str], when: datetime) -> str:
    """``2026-11-21_1403_martian-chess_alice-bob``: date, time, game and players."""
    people = safe_stem("-".join(players).lower(), fallback="players")
    return f"{when:%Y-%m-%d_%H%M}_{safe_stem(game_id)}_{people}"


def unique_path(directory: Path, stem: str) -> Path:
    """``directory/stem.pawn``, or ``stem-2.pawn``, ``stem-3.pawn`` ... if it is taken."""
    candidate = directory / f"{stem}{EXTENSION}"
    number = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = directory / f"{stem}-{number}{EXTENSION}"
        number += 1
    return candidate
