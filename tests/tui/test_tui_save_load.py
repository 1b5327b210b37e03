"""Saving under a name (ctrl+s), and loading from the library of saved games."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input, Static
from tui_helpers import (
    MARTIAN,
    NOW,
    SIZE,
    app_test,
    board_screen,
    line,
    make_app,
    martian_record,
)

from saves.format import load, save
from saves.paths import autosave_file, games_dir
from tui.screens.game_select import GameSelectScreen
from tui.screens.library import NO_GAMES_YET, LibraryScreen
from tui.screens.save_as import SaveAsScreen

OPENING = ("c3-d4", "b6-a5", "d2xa5")


@app_test
async def test_save_as_then_load_gives_the_same_position(data_dir: Path) -> None:
    record = martian_record(OPENING)
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        autosave = autosave_file(data_dir)
        assert line(load(autosave)) == list(OPENING[:2])
        await pilot.press("ctrl+s")  # no file of its own yet: the name is asked
        assert isinstance(app.screen, SaveAsScreen)
        name = app.screen.query_one("#save-name", Input)
        assert name.value == "2026-11-21_1403_martian-chess_alice-bob"
        name.value = ""
        await pilot.press(*"my game", "enter")
        assert not isinstance(app.screen, SaveAsScreen)
        saved = games_dir(data_dir) / "my-game.pawn"
        assert saved.exists()
        assert board_screen(app).query_one("#status").message == "saved as my-game.pawn"
        assert not autosave.exists()  # moved into the library
        await pilot.press("ctrl+y", "ctrl+s")  # now it has a file: saved in place, unasked
        await pilot.pause()
        assert board_screen(app).query_one("#status").message == "saved in my-game.pawn"
        assert line(load(saved)) == list(OPENING)
        assert not autosave_file(data_dir).exists()
        await pilot.press("u")  # and each move is saved in it
        await pilot.pause()
        assert line(load(saved)) == list(OPENING[:2])
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameSelectScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        assert [str(cell) for cell in table.get_row_at(0)] == [
            "Martian Chess",
            "Alice vs Bob",
            "ongoing",
            "2",
            "2026.11.21",
            "my-game.pawn",
        ]
        await pilot.press("enter")
        await pilot.pause()
        loaded = board_screen(app).record
        assert line(loaded) == ["c3-d4", "b6-a5"]
        assert loaded.state == martian_record(OPENING[:2]).state
        # The move taken back before saving stays in the file as a variation, not in the main line.
        assert [node.notation for node in loaded.mainline()] == list(OPENING[:2])
        assert [child.notation for child in loaded.current.children] == [OPENING[2]]
        assert not loaded.current.children[0].is_mainline()


@app_test
async def test_a_taken_name_is_refused_in_the_dialog(data_dir: Path) -> None:
    save(martian_record(), games_dir(data_dir) / "taken.pawn")
    app = make_app(data_dir, record=martian_record(OPENING))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        app.screen.query_one("#save-name", Input).value = "taken"
        await pilot.press("enter")
        assert isinstance(app.screen, SaveAsScreen)
        error = str(app.screen.query_one("#save-error", Static).render())
        assert "taken.pawn already exists" in error
        await pilot.press("escape")
        assert board_screen(app).query_one("#status").message == "not saved"
        assert load(games_dir(data_dir) / "taken.pawn").current is not None
        assert line(load(games_dir(data_dir) / "taken.pawn")) == []


@app_test
async def test_load_lists_bad_files_with_their_problem(data_dir: Path) -> None:
    folder = games_dir(data_dir)
    save(martian_record(OPENING), folder / "good.pawn")
    (folder / "junk.pawn").write_text("this is not a save\n", encoding="utf-8")
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        assert str(table.get_row_at(1)[0]) == "unreadable"
        await pilot.press("down", "enter")
        assert app.screen is screen
        detail = str(screen.query_one("#library-detail", Static).render())
        assert detail.startswith("junk.pawn ")
        await pilot.press("up", "enter")
        await pilot.pause()
        assert line(board_screen(app).record) == list(OPENING)
        assert MARTIAN.scores(board_screen(app).record.state) == (1, 0)


@app_test
async def test_escape_leaves_the_load_screen(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        detail = str(app.screen.query_one("#library-detail", Static).render())
        assert detail == NO_GAMES_YET
        await pilot.press("escape")
        assert isinstance(app.screen, GameSelectScreen)


@app_test
async def test_the_board_opens_the_load_screen_too(data_dir: Path) -> None:
    save(martian_record(OPENING), games_dir(data_dir) / "good.pawn")
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert line(board_screen(app).record) == list(OPENING)
        assert len(app.screen_stack) == 2


@app_test
async def test_a_click_on_a_saved_game_loads_it(data_dir: Path) -> None:
    folder = games_dir(data_dir)
    save(martian_record(OPENING), folder / "a.pawn", now=NOW)
    save(martian_record(OPENING[:1]), folder / "b.pawn", now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        row = next(i for i, entry in enumerate(screen.entries) if entry.name == "b.pawn")
        table = screen.query_one(DataTable)
        assert await pilot.click(DataTable, offset=(2, table.header_height + row))
        await pilot.pause()
        assert line(board_screen(app).record) == ["c3-d4"]
