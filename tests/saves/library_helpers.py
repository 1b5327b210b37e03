"""A library of saved games for the tests of its index, in a data folder."""

from __future__ import annotations

from pathlib import Path

from save_helpers import NOW, toy_record, write

from saves import paths
from saves.format import dumps


def game_file(data: Path, name: str) -> Path:
    return paths.games_dir(data) / name


def fill(data: Path, count: int) -> None:
    """``count`` games of Toy Nim, ``game-<n>.pawn``: Ann<n> against Bob, a move in odd ones."""
    for number in range(count):
        record = toy_record(["a1"] * (number % 2), players=(f"Ann{number}", "Bob"))
        write(game_file(data, f"game-{number}.pawn"), dumps(record, NOW))
