"""Without colour every list still shows its highlighted row: the lobby's tables, the library,
the log's keyboard highlight and a dialog's focused button are drawn in reverse video, the
list of games and an open drop-down of the setup form in bold and underlined, over SSH on a
terminal without colour (its depth applied as the server applies it) and locally with
``NO_COLOR``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from board_looks import DrawnCell, drawn_cell
from net_helpers import make_hall
from review_helpers import branchy_record, review_of
from test_tui_library import library_files
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import DataTable, OptionList
from textual.widgets._select import SelectOverlay
from tui_helpers import NOW, SIZE, app_test, make_app, martian_record
from waiting import wait_for

from core.registry import find_game
from saves.autosave import write_autosave
from tui.net.app import NetApp
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.screens.library import LibraryScreen
from tui.screens.resume import ResumeScreen
from tui.screens.setup import SetupScreen
from tui.ssh.colours import apply_colour_system
from tui.widgets.move_tree import MoveTree
from tui.widgets.row_list import RowList

MARTIAN = find_game("martian-chess")
#: How the app learns there is no colour: a session's terminal over SSH, NO_COLOR locally.
WAYS = ("ssh", "NO_COLOR")


def colourless_app(data_dir: Path, way: str, monkeypatch: pytest.MonkeyPatch) -> App[Any]:
    """The local app, told there is no colour the way ``way`` tells it."""
    if way == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(data_dir)
    if way == "ssh":
        apply_colour_system(app, "none", SIZE)
    return app


def marked_cell(cell: DrawnCell) -> bool:
    """Whether a cell stands out without colour: in reverse video, or bold and underlined."""
    return cell.reverse or (cell.bold and cell.underline)


def marked_rows(app: App[Any], region: Region) -> list[str]:
    """The text of the marked cells on each line of ``region`` that has some, as a terminal
    without colour shows them (every colour removed, the attributes kept)."""
    strips = app.screen._compositor.render_strips()
    rows = []
    for y in range(region.y, region.bottom):
        strip = strips[y].crop(region.x, region.right)
        cells = [
            drawn_cell(char, segment.style, "none") for segment in strip for char in segment.text
        ]
        if any(marked_cell(cell) for cell in cells):
            rows.append("".join(cell.text if marked_cell(cell) else " " for cell in cells).strip())
    return rows


def marked(app: App[Any], widget: Widget) -> str:
    """The one row of ``widget`` that stands out (several lines joined by spaces)."""
    rows = marked_rows(app, widget.content_region)
    assert rows, f"no row of {widget!r} is marked without colour"
    return " ".join(rows)


@pytest.mark.parametrize("way", WAYS)
@app_test
async def test_the_list_of_games_marks_the_highlighted_game(
    data_dir: Path, way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = colourless_app(data_dir, way, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#game-list", OptionList)
        assert marked(app, games).startswith("Martian Chess")
        await pilot.press("j")
        await pilot.pause()
        assert marked(app, games).startswith("MAC")


@pytest.mark.parametrize("way", WAYS)
@app_test
async def test_an_open_drop_down_of_the_setup_form_marks_its_highlighted_choice(
    data_dir: Path, way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = colourless_app(data_dir, way, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for(lambda: isinstance(app.screen, SetupScreen), what="the setup form")
        await pilot.press("tab", "enter")  # the Players drop-down: 2 or 4
        await pilot.pause()
        overlay = app.screen.query_one("#option-players").query_one(SelectOverlay)
        assert marked(app, overlay) == "2"
        await pilot.press("down")
        await pilot.pause()
        assert marked(app, overlay) == "4"


@pytest.mark.parametrize("way", WAYS)
@app_test
async def test_the_library_marks_the_game_under_its_cursor(
    data_dir: Path, way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    library_files(data_dir)
    app = colourless_app(data_dir, way, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_for(lambda: isinstance(app.screen, LibraryScreen), what="the library")
        table = app.screen.query_one(DataTable)
        await wait_for(lambda: table.row_count >= 3, what="the saved games")
        await pilot.pause()
        first = marked(app, table)
        assert first.startswith(str(table.get_row_at(0)[0]).strip()[:8])
        await pilot.press("down")
        await pilot.pause()
        second = marked(app, table)
        assert second != first
        assert second.startswith(str(table.get_row_at(1)[0]).strip()[:8])


@pytest.mark.parametrize("way", WAYS)
@app_test
async def test_a_dialog_marks_its_focused_button(
    data_dir: Path, way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_autosave(martian_record(("c3-d4",)), data_dir, now=NOW)
    app = colourless_app(data_dir, way, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(lambda: isinstance(app.screen, ResumeScreen), what="the offer to resume")
        await pilot.pause()
        buttons = app.screen.query_one(".dialog-buttons")
        assert marked(app, buttons) == "Yes (y)"
        await pilot.press("tab")
        await pilot.pause()
        assert marked(app, buttons) == "No (n)"


def test_the_lobby_marks_the_highlighted_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over SSH, as a terminal without colour sees the lobby."""
    hall = make_hall(tmp_path)
    for _ in range(3):
        hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("alice"))

    async def main() -> None:
        app = NetApp(hall, PlayerIdentity("carol"), ascii_board=False)
        apply_colour_system(app, "none", SIZE)
        async with app.run_test(size=SIZE) as pilot:
            table = app.screen.query_one(RowList)
            await wait_for(lambda: table.row_count == 3, what="the three tables")
            await pilot.pause()
            numbers = [table.rows[row][0] for row in range(3)]
            assert marked(app, table).startswith(numbers[0])
            await pilot.press("j")
            await pilot.pause()
            assert marked(app, table).startswith(numbers[1])

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


@app_test
async def test_the_log_marks_its_keyboard_highlight(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In review, Tab gives the log the keys: its highlighted row shows without colour."""
    monkeypatch.setenv("NO_COLOR", "1")
    async with review_of(data_dir, branchy_record()) as (pilot, screen):
        log = screen.query_one(MoveTree)
        await pilot.press("tab")
        await pilot.pause()
        assert log.has_focus
        assert marked(pilot.app, log).startswith("4. a7-b6")
        await pilot.press("up")
        await pilot.pause()
        assert marked(pilot.app, log).startswith("wins a queen")
