"""The library's listing cache: an unchanged file is not read again, a changed, new, gone or
bad one is always seen as it is, and a damaged or unwritable cache changes nothing listed."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from save_helpers import NOW, toy_record, write
from toy_game import find_toy_game

from core import find_game
from saves import library, paths
from saves.format import dumps
from saves.library import LibraryEntry, list_games


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files the library reads the tags of."""
    names: list[str] = []
    describe = library.describe

    def counting(path: Path, **kwargs: Any) -> LibraryEntry:
        names.append(Path(path).name)
        return describe(path, **kwargs)

    monkeypatch.setattr(library, "describe", counting)
    return names


def fill(tmp_path: Path, count: int) -> None:
    for number in range(count):
        record = toy_record(["a1"] * (number % 2), players=(f"Ann{number}", "Bob"))
        write(paths.games_dir(tmp_path) / f"game-{number}.pawn", dumps(record, NOW))


def listed(tmp_path: Path) -> list[LibraryEntry]:
    return list_games(tmp_path, games=find_toy_game)


def test_a_second_listing_reads_no_unchanged_file(tmp_path: Path, reads: list[str]) -> None:
    fill(tmp_path, 5)
    first = listed(tmp_path)
    assert sorted(reads) == [f"game-{n}.pawn" for n in range(5)]
    assert paths.listing_cache_file(tmp_path).is_file()
    reads.clear()
    assert listed(tmp_path) == first
    assert reads == []


def test_a_changed_file_is_read_again(tmp_path: Path, reads: list[str]) -> None:
    fill(tmp_path, 3)
    listed(tmp_path)
    reads.clear()
    path = paths.games_dir(tmp_path) / "game-1.pawn"
    write(path, dumps(toy_record(["a1", "b1", "c1"], players=("Zoe", "Bob")), NOW))
    os.utime(path, ns=(1, 1))  # a different time, whatever the clock's resolution
    entries = {entry.name: entry for entry in listed(tmp_path)}
    assert reads == ["game-1.pawn"]
    assert entries["game-1.pawn"].players == ("Zoe", "Bob")
    assert entries["game-1.pawn"].plies == 3


def test_new_and_gone_files_are_seen(tmp_path: Path, reads: list[str]) -> None:
    fill(tmp_path, 3)
    listed(tmp_path)
    reads.clear()
    (paths.games_dir(tmp_path) / "game-0.pawn").unlink()
    write(paths.games_dir(tmp_path) / "new.pawn", dumps(toy_record(), NOW))
    assert sorted(entry.name for entry in listed(tmp_path)) == [
        "game-1.pawn",
        "game-2.pawn",
        "new.pawn",
    ]
    assert reads == ["new.pawn"]
    kept = json.loads(paths.listing_cache_file(tmp_path).read_text(encoding="utf-8"))
    assert sorted(kept["files"]) == ["game-1.pawn", "game-2.pawn", "new.pawn"]


def test_a_bad_file_is_read_every_time_and_listed_with_its_problem(
    tmp_path: Path, reads: list[str]
) -> None:
    fill(tmp_path, 2)
    write(paths.games_dir(tmp_path) / "bad.pawn", "not a save")
    for _ in range(2):
        reads.clear()
        entries = listed(tmp_path)
        assert [entry.name for entry in entries if not entry.ok] == ["bad.pawn"]
        assert "bad.pawn" in reads


@pytest.mark.parametrize(
    "damage",
    ["{not json", '{"version": 99, "files": {}}', '{"version": 1, "files": {"x": 3}}', "[]"],
)
def test_a_damaged_cache_is_ignored_and_written_anew(tmp_path: Path, damage: str) -> None:
    fill(tmp_path, 3)
    expected = listed(tmp_path)
    write(paths.listing_cache_file(tmp_path), damage)
    assert listed(tmp_path) == expected
    kept = json.loads(paths.listing_cache_file(tmp_path).read_text(encoding="utf-8"))
    assert kept["version"] == 1 and len(kept["files"]) == 3


def test_a_cache_that_cannot_be_written_changes_nothing_listed(tmp_path: Path) -> None:
    fill(tmp_path, 3)
    paths.listing_cache_file(tmp_path).mkdir(parents=True)  # a folder where the file goes
    entries = listed(tmp_path)
    assert len(entries) == 3 and all(entry.ok for entry in entries)


def test_a_cached_game_no_longer_known_is_read_again_and_shows_why(tmp_path: Path) -> None:
    fill(tmp_path, 2)
    listed(tmp_path)
    entries = list_games(tmp_path, games=find_game)  # the real games: no Toy Nim among them
    assert [entry.ok for entry in entries] == [False, False]
    assert all("toy-nim" in (entry.problem or "") for entry in entries)
