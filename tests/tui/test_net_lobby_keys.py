"""The lobby's list moves with `j`/`k` as the board does, Enter joins the highlighted table,
and `?` names the lobby's keys in the app's words, with `?` and F1 in the footer at 80x24."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from drawn_text import drawn
from net_helpers import make_hall
from textual.pilot import Pilot
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.lobby import LobbyScreen
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.screens.help import HelpScreen
from tui.widgets.row_list import RowList

MARTIAN = find_game("martian-chess")
ALICE, CAROL = PlayerIdentity("alice"), PlayerIdentity("carol")
SIZE = (80, 24)

Scenario = Callable[[NetApp, TableHall, Pilot[Any]], Awaitable[None]]


def run(tmp_path: Path, scenario: Scenario) -> None:
    """Carol in the lobby of a hall with three tables alice opened, each with a free seat."""
    hall = make_hall(tmp_path)
    for _ in range(3):
        hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)

    async def main() -> None:
        app = NetApp(hall, CAROL, ascii_board=False)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(lambda: len(lobby(app).numbers) == 3, what="the three tables")
            await scenario(app, hall, pilot)

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


def lobby(app: NetApp) -> LobbyScreen:
    screen = app.screen_stack[0]
    assert isinstance(screen, LobbyScreen)
    return screen


def test_j_and_k_move_through_the_tables_and_enter_sits_down(tmp_path: Path) -> None:
    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        tables = [table.number for table in hall.listed()]
        await pilot.press("j", "j")
        assert lobby(app).highlighted().number == tables[2]  # type: ignore[union-attr]
        await pilot.press("k")
        assert lobby(app).highlighted().number == tables[1]  # type: ignore[union-attr]
        await pilot.press("enter")
        await wait_for(lambda: isinstance(app.screen, TableScreen), what="the table")
        assert hall.table(tables[1]).seat_of(CAROL) == 1

    run(tmp_path, scenario)


def test_the_lobbys_help_names_its_keys_in_the_apps_words(tmp_path: Path) -> None:
    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        await pilot.press("question_mark")
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        rows = {description: keys for keys, description in screen.rows}
        assert rows["Down"] == "j ↓" and rows["Up"] == "k ↑"
        assert rows["Join the table"] == "⏎" and rows["Watch"] == "w"
        described = {
            binding.description  # type: ignore[union-attr]
            for owner in (LobbyScreen, RowList, NetApp)
            for binding in owner.BINDINGS
        }
        lobby = app.screen_stack[-2]
        assert isinstance(lobby, LobbyScreen)
        notes = {description for _, description in lobby.help_extra()}  # not keys: words
        # no "Focus Next", "Copy selected text", "Page Left"
        assert set(rows) <= described | notes

    run(tmp_path, scenario)


def test_the_lobbys_footer_shows_j_k_and_the_help_at_80_columns(tmp_path: Path) -> None:
    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        await wait_for(lambda: "Keys" in drawn(app).lines[-1], what="the footer")
        footer = drawn(app).lines[-1]
        assert "j k Down/up" in footer
        assert footer.rstrip().endswith("? Keys  F1 Rules")

    run(tmp_path, scenario)


def test_the_side_arrows_scroll_a_list_wider_than_the_screen(tmp_path: Path) -> None:
    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        table = app.screen.query_one(RowList)
        table.show([("1", "x" * 200, "", "", "", "")])  # wider than the 80 columns
        await wait_for(lambda: table.max_scroll_x > 0, what="the table to be wider")
        await pilot.press("right", "right")
        await wait_for(lambda: table.scroll_x > 0, what="the table to scroll right")
        await pilot.press("left", "left")
        await wait_for(lambda: table.scroll_x == 0, what="the table to scroll back")

    run(tmp_path, scenario)
