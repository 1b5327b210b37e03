"""The index sorts and filters in SQL exactly as ``saves.catalog`` does in Python over the
same entries, and lists in the library's own order (newest first, then by file name, bad
files last by name), whatever the names, players, dates and queries."""

from __future__ import annotations

import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from save_helpers import NOW, toy_record, write
from toy_game import find_toy_game

from saves import paths
from saves.catalog import COLUMNS, filter_entries, sort_entries
from saves.entry import LibraryEntry
from saves.format import dumps
from saves.store.sqlite_library import SqliteLibraryIndex

#: Letters whose order or case folding differ (``ß`` folds to ``ss``, ``É`` to ``é``) and
#: characters markup would read.
LETTERS = "aAbBsSßéÉz1-[]$"
MOVES = ([], ["a1"], ["a3", "a1", "b3", "c3", "c2"])

file_stems = st.text(alphabet=LETTERS, min_size=1, max_size=4)
names = st.text(alphabet=LETTERS + " ", min_size=1, max_size=5).filter(lambda n: n.strip())
games = st.fixed_dictionaries(
    {
        "players": st.tuples(names, names),
        "moves": st.sampled_from(MOVES),
        "days": st.integers(0, 2),
        "seconds": st.sampled_from([0, 0, 1]),
        "bad": st.integers(0, 5).map(lambda n: n == 0),
    }
)
libraries = st.dictionaries(file_stems, games, max_size=10)
queries = st.text(alphabet=LETTERS + " .:vn", max_size=6)


def write_library(data: Path, library: dict[str, dict]) -> None:
    for stem, game in library.items():
        path = paths.games_dir(data) / f"{stem}.pawn"
        if path.exists():  # a name that differs only by case on a folding file system
            continue
        if game["bad"]:
            write(path, "[Format ")
            continue
        when = NOW - timedelta(days=game["days"], seconds=game["seconds"])
        record = toy_record(game["moves"], players=game["players"])
        write(path, dumps(record, when))


def library_order(entries: list[LibraryEntry]) -> list[LibraryEntry]:
    """The order the library listed its files in before it had an index."""
    ordered = sorted(entries, key=lambda entry: entry.name)
    ordered.sort(key=lambda entry: (entry.date, entry.time), reverse=True)
    ordered.sort(key=lambda entry: not entry.ok)
    return ordered


@settings(max_examples=60, deadline=None)
@given(libraries, queries)
def test_sorting_and_filtering_agree_with_the_catalog(library: dict, query: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        write_library(data, library)
        with SqliteLibraryIndex(data, games=find_toy_game) as index:
            index.sync()
            entries = index.list()
            assert entries == library_order(entries)
            assert index.count() == len(entries) == len(list(paths.games_dir(data).glob("*")))
            assert index.count(query) == len(filter_entries(entries, query))
            for column in COLUMNS:
                for descending in (False, True):
                    expected = filter_entries(
                        sort_entries(entries, column, descending=descending), query
                    )
                    assert index.list(column, descending, query) == expected
                    assert (
                        index.list(column, descending, query, limit=3, offset=1) == (expected[1:4])
                    )


def test_the_entries_hold_what_the_files_say() -> None:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        when = datetime(2026, 1, 2, 3, 4, 5)
        record = toy_record(["a1"], players=("[b]Ann[/b]", "Bo $x"))
        path = write(paths.games_dir(data) / "one.pawn", dumps(record, when))
        with SqliteLibraryIndex(data, games=find_toy_game) as index:
            index.sync()
            assert index.list() == [
                LibraryEntry(
                    path,
                    game_id="toy-nim",
                    game_name="Toy Nim",
                    players=("[b]Ann[/b]", "Bo $x"),
                    result="*",
                    plies=1,
                    date="2026.01.02",
                    time="03:04:05",
                )
            ]
            assert index.count("[b]ann") == 1 and index.count("2026-01-02 bo") == 1
