"""Saving a reviewed game: comments and variations made in review are kept, save -> load ->
save through the app gives the same bytes, and the game in progress (the autosave) is left
alone."""

from __future__ import annotations

from pathlib import Path

from review_helpers import MAIN, branchy_record, notations, open_game, save_game
from textual.widgets import Input
from tui_helpers import NOW, SIZE, app_test, board_screen, line, make_app, martian_record

from saves.autosave import write_autosave
from saves.format import dumps, load
from saves.paths import autosave_file, games_dir


@app_test
async def test_edits_made_in_review_are_saved_and_read_back_byte_for_byte(
    data_dir: Path,
) -> None:
    path = save_game(data_dir, "club.pawn", branchy_record())
    in_progress = martian_record(("c3-d4",))
    write_autosave(in_progress, data_dir, now=NOW)
    autosave = autosave_file(data_dir).read_bytes()
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # not now: the game in progress stays in the autosave
        await open_game(pilot, "club.pawn")
        await pilot.press("left", "c", *"a {tricky} \\ move", "enter")
        await pilot.press("colon", *"a5-b4", "enter")  # a new variation at move 4
        await pilot.press("ctrl+s")  # opened from the library: saved in place, unasked
        await pilot.pause()
        assert board_screen(app).query_one("#status").message == "saved in club.pawn"
        saved = path.read_bytes()
        reloaded = load(path)
        assert dumps(reloaded).encode() == saved
        assert reloaded.mainline()[2].comment == "a {tricky} \\ move"
        assert [c.notation for c in reloaded.mainline()[2].children] == ["a7-b6", "a5-b4"]
        assert line(reloaded) == [*MAIN[:3], "a5-b4"]
        assert notations(reloaded.mainline()) == list(MAIN)
        assert autosave_file(data_dir).read_bytes() == autosave

        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        await open_game(pilot, "club.pawn")  # load what was saved, and save it again
        assert line(board_screen(app).record) == [*MAIN[:3], "a5-b4"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert path.read_bytes() == saved
        await pilot.press("S")  # save as, under its own name: the same file, the same bytes
        assert app.screen.query_one("#save-name", Input).value == "club"
        await pilot.press("enter")
        await pilot.pause()
        assert board_screen(app).query_one("#status").message == "saved as club.pawn"
        assert path.read_bytes() == saved


@app_test
async def test_a_reviewed_game_saved_under_a_new_name_leaves_its_file(data_dir: Path) -> None:
    path = save_game(data_dir, "club.pawn", branchy_record())
    before = path.read_bytes()
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "club.pawn")
        await pilot.press("home", "c", *"first try", "enter", "S")
        app.screen.query_one("#save-name", Input).value = "club annotated"
        await pilot.press("enter")
        await pilot.pause()
        assert path.read_bytes() == before
        copy = load(games_dir(data_dir) / "club-annotated.pawn")
        assert copy.root.comment == "first try"
        assert board_screen(app).source == games_dir(data_dir) / "club-annotated.pawn"
