"""The autosaves: one file per unfinished game, written after every move, the one played last
offered at start, the single ``current.pawn`` of earlier versions read and renamed, bad ones
kept aside (never deleted, never a crash), removed when the game is filed."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from save_helpers import NOW, files_in, toy_record, tree
from toy_game import TOY, find_toy_game

from saves import autosave, paths
from saves.autosave import file_finished_game, remove_autosave, write_autosave
from saves.format import dumps, load
from saves.library import save_as
from saves.unfinished import BadAutosave, find_resumable, list_unfinished

FINISHED = ["a3", "a1", "b3", "c3", "c2"]


def legacy_autosave(data: Path) -> Path:
    return data / "autosave" / "current.pawn"


def autosaves(data: Path) -> list[str]:
    return sorted(path.name for path in paths.autosave_files(data))


def set_played(path: Path, seconds_ago: int) -> None:
    """Date the file's last write ``seconds_ago`` seconds back (to order games by it)."""
    moment = NOW.timestamp() - seconds_ago
    os.utime(path, (moment, moment))


def test_no_autosave_means_no_offer(tmp_path: Path) -> None:
    found = find_resumable(tmp_path, games=find_toy_game)
    assert found.offer is None and found.bad == ()


def test_each_game_gets_a_file_of_its_own_and_keeps_writing_it(tmp_path: Path) -> None:
    record = toy_record()
    path = None
    for move in ("a1", "b2", "c1"):
        record.play_text(move)
        written = write_autosave(record, tmp_path, path=path, games=find_toy_game, now=NOW)
        assert path is None or written == path
        path = written
        assert load(path, games=find_toy_game).state == record.state
    assert path is not None
    assert path.parent == tmp_path / "autosave"
    assert path.name.startswith("20261121-140309-toy-nim-") and path.suffix == ".pawn"
    other = write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    assert other != path
    assert autosaves(tmp_path) == sorted([path.name, other.name])
    assert load(path, games=find_toy_game).state == record.state  # not written over


def test_the_game_played_last_is_offered_and_the_others_counted(tmp_path: Path) -> None:
    older = toy_record(["a1"], players=("Ann", "Ben"))
    newer = toy_record(["a1", "b2", "c1"])
    newer.undo()
    old_path = write_autosave(older, tmp_path, games=find_toy_game, now=NOW)
    new_path = write_autosave(newer, tmp_path, games=find_toy_game, now=NOW)
    set_played(old_path, 60)
    set_played(new_path, 5)
    found = find_resumable(tmp_path, games=find_toy_game)
    offer = found.offer
    assert offer is not None and offer.path == new_path
    assert tree(offer.record.root) == tree(newer.root)
    assert offer.record.current.path() == (0, 0)
    assert offer.moves == 2  # where the game stands: the move taken back is not counted
    assert offer.others == 1
    assert offer.question == (
        "Resume your Toy Nim game (Alice vs Bob, 2 moves)? "
        "1 other unfinished game waits in the library (l)."
    )
    set_played(old_path, 1)
    assert find_resumable(tmp_path, games=find_toy_game).offer.path == old_path  # type: ignore[union-attr]


def test_the_question_counts_one_move_in_the_singular(tmp_path: Path) -> None:
    write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    offer = find_resumable(tmp_path, games=find_toy_game).offer
    assert offer is not None
    assert offer.question == "Resume your Toy Nim game (Alice vs Bob, 1 move)?"


def test_the_library_lists_every_unfinished_game_with_whose_turn_it_is(tmp_path: Path) -> None:
    first = write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    second = write_autosave(toy_record(["a1", "b1"]), tmp_path, games=find_toy_game, now=NOW)
    set_played(first, 10)
    set_played(second, 20)
    games, bad = list_unfinished(tmp_path, games=find_toy_game)
    assert bad == []
    assert [game.path for game in games] == [first, second]
    assert [game.moves for game in games] == [1, 2]
    assert [game.to_move for game in games] == ["Bob", "Alice"]
    assert games[0].last_played.timestamp() == pytest.approx(NOW.timestamp() - 10)


def test_the_autosave_keeps_the_date_the_game_began(tmp_path: Path) -> None:
    record = toy_record(["a1"])
    path = write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    record.play_text("b1")
    write_autosave(record, tmp_path, path=path, games=find_toy_game, now=NOW + timedelta(hours=2))
    assert '[Time "14:03:09"]' in path.read_text(encoding="utf-8")


def test_the_single_autosave_of_earlier_versions_is_offered_and_given_a_name(
    tmp_path: Path,
) -> None:
    record = toy_record(["a1", "b1"])
    legacy_autosave(tmp_path).parent.mkdir(parents=True)
    legacy_autosave(tmp_path).write_text(dumps(record, NOW), encoding="utf-8")
    offer = find_resumable(tmp_path, games=find_toy_game).offer
    assert offer is not None
    assert tree(offer.record.root) == tree(record.root)
    assert offer.path.name != "current.pawn" and offer.path.exists()
    assert not legacy_autosave(tmp_path).exists()
    assert autosaves(tmp_path) == [offer.path.name]
    # A new game never takes its place.
    write_autosave(toy_record(["c1"]), tmp_path, games=find_toy_game, now=NOW)
    assert load(offer.path, games=find_toy_game).state == record.state


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
    legacy_autosave(tmp_path).parent.mkdir(parents=True)
    legacy_autosave(tmp_path).write_bytes(content)
    found = find_resumable(tmp_path, games=find_toy_game, now=NOW)
    kept = tmp_path / "autosave" / "current.bad-20261121-140309.pawn"
    assert found.offer is None
    assert found.bad == (BadAutosave(problem, kept),)
    assert kept.read_bytes() == content
    assert files_in(tmp_path) == ["autosave/current.bad-20261121-140309.pawn"]
    assert find_resumable(tmp_path, games=find_toy_game).bad == ()


def test_a_bad_autosave_does_not_hide_the_good_ones(tmp_path: Path) -> None:
    good = write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    set_played(good, 60)
    bad = tmp_path / "autosave" / "20261121-140400-toy-nim-abcdef.pawn"
    bad.write_bytes(b"junk")
    found = find_resumable(tmp_path, games=find_toy_game, now=NOW)
    assert found.offer is not None and found.offer.path == good
    assert [item.problem for item in found.bad] == [
        f"{bad.name} is not a pawnshop save (it does not begin with a tag)"
    ]
    assert found.bad[0].kept_as is not None and found.bad[0].kept_as.read_bytes() == b"junk"
    games, problems = list_unfinished(tmp_path, games=find_toy_game)
    assert [game.path for game in games] == [good] and problems == []


def test_bad_autosaves_kept_aside_in_the_same_second_do_not_replace_each_other(
    tmp_path: Path,
) -> None:
    for content in (b"first", b"second"):
        legacy_autosave(tmp_path).parent.mkdir(parents=True, exist_ok=True)
        legacy_autosave(tmp_path).write_bytes(content)
        find_resumable(tmp_path, games=find_toy_game, now=NOW)
    kept = tmp_path / "autosave"
    assert (kept / "current.bad-20261121-140309.pawn").read_bytes() == b"first"
    assert (kept / "current.bad-20261121-140309-2.pawn").read_bytes() == b"second"


def test_a_game_whose_rules_fail_on_replay_does_not_stop_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)

    def broken(state: object, move: object) -> object:
        raise RuntimeError("rules exploded")

    monkeypatch.setattr(TOY, "apply", broken)
    found = find_resumable(tmp_path, games=find_toy_game, now=NOW)
    assert found.offer is None
    (bad,) = found.bad
    assert bad.problem == f"{path.name} cannot be replayed (rules exploded)"
    assert bad.kept_as is not None and bad.kept_as.exists()


def test_an_autosave_that_cannot_be_moved_aside_is_still_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    legacy_autosave(tmp_path).parent.mkdir(parents=True)
    legacy_autosave(tmp_path).write_bytes(b"junk")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(autosave.os, "rename", refuse)
    found = find_resumable(tmp_path, games=find_toy_game, now=NOW)
    (bad,) = found.bad
    assert bad.kept_as is None
    assert legacy_autosave(tmp_path).read_bytes() == b"junk"


def test_writing_over_a_bad_autosave_keeps_the_bad_one_aside(tmp_path: Path) -> None:
    path = tmp_path / "autosave" / "20261121-140309-toy-nim-abcdef.pawn"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not mine")
    record = toy_record(["a1"])
    write_autosave(record, tmp_path, path=path, games=find_toy_game, now=NOW)
    kept = path.with_name(f"{path.stem}.bad-20261121-140309.pawn")
    assert kept.read_bytes() == b"not mine"
    assert load(path, games=find_toy_game).state == record.state


def test_removing_an_autosave_deletes_only_that_one(tmp_path: Path) -> None:
    gone = write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    kept = write_autosave(toy_record(["b1"]), tmp_path, games=find_toy_game, now=NOW)
    remove_autosave(gone, games=find_toy_game)
    assert autosaves(tmp_path) == [kept.name]
    remove_autosave(gone, games=find_toy_game)  # nothing to remove is fine


def test_removing_keeps_a_bad_autosave_aside_instead_of_deleting_it(tmp_path: Path) -> None:
    legacy_autosave(tmp_path).parent.mkdir(parents=True)
    legacy_autosave(tmp_path).write_bytes(b"junk")
    remove_autosave(legacy_autosave(tmp_path), games=find_toy_game, now=NOW)
    assert files_in(tmp_path) == ["autosave/current.bad-20261121-140309.pawn"]


def test_saving_under_a_name_leaves_the_autosaves_to_the_caller(tmp_path: Path) -> None:
    record = toy_record(["a1"])
    path = write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    save_as(record, "my game", tmp_path, games=find_toy_game, now=NOW)
    assert files_in(tmp_path) == sorted([f"autosave/{path.name}", "games/my-game.pawn"])


def test_a_finished_game_is_filed_under_a_generated_name_and_its_autosave_removed(
    tmp_path: Path,
) -> None:
    record = toy_record(FINISHED, players=("Alice", "Bob Smith"))
    own = write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    other = write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    path = file_finished_game(
        record, tmp_path, autosave=own, games=find_toy_game, now=NOW + timedelta(hours=1)
    )
    assert path == tmp_path / "games" / "2026-11-21_1403_toy-nim_alice-bob-smith.pawn"
    assert files_in(tmp_path) == sorted(
        [f"autosave/{other.name}", "games/2026-11-21_1403_toy-nim_alice-bob-smith.pawn"]
    )
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


def test_the_autosaves_live_in_the_data_folder_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path))
    path = write_autosave(toy_record(["a1"]), games=find_toy_game, now=NOW)
    assert path.parent == tmp_path / "autosave" and path.is_file()
    assert find_resumable(games=find_toy_game).offer is not None


def test_reading_the_autosaves_removes_temp_files_a_killed_write_left(tmp_path: Path) -> None:
    path = write_autosave(toy_record(["a1"]), tmp_path, games=find_toy_game, now=NOW)
    leftover = path.parent / f".{path.name}.0123456789ab.tmp"
    leftover.write_bytes(b"half a save")
    other = path.parent / "notes.tmp"
    other.write_bytes(b"not ours")
    find_resumable(tmp_path, games=find_toy_game)
    assert not leftover.exists()
    assert other.exists()
