"""The autosave: written after every move, offered for resuming at start, kept aside when
bad (never deleted, never a crash), cleared when the game is saved or filed."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from save_helpers import NOW, files_in, toy_record, tree
from toy_game import TOY, find_toy_game

from saves import autosave, paths
from saves.autosave import (
    BadAutosave,
    ResumeOffer,
    clear_autosave,
    file_finished_game,
    read_autosave,
    write_autosave,
)
from saves.format import dumps, load
from saves.library import save_as

FINISHED = ["a3", "a1", "b3", "c3", "c2"]


def autosave_of(data: Path) -> Path:
    return data / "autosave" / "current.pawn"


def test_no_autosave_means_no_offer(tmp_path: Path) -> None:
    assert read_autosave(tmp_path, games=find_toy_game) is None


def test_the_game_in_progress_is_written_after_each_move_and_offered_back(
    tmp_path: Path,
) -> None:
    record = toy_record()
    for move in ("a1", "b2", "c1"):
        record.play_text(move)
        write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
        assert load(autosave_of(tmp_path), games=find_toy_game).state == record.state
    record.undo()
    write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    offer = read_autosave(tmp_path, games=find_toy_game)
    assert isinstance(offer, ResumeOffer)
    assert tree(offer.record.root) == tree(record.root)
    assert offer.record.current.path() == (0, 0)
    assert offer.moves == 2  # where the game stands: the move taken back is not counted
    assert offer.question == "Resume your Toy Nim game (Alice vs Bob, 2 moves)?"
    assert files_in(tmp_path) == ["autosave/current.pawn"]


def test_the_question_counts_one_move_in_the_singular(tmp_path: Path) -> None:
    write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    offer = read_autosave(tmp_path, games=find_toy_game)
    assert isinstance(offer, ResumeOffer)
    assert offer.question == "Resume your Toy Nim game (Alice vs Bob, 1 move)?"


def test_the_autosave_keeps_the_date_the_game_began(tmp_path: Path) -> None:
    record = toy_record(["a1"])
    write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    record.play_text("b1")
    write_autosave(record, tmp_path, games=find_toy_game, now=NOW + timedelta(hours=2))
    text = autosave_of(tmp_path).read_text(encoding="utf-8")
    assert '[Time "14:03:09"]' in text


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "current.pawn is empty"),
        (b"\x00\x01\x02", "current.pawn is not a text file (it holds binary data at byte 0)"),
        (
            dumps(toy_record(["a1"]), NOW).replace("1. a1", "1. a9").encode(),
            "current.pawn cannot be replayed: move 1, a9, is illegal: "
            "pile a cannot give 9 (line 13)",
        ),
        (
            dumps(toy_record(["a1"]), NOW).replace("pawnshop-save 1", "pawnshop-save 2").encode(),
            "current.pawn was written by a newer pawnshop (format 2); this one reads format 1",
        ),
    ],
)
def test_a_bad_autosave_is_reported_and_kept_aside(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    autosave_of(tmp_path).parent.mkdir(parents=True)
    autosave_of(tmp_path).write_bytes(content)
    found = read_autosave(tmp_path, games=find_toy_game, now=NOW)
    assert found == BadAutosave(problem, tmp_path / "autosave" / "current.bad-20261121-140309.pawn")
    assert found.kept_as.read_bytes() == content
    assert files_in(tmp_path) == ["autosave/current.bad-20261121-140309.pawn"]
    assert read_autosave(tmp_path, games=find_toy_game) is None


def test_bad_autosaves_kept_aside_in_the_same_second_do_not_replace_each_other(
    tmp_path: Path,
) -> None:
    for content in (b"first", b"second"):
        autosave_of(tmp_path).parent.mkdir(parents=True, exist_ok=True)
        autosave_of(tmp_path).write_bytes(content)
        read_autosave(tmp_path, games=find_toy_game, now=NOW)
    kept = tmp_path / "autosave"
    assert (kept / "current.bad-20261121-140309.pawn").read_bytes() == b"first"
    assert (kept / "current.bad-20261121-140309-2.pawn").read_bytes() == b"second"


def test_a_game_whose_rules_fail_on_replay_does_not_stop_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)

    def broken(state: object, move: object) -> object:
        raise RuntimeError("rules exploded")

    monkeypatch.setattr(TOY, "apply", broken)
    found = read_autosave(tmp_path, games=find_toy_game, now=NOW)
    assert isinstance(found, BadAutosave)
    assert found.problem == "current.pawn cannot be replayed (rules exploded)"
    assert found.kept_as is not None and found.kept_as.exists()


def test_an_autosave_that_cannot_be_moved_aside_is_still_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    autosave_of(tmp_path).parent.mkdir(parents=True)
    autosave_of(tmp_path).write_bytes(b"junk")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(autosave.os, "rename", refuse)
    found = read_autosave(tmp_path, games=find_toy_game, now=NOW)
    assert isinstance(found, BadAutosave)
    assert found.kept_as is None
    assert autosave_of(tmp_path).read_bytes() == b"junk"


def test_writing_over_a_bad_autosave_keeps_the_bad_one_aside(tmp_path: Path) -> None:
    autosave_of(tmp_path).parent.mkdir(parents=True)
    autosave_of(tmp_path).write_bytes(b"not mine")
    record = toy_record(["a1"])
    write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    assert (tmp_path / "autosave" / "current.bad-20261121-140309.pawn").read_bytes() == b"not mine"
    assert load(autosave_of(tmp_path), games=find_toy_game).state == record.state


def test_clearing_removes_the_autosave(tmp_path: Path) -> None:
    write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    clear_autosave(tmp_path, games=find_toy_game)
    assert files_in(tmp_path) == []
    clear_autosave(tmp_path, games=find_toy_game)  # nothing to clear is fine


def test_clearing_keeps_a_bad_autosave_aside_instead_of_deleting_it(tmp_path: Path) -> None:
    autosave_of(tmp_path).parent.mkdir(parents=True)
    autosave_of(tmp_path).write_bytes(b"junk")
    clear_autosave(tmp_path, games=find_toy_game, now=NOW)
    assert files_in(tmp_path) == ["autosave/current.bad-20261121-140309.pawn"]


def test_saving_the_game_clears_the_autosave(tmp_path: Path) -> None:
    record = toy_record(["a1"])
    write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    save_as(record, "my game", tmp_path, games=find_toy_game, now=NOW)
    assert files_in(tmp_path) == ["games/my-game.pawn"]


def test_a_finished_game_is_filed_under_a_generated_name(tmp_path: Path) -> None:
    record = toy_record(FINISHED, players=("Alice", "Bob Smith"))
    write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    path = file_finished_game(record, tmp_path, games=find_toy_game, now=NOW + timedelta(hours=1))
    assert path == tmp_path / "games" / "2026-11-21_1403_toy-nim_alice-bob-smith.pawn"
    assert files_in(tmp_path) == ["games/2026-11-21_1403_toy-nim_alice-bob-smith.pawn"]
    assert load(path, games=find_toy_game).outcome() == record.outcome()


def test_filed_games_never_replace_each_other(tmp_path: Path) -> None:
    names = [
        file_finished_game(toy_record(FINISHED), tmp_path, games=find_toy_game, now=NOW).name
        for _ in range(3)
    ]
    assert names == [
        "2026-11-21_1403_toy-nim_alice-bob.pawn",
        "2026-11-21_1403_toy-nim_alice-bob-2.pawn",
        "2026-11-21_1403_toy-nim_alice-bob-3.pawn",
    ]


def test_the_autosave_lives_in_the_data_folder_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path))
    write_autosave(toy_record(["a1"]), games=find_toy_game, now=NOW)
    assert autosave_of(tmp_path).is_file()
    assert isinstance(read_autosave(games=find_toy_game), ResumeOffer)


def test_reading_the_autosave_removes_temp_files_a_killed_write_left(tmp_path: Path) -> None:
    from saves.atomic import write_atomically
    from saves.paths import autosave_file

    path = autosave_file(tmp_path)
    write_atomically(path, b"")
    leftover = path.parent / f".{path.name}.0123456789ab.tmp"
    leftover.write_bytes(b"half a save")
    other = path.parent / "notes.tmp"
    other.write_bytes(b"not ours")
    read_autosave(tmp_path)
    assert not leftover.exists()
    assert other.exists()
