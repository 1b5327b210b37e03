"""The library of saved games: the table, sorting, filtering, opening, and managing files."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from drawn_text import drawn
from review_helpers import branchy_record, highlight, open_library, save_game
from textual import events
from textual.widgets import DataTable, Input, Static
from tui_helpers import NOW, SIZE, app_test, board_screen, line, make_app, martian_record
from waiting import wait_for

from saves.autosave import write_autosave
from saves.format import load, save
from saves.paths import autosave_file, games_dir
from tui.screens.game_select import GameSelectScreen
from tui.screens.library import LibraryChoice, LibraryScreen
from tui.screens.resume import ResumeScreen
from tui.screens.save_as import SaveAsScreen

LAST_MOVE = "4/4/1p2/1p2/q3/4/4/4 1 0/0 - o"


def library_files(data_dir: Path) -> dict[str, Path]:
    """Three games and a file that is not a save, saved on three days."""
    folder = games_dir(data_dir)
    files = {
        "friday.pawn": save(
            martian_record(("c3-d4", "b6-a5", "d2xa5")), folder / "friday.pawn", now=NOW
        ),
        "won.pawn": save(
            martian_record(("a4xb5",), players=("Cy", "Di"), position=LAST_MOVE),
            folder / "won.pawn",
            now=NOW - timedelta(days=1),
        ),
        "club.pawn": save(branchy_record(), folder / "club.pawn", now=NOW - timedelta(days=2)),
    }
    (folder / "scribbles.pawn").write_text("not a save\n", encoding="utf-8")
    files["scribbles.pawn"] = folder / "scribbles.pawn"
    return files


def rows(screen: LibraryScreen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


def files_shown(screen: LibraryScreen) -> list[str]:
    """The files listed, in their order (a name too long for its column is cut on screen)."""
    return [entry.name for entry in screen.shown]


def detail(screen: LibraryScreen) -> str:
    return str(screen.query_one("#library-detail", Static).render())


def title(screen: LibraryScreen) -> str:
    return str(screen.query_one("#library-title", Static).render())


@app_test
async def test_every_saved_game_is_a_row_newest_first(data_dir: Path) -> None:
    library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        assert rows(screen) == [
            ["Martian Chess", "Alice vs Bob", "ongoing", "3", "2026.11.21", "friday.pawn"],
            ["Martian Chess", "Cy vs Di", "1-0", "1", "2026.11.20", "won.pawn"],
            ["Martian Chess", "Alice vs Bob", "ongoing", "4", "2026.11.19", "club.pawn"],
            ["unreadable", "", "", "", "", "scribbles.pawn"],
        ]
        assert title(screen) == "Saved games · 4 games · by date ▼ · keys 1-6 sort"
        assert detail(screen) == (
            "friday.pawn · 2026.11.21 14:03:09 · Enter reviews it · p plays it on"
        )
        await pilot.press("down")
        assert detail(screen) == "won.pawn · 2026.11.20 14:03:09 · Enter reviews it"
        await pilot.press("down", "down")
        assert detail(screen).startswith("scribbles.pawn is not a pawnshop save")
        assert screen.query_one("#library-detail").has_class("-error")
        await pilot.press("enter")
        assert app.screen is screen  # a bad file does not open
        await pilot.press("escape")
        assert isinstance(app.screen, GameSelectScreen)


@app_test
async def test_keys_one_to_six_sort_by_each_column_and_again_reverse(data_dir: Path) -> None:
    library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        bad = ["scribbles.pawn"]
        newest = ["friday.pawn", "won.pawn", "club.pawn"]
        expected = {  # the first press, then the second; ties stay newest first
            "1": (newest, newest),  # one game for all three
            "2": (
                ["friday.pawn", "club.pawn", "won.pawn"],
                ["won.pawn", "friday.pawn", "club.pawn"],
            ),
            "3": (
                ["won.pawn", "friday.pawn", "club.pawn"],
                ["friday.pawn", "club.pawn", "won.pawn"],
            ),
            "4": (
                ["club.pawn", "friday.pawn", "won.pawn"],
                ["won.pawn", "friday.pawn", "club.pawn"],
            ),
            "5": (newest, newest[::-1]),
            "6": (
                ["club.pawn", "friday.pawn", "won.pawn"],
                ["won.pawn", "friday.pawn", "club.pawn"],
            ),
        }
        for key, (first, second) in expected.items():
            await pilot.press(key)
            assert files_shown(screen) == first + bad, key
            await pilot.press(key)
            assert files_shown(screen) == second + bad, key
        assert title(screen).endswith("by file ▼ · keys 1-6 sort")


@app_test
async def test_a_click_on_a_heading_sorts_by_that_column(data_dir: Path) -> None:
    library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        table = screen.query_one(DataTable)
        players_x = sum(column.get_render_width(table) for column in table.ordered_columns[:1])
        assert await pilot.click(DataTable, offset=(players_x + 2, 0))
        await pilot.pause()
        assert screen.sort_column == "players" and not screen.descending
        assert files_shown(screen) == ["friday.pawn", "club.pawn", "won.pawn", "scribbles.pawn"]


@app_test
async def test_typing_after_slash_filters_the_games(data_dir: Path) -> None:
    library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await pilot.press("slash")
        field = screen.query_one("#library-filter", Input)
        assert field.has_focus
        await pilot.press(*"cy")
        assert files_shown(screen) == ["won.pawn"]
        assert title(screen).startswith("Saved games · 1 of 4 games match")
        field.value = ""
        await pilot.press(*"alice 11.19")
        assert files_shown(screen) == ["club.pawn"]
        field.value = ""
        await pilot.press(*"ongoing")
        assert files_shown(screen) == ["friday.pawn", "club.pawn"]
        await pilot.press("down")  # the arrows move in the table while the filter types
        assert screen.highlighted() is not None and screen.highlighted().name == "club.pawn"
        field.value = ""
        await pilot.press(*"nobody")
        assert files_shown(screen) == []
        assert detail(screen) == "No game matches the filter: Esc clears it."
        await pilot.press("escape")
        assert field.value == "" and len(files_shown(screen)) == 4
        assert isinstance(app.screen, LibraryScreen)
        await pilot.press("slash", *"won", "enter")  # Enter opens what the filter found
        await pilot.pause()
        assert board_screen(app).record.players == ["Cy", "Di"]


@app_test
async def test_enter_opens_for_review_and_p_plays_an_unfinished_game_on(data_dir: Path) -> None:
    library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await highlight(pilot, screen, "won.pawn")
        await pilot.press("p")
        assert detail(screen) == "won.pawn is a finished game: Enter reviews it"
        await highlight(pilot, screen, "friday.pawn")
        await pilot.press("enter")
        await pilot.pause()
        board = board_screen(app)
        assert board.reviewing and line(board.record) == ["c3-d4", "b6-a5", "d2xa5"]
        assert board.source == games_dir(data_dir) / "friday.pawn"
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        await highlight(pilot, screen, "friday.pawn")
        await pilot.press("p")
        await pilot.pause()
        board = board_screen(app)
        assert not board.reviewing and len(app.screen_stack) == 2
        await pilot.press("colon", *"a7-b6", "enter")
        # The named file is the game's own: each move is saved in it, and no autosave made.
        played = ["c3-d4", "b6-a5", "d2xa5", "a7-b6"]
        assert line(load(games_dir(data_dir) / "friday.pawn")) == played
        assert not autosave_file(data_dir).exists()


@app_test
async def test_rename_gives_the_file_a_new_name_but_never_a_taken_one(data_dir: Path) -> None:
    files = library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await highlight(pilot, screen, "club.pawn")
        await pilot.press("r")
        dialog = app.screen
        assert isinstance(dialog, SaveAsScreen)
        field = dialog.query_one("#save-name", Input)
        assert field.value == "club"
        field.value = "friday"
        await pilot.press("enter")
        assert app.screen is dialog
        error = str(dialog.query_one("#save-error", Static).render())
        assert error == "friday.pawn already exists, so club.pawn keeps its name"
        field.value = ""
        await pilot.press(*"Club night 2", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert detail(screen) == "renamed to Club-night-2.pawn"
        assert screen.highlighted() is not None
        assert screen.highlighted().name == "Club-night-2.pawn"
        assert not files["club.pawn"].exists()
        renamed = load(games_dir(data_dir) / "Club-night-2.pawn")
        assert renamed.root.comment == "club night"


@app_test
async def test_delete_asks_first_and_keeps_a_file_that_is_not_a_save(data_dir: Path) -> None:
    files = library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await highlight(pilot, screen, "won.pawn")
        await pilot.press("d")
        question = app.screen
        assert isinstance(question, ResumeScreen)
        assert question.question == (
            "Delete won.pawn (Martian Chess, Cy vs Di, 1 move)? This cannot be undone."
        )
        await pilot.press("n")
        assert detail(screen) == "nothing deleted" and files["won.pawn"].exists()
        await pilot.press("delete", "y")
        await pilot.pause()
        assert not files["won.pawn"].exists()
        assert detail(screen) == "deleted won.pawn"
        assert files_shown(screen) == ["friday.pawn", "club.pawn", "scribbles.pawn"]
        await highlight(pilot, screen, "scribbles.pawn")
        await pilot.press("d")
        assert app.screen is screen  # no question: there is nothing it may delete
        assert detail(screen).startswith("scribbles.pawn is not a pawnshop save")
        assert files["scribbles.pawn"].exists()


@app_test
async def test_import_copies_a_save_in_and_refuses_anything_else(
    data_dir: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "from a friend.pawn"
    save(branchy_record(), outside, now=NOW)
    junk = tmp_path / "junk.pawn"
    junk.write_bytes(b"\x00\x01")
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await pilot.press("i")
        dialog = app.screen
        assert isinstance(dialog, SaveAsScreen)
        dialog.query_one("#save-name", Input).value = str(junk)
        await pilot.press("enter")
        error = str(dialog.query_one("#save-error", Static).render())
        assert error == "junk.pawn is not a text file (it holds binary data at byte 0)"
        dialog.query_one("#save-name", Input).value = str(outside)
        await pilot.press("enter")
        await pilot.pause()
        copy = games_dir(data_dir) / "from-a-friend.pawn"
        assert copy.read_bytes() == outside.read_bytes()
        assert detail(screen) == "imported as from-a-friend.pawn"
        assert files_shown(screen) == ["from-a-friend.pawn"]
        assert sorted(p.name for p in games_dir(data_dir).iterdir()) == ["from-a-friend.pawn"]


@app_test
async def test_export_writes_a_copy_and_never_over_a_file(data_dir: Path, tmp_path: Path) -> None:
    files = library_files(data_dir)
    taken = tmp_path / "taken.pawn"
    taken.write_text("my notes\n", encoding="utf-8")
    exports = data_dir / "exports"
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await highlight(pilot, screen, "club.pawn")
        await pilot.press("e")
        dialog = app.screen
        assert isinstance(dialog, SaveAsScreen)
        field = dialog.query_one("#save-name", Input)
        assert field.value == str(exports / "club.pawn")  # the data folder's exports
        assert not exports.exists()  # made by the first export into it
        field.value = str(taken)
        await pilot.press("enter")
        error = str(dialog.query_one("#save-error", Static).render())
        assert error == "taken.pawn already exists (choose another name or replace it)"
        assert taken.read_text(encoding="utf-8") == "my notes\n"
        field.value = str(exports / "club.pawn")
        await pilot.press("enter")
        await wait_for(lambda: detail(screen).startswith("exported"), what="the export")
        assert (exports / "club.pawn").read_bytes() == files["club.pawn"].read_bytes()
        assert detail(screen) == f"exported to {exports / 'club.pawn'}"
        assert screen.highlighted() is not None and screen.highlighted().name == "club.pawn"


@app_test
async def test_an_export_to_a_relative_path_says_where_it_went(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = library_files(data_dir)
    monkeypatch.chdir(tmp_path)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await highlight(pilot, screen, "won.pawn")
        await pilot.press("e")
        dialog = app.screen
        assert isinstance(dialog, SaveAsScreen)
        dialog.query_one("#save-name", Input).value = "copy.pawn"
        await pilot.press("enter")
        await wait_for(lambda: detail(screen).startswith("exported"), what="the export")
        assert (tmp_path / "copy.pawn").read_bytes() == files["won.pawn"].read_bytes()
        assert detail(screen) == f"exported to {tmp_path / 'copy.pawn'}"


@app_test
async def test_a_read_only_library_lists_and_opens_but_writes_nothing(data_dir: Path) -> None:
    files = library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        chosen: list[LibraryChoice | None] = []
        app.push_screen(LibraryScreen(read_only=True), chosen.append)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        await highlight(pilot, screen, "club.pawn")
        for key in ("r", "d", "delete", "i", "e", "p"):
            await pilot.press(key)
            assert app.screen is screen, key
        assert detail(screen) == "club.pawn · 2026.11.19 14:03:09 · Enter reviews it"
        assert all(path.exists() for path in files.values())
        keys = {binding.binding.action for binding in screen.active_bindings.values()}
        assert {"rename", "delete", "import", "export", "play_on"}.isdisjoint(keys)
        await pilot.press("enter")
        await pilot.pause()
        assert len(chosen) == 1 and chosen[0] is not None
        assert chosen[0].review and chosen[0].path == files["club.pawn"]


@app_test
async def test_the_library_and_the_board_save_the_same_bytes(data_dir: Path) -> None:
    path = save_game(data_dir, "club.pawn", branchy_record())
    before = path.read_bytes()
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await highlight(pilot, screen, "club.pawn")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+s")  # a game with a file is saved in place, unasked
        await pilot.pause()
        assert board_screen(app).query_one("#status").message == "saved in club.pawn"
        assert path.read_bytes() == before
        await pilot.press("S")  # save as: the name is asked, its own one proposed
        assert app.screen.query_one("#save-name", Input).value == "club"
        await pilot.press("enter")
        await pilot.pause()
        assert path.read_bytes() == before


#: What a scrollbar is drawn with: none may show in a table whose columns fit its width.
SCROLLBAR_CELLS = set("▁▂▃▄▅▆▇█▉▊▋▌▍▎▏▐▔▕")
LONG_PLAYERS = ("Alexandra Quinn", "Bartholomew Ives")
LONG_FILE = "2026-11-20_2100_martian-chess_alexandra-quinn_bartholomew-ives.pawn"


def long_names(data_dir: Path) -> None:
    record = martian_record(("c3-d4",), players=LONG_PLAYERS)
    save(record, games_dir(data_dir) / LONG_FILE, now=NOW)


@app_test
async def test_at_80_columns_the_table_fits_and_the_detail_line_is_whole(data_dir: Path) -> None:
    long_names(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_library(pilot)
        await pilot.pause()
        lines = drawn(app).lines
        stray = [(row, line) for row, line in enumerate(lines) if SCROLLBAR_CELLS & set(line)]
        assert stray == [], "no scrollbar: the columns fit the width"
        (row,) = [line for line in lines if "Martian Chess" in line]
        assert row.rstrip().endswith("…")  # the file name, cut to its column
        detail_line = lines[-2]  # the line above the keys
        assert detail_line.startswith(" 2026-11-20_2100_")
        assert detail_line.rstrip().endswith(" · Enter reviews it · p plays it on")
        assert "…" in detail_line and LONG_FILE not in detail_line
        assert not lines[-3].strip()  # on one line: the line above it is the table's margin


@app_test
async def test_at_130_columns_the_players_get_the_room(data_dir: Path) -> None:
    long_names(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(130, 24)) as pilot:
        await open_library(pilot)
        await pilot.pause()
        (row,) = [line for line in drawn(app).lines if "Martian Chess" in line]
        assert " vs ".join(LONG_PLAYERS) in row
        assert not SCROLLBAR_CELLS & set("".join(drawn(app).lines))


@app_test
async def test_a_filter_typed_in_one_burst_after_the_slash_reaches_the_filter(
    data_dir: Path,
) -> None:
    library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        field = screen.query_one("#library-filter", Input)
        # Every key is queued before the first is handled, as a fast typist or a paste does:
        # "1" would sort by game if the table still had the keys.
        for key, character in [("slash", "/"), *((ch, ch) for ch in "1/2 11.20")]:
            app.post_message(events.Key(key, character))
        await wait_for(lambda: field.value == "1/2 11.20", what="the filter typed")
        await wait_for(lambda: files_shown(screen) == [], what="no draw on the 20th listed")
        assert screen.sort_column == "date" and screen.descending
        field.value = "1-0"
        await pilot.pause()
        assert files_shown(screen) == ["won.pawn"]


@app_test
async def test_the_unfinished_games_fit_80_columns_too(data_dir: Path) -> None:
    for number in range(30):  # more than fit: a scrollbar on the right, none below
        players = (f"{LONG_PLAYERS[0]} {number}", LONG_PLAYERS[1])
        write_autosave(martian_record(("c3-d4",), players=players), data_dir, now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")  # not the game offered: the library
        screen = await open_library(pilot)
        await pilot.press("u")
        await wait_for(lambda: screen.unfinished_ready, what="the unfinished games")
        await pilot.pause()
        lines = drawn(app).lines
        table = lines[3:-3]  # from the header to the last row, the right edge aside
        assert [line for line in table if SCROLLBAR_CELLS & set(line[:-3])] == []
        assert all(line[:-3].rstrip().endswith("…") for line in table[1:])  # file names, cut
        assert lines[-2].rstrip().endswith(" · Enter resumes it · d deletes it")
        assert not lines[-3].strip()  # the detail on one line
