"""The library's list moves with `j`/`k` as the other lists do, beside the arrows."""

from __future__ import annotations

from pathlib import Path

from test_tui_library import library_files
from textual.widgets import DataTable
from tui_helpers import SIZE, app_test, make_app
from waiting import wait_for

from tui.screens.library import LibraryScreen


@app_test
async def test_j_and_k_move_down_and_up_the_saved_games(data_dir: Path) -> None:
    library_files(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_for(lambda: isinstance(app.screen, LibraryScreen), what="the library")
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        table = screen.query_one(DataTable)
        await wait_for(lambda: table.row_count >= 3, what="the saved games")
        assert table.cursor_row == 0
        await pilot.press("j", "j")
        await wait_for(lambda: table.cursor_row == 2, what="two rows down")
        await pilot.press("k")
        await wait_for(lambda: table.cursor_row == 1, what="a row up")
        await pilot.press("down")
        await wait_for(lambda: table.cursor_row == 2, what="the arrow as before")
