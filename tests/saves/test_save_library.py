"""The library of saved games: a listing from the tags alone (bad files listed with their
problem), save-as, rename, delete, import and export."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from save_helpers import NOW, files_in, toy_record, write
from toy_game import find_toy_game

from saves.errors import SaveError
from saves.format import dumps, load
from saves.library import (
    LibraryEntry,
    delete,
    describe,
    export,
    exports_dir,
    import_file,
    list_games,
    rename,
    save_as,
)

FINISHED = ["a3", "a1", "b3", "c3", "c2"]


def games_folder(data: Path) -> Path:
    return data / "games"


def saved(data: Path, name: str, moves: list[str], when=NOW, **kwargs) -> Path:
    record = toy_record(moves, **kwargs)
    return save_as(record, name, data, games=find_toy_game, now=when)


def test_an_empty_or_missing_library_lists_nothing(tmp_path: Path) -> None:
    assert list_games(tmp_path, games=find_toy_game) == []
    games_folder(tmp_path).mkdir()
    assert list_games(tmp_path, games=find_toy_game) == []


def test_the_listing_describes_each_game_from_its_tags(tmp_path: Path) -> None:
    path = saved(tmp_path, "final", FINISHED, players=("Ann", "Bo"))
    assert list_games(tmp_path, games=find_toy_game) == [
        LibraryEntry(
            path=path,
            game_id="toy-nim",
            game_name="Toy Nim",
            players=("Ann", "Bo"),
            result="1-0",
            plies=5,
            date="2026.11.21",
            time="14:03:09",
        )
    ]


def test_newest_first_then_the_bad_files_with_their_problem(tmp_path: Path) -> None:
    old = saved(tmp_path, "old", ["a1"], when=NOW - timedelta(days=3))
    new = saved(tmp_path, "new", ["a1", "b1"], when=NOW)
    middle = saved(tmp_path, "middle", [], when=NOW - timedelta(days=1))
    write(games_folder(tmp_path) / "empty.pawn", b"")
    write(games_folder(tmp_path) / "junk.pawn", b"\x00\x01")
    write(games_folder(tmp_path) / "notes.txt", "not listed: not a .pawn file")
    write(games_folder(tmp_path) / ".game.pawn.1a2b.tmp", "not listed: a temporary file")
    entries = list_games(tmp_path, games=find_toy_game)
    assert [entry.path for entry in entries] == [
        new,
        middle,
        old,
        games_folder(tmp_path) / "empty.pawn",
        games_folder(tmp_path) / "junk.pawn",
    ]
    assert [entry.plies for entry in entries[:3]] == [2, 0, 1]
    assert [entry.ok for entry in entries] == [True, True, True, False, False]
    assert entries[3].problem == "empty.pawn is empty"
    assert entries[4].problem == "junk.pawn is not a text file (it holds binary data at byte 0)"
    assert entries[4].name == "junk.pawn"


def test_the_listing_reads_only_the_tags(tmp_path: Path) -> None:
    path = saved(tmp_path, "game", ["a1", "b1"])
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("1. a1 2. b1 *", "1. zz9 {never closed"), encoding="utf-8")
    (entry,) = list_games(tmp_path, games=find_toy_game)
    assert entry.ok and entry.plies == 2
    with pytest.raises(SaveError):
        load(path, games=find_toy_game)


def test_a_file_without_plies_tag_has_its_main_line_counted(tmp_path: Path) -> None:
    text = dumps(toy_record(["a1", "b1", "c1"]), NOW).replace('[Plies "3"]\n', "")
    text = text.replace("3. c1 *", "3. c1 (3. a1 4. b1) *")
    path = write(games_folder(tmp_path) / "by-hand.pawn", text)
    assert describe(path, games=find_toy_game).plies == 3


def test_a_bad_file_never_hides_the_others(tmp_path: Path) -> None:
    for number in range(5):
        saved(tmp_path, f"good {number}", ["a1"])
        write(games_folder(tmp_path) / f"bad-{number}.pawn", "[Format ")
    entries = list_games(tmp_path, games=find_toy_game)
    assert sum(entry.ok for entry in entries) == 5
    assert {entry.problem for entry in entries if not entry.ok} == {
        f"bad-{number}.pawn is cut short: the tag at line 1 is never closed" for number in range(5)
    }


def test_a_thousand_files_are_all_listed(tmp_path: Path) -> None:
    text = dumps(toy_record(FINISHED), NOW)
    folder = games_folder(tmp_path)
    folder.mkdir()
    for number in range(1000):
        (folder / f"game-{number:04}.pawn").write_text(text, encoding="utf-8")
    entries = list_games(tmp_path, games=find_toy_game)
    assert len(entries) == 1000 and all(entry.ok for entry in entries)
    assert sorted(entry.path.name for entry in entries)[-1] == "game-0999.pawn"


def test_save_as_makes_the_name_safe(tmp_path: Path) -> None:
    path = saved(tmp_path, "  ../My game: round 2?  ", ["a1"])
    assert path == games_folder(tmp_path) / "My-game-round-2.pawn"
    assert load(path, games=find_toy_game).mainline()[0].notation == "a1"


def test_save_as_does_not_replace_a_file_unless_asked(tmp_path: Path) -> None:
    path = saved(tmp_path, "game", ["a1"])
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        saved(tmp_path, "game", ["b1"])
    assert str(caught.value) == "game.pawn already exists (choose another name or replace it)"
    assert path.read_bytes() == before
    record = toy_record(["b1"])
    save_as(record, "game", tmp_path, overwrite=True, games=find_toy_game, now=NOW)
    assert path.read_text(encoding="utf-8") == dumps(record, NOW)


def test_save_as_never_replaces_a_bad_file(tmp_path: Path) -> None:
    path = write(games_folder(tmp_path) / "game.pawn", "precious notes")
    with pytest.raises(SaveError, match=r"^game\.pawn is not replaced, because it is not a"):
        save_as(toy_record(), "game", tmp_path, overwrite=True, games=find_toy_game, now=NOW)
    assert path.read_text(encoding="utf-8") == "precious notes"


def test_save_as_leaves_every_autosave(tmp_path: Path) -> None:
    autosave = write(tmp_path / "autosave" / "current.pawn", dumps(toy_record(["a1"]), NOW))
    save_as(toy_record(), "x", tmp_path, games=find_toy_game, now=NOW)
    assert autosave.exists()


def test_rename(tmp_path: Path) -> None:
    path = saved(tmp_path, "game", ["a1"])
    content = path.read_bytes()
    renamed = rename(path, "Club final / 2026")
    assert renamed == games_folder(tmp_path) / "Club-final-2026.pawn"
    assert files_in(tmp_path) == ["games/Club-final-2026.pawn"]
    assert renamed.read_bytes() == content
    assert rename(renamed, "Club final 2026") == renamed


def test_rename_never_replaces_another_file(tmp_path: Path) -> None:
    first = saved(tmp_path, "first", ["a1"])
    second = saved(tmp_path, "second", ["b1"])
    before = second.read_bytes()
    with pytest.raises(SaveError) as caught:
        rename(first, "second")
    assert str(caught.value) == "second.pawn already exists, so first.pawn keeps its name"
    assert second.read_bytes() == before and first.exists()


def test_delete_removes_a_saved_game(tmp_path: Path) -> None:
    path = saved(tmp_path, "game", ["a1"])
    delete(path, games=find_toy_game)
    assert files_in(tmp_path) == []


def test_delete_keeps_a_bad_file(tmp_path: Path) -> None:
    path = write(games_folder(tmp_path) / "odd.pawn", "[Format")
    with pytest.raises(SaveError) as caught:
        delete(path, games=find_toy_game)
    assert str(caught.value) == (
        "odd.pawn is not deleted, because it is cut short: the tag at line 1 is never closed"
    )
    assert path.read_text(encoding="utf-8") == "[Format"


def test_import_copies_a_good_file_byte_for_byte(tmp_path: Path) -> None:
    text = dumps(toy_record(["a1"]), NOW).replace("\n", "\r\n")
    source = write(tmp_path / "outside" / "Friday game.pawn", text)
    path = import_file(source, tmp_path / "data", games=find_toy_game)
    assert path == tmp_path / "data" / "games" / "Friday-game.pawn"
    assert path.read_bytes() == source.read_bytes()
    again = import_file(source, tmp_path / "data", games=find_toy_game)
    assert again.name == "Friday-game-2.pawn"


def test_import_refuses_a_bad_file_and_copies_nothing(tmp_path: Path) -> None:
    text = dumps(toy_record(["a1"]), NOW).replace("1. a1", "1. a8")
    source = write(tmp_path / "outside" / "tampered.pawn", text)
    with pytest.raises(SaveError) as caught:
        import_file(source, tmp_path / "data", games=find_toy_game)
    assert str(caught.value) == (
        "tampered.pawn cannot be replayed: move 1, a8, is illegal: pile a cannot give 8 (line 13)"
    )
    assert files_in(tmp_path / "data") == []
    with pytest.raises(SaveError, match=r"^gone\.pawn does not exist$"):
        import_file(tmp_path / "gone.pawn", tmp_path / "data", games=find_toy_game)


def test_export_writes_the_record_to_a_path(tmp_path: Path) -> None:
    record = toy_record(["a1", "b1"])
    path = export(record, tmp_path / "usb" / "game.pawn", games=find_toy_game, now=NOW)
    assert path.read_text(encoding="utf-8") == dumps(record, NOW)
    with pytest.raises(SaveError, match="already exists"):
        export(toy_record(), path, games=find_toy_game, now=NOW)
    export(toy_record(), path, overwrite=True, games=find_toy_game, now=NOW)
    assert load(path, games=find_toy_game).mainline() == []


def test_export_never_replaces_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    path = write(tmp_path / "thesis.pawn", "chapter one")
    with pytest.raises(SaveError, match=r"^thesis\.pawn is not replaced"):
        export(toy_record(), path, overwrite=True, games=find_toy_game, now=NOW)
    assert path.read_text(encoding="utf-8") == "chapter one"


def test_exports_are_proposed_in_the_data_folder_and_said_where_they_went(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    assert exports_dir(data) == data / "exports"
    monkeypatch.chdir(tmp_path)
    path = export(toy_record(["a1"]), "copy.pawn", games=find_toy_game, now=NOW)
    assert path == tmp_path / "copy.pawn" and path.is_absolute() and path.exists()


def test_exports_are_proposed_in_the_working_directory_when_the_data_folder_is_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("saves.library.os.access", lambda path, mode: False)
    assert exports_dir(data) == tmp_path
