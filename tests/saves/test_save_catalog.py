"""Sorting and filtering the library's entries (saves.catalog), and saving a reviewed game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from save_helpers import NOW, toy_record
from toy_game import find_toy_game

from saves.autosave import write_autosave
from saves.catalog import COLUMNS, filter_entries, matches, result_text, sort_entries
from saves.errors import SaveError
from saves.format import dumps, load
from saves.library import LibraryEntry, save_as, save_reviewed
from saves.unfinished import find_resumable

FOLDER = Path("games")


def entry(name: str, **fields: object) -> LibraryEntry:
    return LibraryEntry(FOLDER / name, **fields)  # type: ignore[arg-type]


ANN = entry(
    "ann.pawn",
    game_id="martian-chess",
    game_name="Martian Chess",
    players=("Ann", "Bo"),
    result="1-0",
    plies=30,
    date="2026.11.20",
    time="09:00:00",
)
CY = entry(
    "cy.pawn",
    game_id="mac",
    game_name="MAC: March and Chomp",
    players=("Cy", "Di"),
    result="*",
    plies=4,
    date="2026.11.21",
    time="14:03:09",
)
EVE = entry(
    "Eve.pawn",
    game_id="chase",
    game_name="Chase",
    players=("Eve", "Ann"),
    result="1/2-1/2",
    plies=112,
    date="2025.01.02",
    time="23:59:59",
)
BAD = entry("broken.pawn", problem="broken.pawn is cut short: the tag at line 1 is never closed")
WORSE = entry("a-junk.pawn", problem="a-junk.pawn is empty")
ENTRIES = [BAD, ANN, CY, WORSE, EVE]


def names(entries: list[LibraryEntry]) -> list[str]:
    return [e.name for e in entries]


@pytest.mark.parametrize(
    ("column", "ascending"),
    [
        ("game", ["Chase", "MAC: March and Chomp", "Martian Chess"]),
        ("players", ["Ann vs Bo", "Cy vs Di", "Eve vs Ann"]),
        ("result", ["1-0", "1/2-1/2", "ongoing"]),
        ("moves", [4, 30, 112]),
        ("date", ["2025.01.02", "2026.11.20", "2026.11.21"]),
        ("file", ["ann.pawn", "cy.pawn", "Eve.pawn"]),
    ],
)
def test_every_column_sorts_both_ways_with_bad_files_last(
    column: str, ascending: list[object]
) -> None:
    shown = {
        "game": lambda e: e.game_name,
        "players": lambda e: " vs ".join(e.players),
        "result": result_text,
        "moves": lambda e: e.plies,
        "date": lambda e: e.date,
        "file": lambda e: e.name,
    }[column]
    up = sort_entries(ENTRIES, column)  # type: ignore[arg-type]
    down = sort_entries(ENTRIES, column, descending=True)  # type: ignore[arg-type]
    assert [shown(e) for e in up[:3]] == ascending
    assert [shown(e) for e in down[:3]] == ascending[::-1]
    assert names(up[3:]) == names(down[3:]) == ["a-junk.pawn", "broken.pawn"]


def test_the_columns_are_the_six_of_the_table() -> None:
    assert COLUMNS == ("game", "players", "result", "moves", "date", "file")


def test_ties_are_newest_first_then_by_file_name() -> None:
    twin = replace(ANN, path=FOLDER / "b.pawn")
    older = entry("c.pawn", game_name="Martian Chess", date="2020.01.01", time="00:00:00")
    ordered = sort_entries([older, twin, ANN], "game")
    assert names(ordered) == ["ann.pawn", "b.pawn", "c.pawn"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ["broken.pawn", "ann.pawn", "cy.pawn", "a-junk.pawn", "Eve.pawn"]),
        ("ann", ["ann.pawn", "Eve.pawn"]),
        ("ANN  martian", ["ann.pawn"]),
        ("chomp", ["cy.pawn"]),
        ("mac", ["cy.pawn"]),
        ("ongoing", ["cy.pawn"]),
        ("1/2", ["Eve.pawn"]),
        ("2026.11", ["ann.pawn", "cy.pawn"]),
        ("2026-11-21", ["cy.pawn"]),
        ("23:59", ["Eve.pawn"]),
        ("eve.pawn", ["Eve.pawn"]),
        ("cut short", ["broken.pawn"]),
        ("junk", ["a-junk.pawn"]),
        ("ann cy", []),
        ("nobody", []),
    ],
)
def test_every_word_of_the_filter_must_match(query: str, expected: list[str]) -> None:
    assert names(filter_entries(ENTRIES, query)) == expected
    assert [e.name for e in ENTRIES if matches(e, query)] == expected


def test_saving_a_reviewed_game_under_its_own_name_replaces_its_file(tmp_path: Path) -> None:
    source = save_as(toy_record(["a1"]), "club", tmp_path, games=find_toy_game, now=NOW)
    reviewed = load(source, games=find_toy_game)
    reviewed.current.comment = "better was b1"
    path = save_reviewed(reviewed, "club", source, tmp_path, games=find_toy_game, now=NOW)
    assert path == source
    assert load(path, games=find_toy_game).current.comment == "better was b1"


def test_saving_a_reviewed_game_under_a_taken_name_replaces_nothing(tmp_path: Path) -> None:
    source = save_as(toy_record(["a1"]), "club", tmp_path, games=find_toy_game, now=NOW)
    other = save_as(toy_record(["b1"]), "other", tmp_path, games=find_toy_game, now=NOW)
    before = other.read_bytes()
    with pytest.raises(SaveError, match=r"other\.pawn already exists"):
        save_reviewed(toy_record(["c1"]), "other", source, tmp_path, games=find_toy_game)
    assert other.read_bytes() == before


def test_saving_a_reviewed_game_keeps_the_autosave_of_the_game_in_progress(
    tmp_path: Path,
) -> None:
    in_progress = toy_record(["a1", "b1"])
    write_autosave(in_progress, tmp_path, games=find_toy_game, now=NOW)
    path = save_reviewed(toy_record(["c1"]), "copy", None, tmp_path, games=find_toy_game, now=NOW)
    assert path.name == "copy.pawn"
    offer = find_resumable(tmp_path, games=find_toy_game).offer
    assert offer is not None and dumps(offer.record, NOW) == dumps(in_progress, NOW)


def test_the_resume_offer_counts_the_moves_to_where_the_game_stands(tmp_path: Path) -> None:
    record = toy_record(["a1", "b1", "c1"])
    record.undo()
    write_autosave(record, tmp_path, games=find_toy_game, now=NOW)
    offer = find_resumable(tmp_path, games=find_toy_game).offer
    assert offer is not None and offer.moves == 2
    assert offer.question == "Resume your Toy Nim game (Alice vs Bob, 2 moves)?"
    assert [node.notation for node in offer.record.line()] == ["a1", "b1"]
