"""Esc in a table's chat gives the keys back to the board: the arrows move its cursor and Enter
selects the piece under it, as before the chat opened (not the move log's rows)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from net_helpers import make_hall
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.chat_panel import ChatInput
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity

MARTIAN = find_game("martian-chess")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")


def test_esc_in_the_table_chat_returns_to_the_board(tmp_path: Path) -> None:
    hall = make_hall(tmp_path, games=[MARTIAN])
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)

    async def main() -> None:
        app = NetApp(hall, ALICE, ascii_board=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(lambda: isinstance(app.screen, TableScreen), what="alice's table")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await pilot.pause()
            await pilot.press("tab")
            await wait_for(lambda: isinstance(app.focused, ChatInput), what="the chat's line")
            await pilot.press("escape")
            await wait_for(lambda: not isinstance(app.focused, ChatInput), what="the chat left")
            start = screen.cursor
            await pilot.press("up")
            await wait_for(lambda: screen.cursor != start, what="the board's cursor to move")
            square = screen.cursor
            await pilot.press("enter")
            await wait_for(lambda: screen.selection == (square,), what="the piece selected")

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
