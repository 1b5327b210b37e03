"""A library of a few hundred games at 80x24, served by the index a window at a time: sorted,
filtered, paged to the end and opened as a player does; the index made anew when its
database is damaged; a file added behind the screen's back listed after the sync; and the
screen reading only the pages it shows."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from review_helpers import open_library
from textual import events
from textual.widgets import DataTable
from tui_helpers import NOW, SIZE, app_test, board_screen, make_app, martian_record
from waiting import wait_for

from saves.catalog import filter_entries, sort_entries
from saves.entry import LibraryEntry
from saves.format import dumps
from saves.library import list_games
from saves.paths import games_dir, store_file
from saves.store import Column, LibraryIndex
from tui.play.library_pages import PAGE
from tui.play.storage import Storage
from tui.screens.library import LibraryScreen
from tui.screens.library_table import WHEEL_ROWS

COUNT = 300
LINES = (("c3-d4",), ("c3-d4", "b6-a5"), ("c3-d4", "b6-a5", "d2xa5"))


def fill(data_dir: Path, count: int = COUNT) -> None:
    """``count`` games, one an hour back from NOW, each with its own first player and one
    of three lengths."""
    folder = games_dir(data_dir)
    folder.mkdir(parents=True)
    for number in range(count):
        record = martian_record(LINES[number % 3], players=(f"P{number:03}", "Bob"))
        text = dumps(record, NOW - timedelta(hours=number))
        (folder / f"game-{number:03}.pawn").write_text(text, encoding="utf-8")


def expected(data_dir: Path, column: Column, descending: bool, query: str = "") -> list[str]:
    """The files in that order and filter as the library's pure functions put them."""
    ordered = sort_entries(list_games(data_dir), column, descending=descending)
    return [entry.name for entry in filter_entries(ordered, query)]


def window_names(screen: LibraryScreen) -> list[str]:
    table = screen.query_one(DataTable)
    return [str(table.get_row_at(row)[-1]) for row in range(table.row_count)]


def highlighted_name(screen: LibraryScreen) -> str:
    entry = screen.highlighted()
    assert entry is not None
    return entry.name


async def synced_library(pilot: Any) -> LibraryScreen:
    screen = await open_library(pilot)
    await wait_for(lambda: screen.synced, what="the first sync")
    return screen


async def page_through(pilot: Any, screen: LibraryScreen) -> list[str]:
    """Every file drawn from the first row to the last, paging down with the keys."""
    await pilot.press("home")
    seen = window_names(screen)
    while highlighted_name(screen) != seen[-1] or len(seen) < len(screen.shown):
        before = highlighted_name(screen)
        await pilot.press("pagedown")
        if highlighted_name(screen) == before:
            break
        for name in window_names(screen):
            if name not in seen:
                seen.append(name)
    return seen


@app_test
async def test_sort_filter_page_to_the_end_and_open_a_game(data_dir: Path) -> None:
    fill(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await synced_library(pilot)
        table = screen.query_one(DataTable)
        assert len(screen.shown) == COUNT and table.row_count < SIZE[1]
        assert await page_through(pilot, screen) == expected(data_dir, "date", True)
        assert highlighted_name(screen) == "game-299.pawn"  # the oldest, last
        for key, column, descending in (
            ("2", "players", False),
            ("2", "players", True),
            ("4", "moves", True),
            ("3", "result", False),
            ("6", "file", False),
        ):
            kept = highlighted_name(screen)
            await pilot.press(key)
            assert (screen.sort_column, screen.descending) == (column, descending)
            order = expected(data_dir, column, descending)
            assert highlighted_name(screen) in (kept, order[0])  # kept if near, else the top
            await pilot.press("home")
            assert window_names(screen) == order[: table.row_count], key
            await pilot.press("end")
            assert highlighted_name(screen) == order[-1], key
            assert window_names(screen)[-1] == order[-1]
        assert await page_through(pilot, screen) == expected(data_dir, "file", False)
        await pilot.press("slash", *"p12")
        matching = expected(data_dir, "file", False, "p12")
        assert len(matching) == 10  # P120 ... P129
        assert [entry.name for entry in screen.shown] == matching == window_names(screen)
        await pilot.press("down", "down", "enter")
        await wait_for(lambda: app.screen is not screen, what="the review")
        assert board_screen(app).record.players == ["P122", "Bob"]


@app_test
async def test_a_damaged_index_is_made_anew_and_every_game_still_listed(data_dir: Path) -> None:
    fill(data_dir)
    list_games(data_dir)  # the index, made
    store = store_file(data_dir)
    store.write_bytes(b"this is not a database " * 400)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await synced_library(pilot)
        await wait_for(lambda: len(screen.shown) == COUNT, what="every game listed")
        detail = str(screen.query_one("#library-detail").render())
        assert detail.startswith("pawnshop.sqlite3 is damaged")
        assert detail.endswith("made anew from the game files.")
        assert await page_through(pilot, screen) == expected(data_dir, "date", True)
    assert len(list(games_dir(data_dir).iterdir())) == COUNT  # no game file lost
    (kept,) = data_dir.glob("pawnshop.sqlite3.bad-*")
    assert kept.read_bytes().startswith(b"this is not a database")


@app_test
async def test_a_file_added_behind_the_screens_back_shows_after_the_sync(data_dir: Path) -> None:
    fill(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await synced_library(pilot)
        assert window_names(screen)[0] == "game-000.pawn"
        record = martian_record(LINES[0], players=("Newcomer", "Bob"))
        (games_dir(data_dir) / "added.pawn").write_text(
            dumps(record, NOW + timedelta(days=1)), encoding="utf-8"
        )
        await wait_for(lambda: window_names(screen)[:1] == ["added.pawn"], what="the new file")
        assert len(screen.shown) == COUNT + 1
        assert "301 games" in str(screen.query_one("#library-title").render())


class CountingIndex:
    """A library index that notes every ``list`` call's limit and the rows it returned."""

    def __init__(self, index: LibraryIndex, calls: list[tuple[int | None, int]]) -> None:
        self.index = index
        self.calls = calls
        self.notices = index.notices

    def sync(self) -> None:
        self.index.sync()

    def list(self, *args: Any, **options: Any) -> list[LibraryEntry]:
        found = self.index.list(*args, **options)
        self.calls.append((options.get("limit"), len(found)))
        return found

    def count(self, filter: str = "") -> int:
        return self.index.count(filter)

    def close(self) -> None:
        self.index.close()


@app_test
async def test_the_screen_reads_only_the_pages_it_shows(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill(data_dir)
    calls: list[tuple[int | None, int]] = []
    reader = Storage.library_reader
    monkeypatch.setattr(
        Storage, "library_reader", lambda storage: CountingIndex(reader(storage), calls)
    )

    def every_entry(storage: Storage) -> list[LibraryEntry]:
        raise AssertionError("the screen listed every entry")

    monkeypatch.setattr(Storage, "list_games", every_entry)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await synced_library(pilot)
        assert len(screen.shown) == COUNT
        assert sum(rows for _, rows in calls) <= PAGE < COUNT  # one page drawn from
        for key in ("2", "4", "pagedown", "pagedown", "end", "home"):
            await pilot.press(key)
        await pilot.press("slash", *"p1")
        assert len(screen.shown) == 100  # P100 ... P199
    assert calls and all(limit is not None and limit <= PAGE for limit, _ in calls)
    assert sum(rows for _, rows in calls) < 8 * PAGE


def wheel(pilot: Any, screen: LibraryScreen, down: bool) -> None:
    """One turn of the mouse wheel over the middle of the table, as a terminal reports it."""
    region = screen.query_one(DataTable).region
    x, y = region.x + 5, region.y + region.height // 2
    kind = events.MouseScrollDown if down else events.MouseScrollUp
    event = kind(None, x, y, 0, 1 if down else -1, 0, False, False, False, screen_x=x, screen_y=y)
    pilot.app.post_message(event)


@app_test
async def test_the_wheel_moves_the_window_and_a_wider_screen_gives_the_players_room(
    data_dir: Path,
) -> None:
    fill(data_dir)
    order = expected(data_dir, "date", True)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await synced_library(pilot)
        table = screen.query_one(DataTable)
        rows = table.row_count
        for _ in range(2):
            wheel(pilot, screen, down=True)
        await wait_for(lambda: window_names(screen)[:1] == [order[2 * WHEEL_ROWS]], what="down")
        assert window_names(screen) == order[2 * WHEEL_ROWS : 2 * WHEEL_ROWS + rows]
        assert highlighted_name(screen) in window_names(screen)  # the cursor goes along
        wheel(pilot, screen, down=False)
        await wait_for(lambda: window_names(screen)[:1] == [order[WHEEL_ROWS]], what="up")
        players = screen.query_one(DataTable).ordered_columns[1]
        narrow = players.width
        await pilot.resize_terminal(130, 34)
        await wait_for(lambda: table.row_count == rows + 10, what="ten more rows")
        assert window_names(screen)[: rows + 10] == order[WHEEL_ROWS : WHEEL_ROWS + rows + 10]
        assert screen.query_one(DataTable).ordered_columns[1].width > narrow + 15
