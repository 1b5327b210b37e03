"""The help of the lobby and of a table names the keys of online play: the next table awaiting
your move, resigning, a draw, a rematch once the game is over, and says what the ratings
beside names are and how mutes last."""

from __future__ import annotations

import asyncio
from pathlib import Path

from net_helpers import make_hall
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.screens.help import HelpScreen

MARTIAN = find_game("martian-chess")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")


def help_rows(app: NetApp) -> dict[str, str]:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return {description: keys for keys, description in screen.rows}


def test_the_help_names_the_keys_of_online_play(tmp_path: Path) -> None:
    hall = make_hall(tmp_path, games=[MARTIAN])

    async def main() -> None:
        app = NetApp(hall, ALICE, ascii_board=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await wait_for(lambda: isinstance(app.screen, HelpScreen), what="the lobby's help")
            rows = help_rows(app)
            assert rows["Next table awaiting your move"] == "m"
            assert any("1500?" in description for description in rows)
            assert any("/mutes" in description for description in rows)
            await pilot.press("escape")
            table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
            table.sit(BOB, 1)
            app.open_table(table)
            await wait_for(lambda: isinstance(app.screen, TableScreen), what="the table")
            await pilot.pause()
            await pilot.press("question_mark")
            await wait_for(lambda: isinstance(app.screen, HelpScreen), what="the table's help")
            rows = help_rows(app)
            assert rows["Resign"] == "^r"
            assert rows["Offer a draw"] == "D"
            assert "Rematch" not in rows  # only once the game is over
            assert rows["Next table awaiting your move"] == "m"

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
