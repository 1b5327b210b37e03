"""Saving is atomic: a failure at any point of the write leaves the old file as it was and no
temporary file behind; a file that is not a readable save is never replaced."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from save_helpers import NOW, files_in, toy_record
from toy_game import find_toy_game

from saves import atomic
from saves.errors import SaveError
from saves.format import dumps, load, save


def saved_game(folder: Path) -> tuple[Path, bytes]:
    path = save(toy_record(["a1"]), folder / "game.pawn", games=find_toy_game, now=NOW)
    return path, path.read_bytes()


def test_save_writes_the_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    record = toy_record(["a1", "b1"])
    path = save(record, tmp_path / "new" / "game.pawn", games=find_toy_game, now=NOW)
    assert path.read_text(encoding="utf-8") == dumps(record, NOW)
    assert files_in(tmp_path) == ["new/game.pawn"]


def test_save_dates_the_record_once(tmp_path: Path) -> None:
    record = toy_record(["a1"])
    save(record, tmp_path / "game.pawn", games=find_toy_game, now=NOW)
    assert (record.tags["Date"], record.tags["Time"]) == ("2026.11.21", "14:03:09")
    later = NOW.replace(year=2030)
    save(record, tmp_path / "game.pawn", games=find_toy_game, now=later)
    assert record.tags["Date"] == "2026.11.21"


class Crash(Exception):
    """Stands for anything that stops a write half way: a full disk, a pulled plug."""


@pytest.mark.parametrize("stage", ["write", "fsync", "replace"])
def test_a_crash_mid_save_leaves_the_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stage: str
) -> None:
    path, before = saved_game(tmp_path)
    longer = toy_record(["a1", "b1", "c1"])

    def crash(*args: object, **kwargs: object) -> None:
        raise Crash(stage)

    if stage == "write":
        real_fdopen = os.fdopen

        class HalfWritten:
            """A file that writes half of what it is given, then fails."""

            def __init__(self, descriptor: int, mode: str) -> None:
                self.file = real_fdopen(descriptor, mode)

            def __enter__(self) -> HalfWritten:
                return self

            def __exit__(self, *exc: object) -> None:
                self.file.close()

            def write(self, data: bytes) -> None:
                self.file.write(data[: len(data) // 2])
                self.file.flush()
                raise Crash("disk full")

        monkeypatch.setattr(atomic.os, "fdopen", HalfWritten)
    else:
        monkeypatch.setattr(atomic.os, stage, crash)
    with pytest.raises(Crash):
        save(longer, path, games=find_toy_game, now=NOW)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["game.pawn"]
    assert [node.notation for node in load(path, games=find_toy_game).mainline()] == ["a1"]


def test_a_write_the_system_refuses_is_a_save_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, before = saved_game(tmp_path)

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", disk_full)
    with pytest.raises(SaveError, match=r"^game\.pawn could not be written \(No space left"):
        save(toy_record(["b1"]), path, games=find_toy_game, now=NOW)
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["game.pawn"]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"my shopping list\n", "is not a pawnshop save (it does not begin with a tag)"),
        (b"", "is empty"),
        (b"\xff\xfe\x00", "is not a text file (it holds binary data at byte 2)"),
    ],
)
def test_a_file_that_is_not_a_save_is_never_replaced(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "precious.pawn"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        save(toy_record(), path, games=find_toy_game, now=NOW)
    assert str(caught.value) == f"precious.pawn is not replaced, because it {reason}"
    assert path.read_bytes() == content
    assert files_in(tmp_path) == ["precious.pawn"]


def test_a_readable_save_is_replaced(tmp_path: Path) -> None:
    path, _ = saved_game(tmp_path)
    record = toy_record(["c2"])
    save(record, path, games=find_toy_game, now=NOW)
    assert path.read_text(encoding="utf-8") == dumps(record, NOW)
