"""A spectator's table screen offers only what a spectator can do: its footer and its help name
no key that would change the game (take back, type a move, select, the game's action keys),
and such a key, pressed anyway, still says why not."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_helpers import make_hall
from waiting import wait_for

from core.registry import find_game
from tui.keys import key_rows
from tui.net.app import NetApp
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.widgets.status_line import StatusLine

ALICE, BOB, CAROL = PlayerIdentity("alice"), PlayerIdentity("bob"), PlayerIdentity("carol")
#: What a spectator may do at a table, as the footer and the help name it.
SPECTATORS_KEYS = {"Flip", "Lobby", "Quit", "Keys", "Rules", "Chat"}
#: What only the table's players do.
PLAYERS_ONLY = {
    "Take back",
    "Redo",
    "Type move",
    "Select",
    "Cancel selection",
    "Unselect last square",
    "Hint",
    "Save",
    "Save as",
    "Resign",
    "Offer a draw",
}


def footer_keys(screen: TableScreen) -> set[str]:
    return {
        active.binding.description
        for active in screen.active_bindings.values()
        if active.binding.show and active.enabled
    }


@pytest.mark.parametrize("game_id", ["martian-chess", "mac", "chase"])
def test_a_spectators_footer_and_help_offer_only_what_a_spectator_can_do(
    tmp_path: Path, game_id: str
) -> None:
    game = find_game(game_id)
    hall = make_hall(tmp_path, games=[game])

    async def at_table(who: PlayerIdentity) -> tuple[set[str], set[str], str]:
        """The footer's keys, the help's rows, and what pressing u says, for ``who``."""
        app = NetApp(hall, who, ascii_board=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.open_table(table)
            await wait_for(lambda: isinstance(app.screen, TableScreen), what="the table")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            footer = footer_keys(screen)
            helped = {description for _keys, description in key_rows(screen)}
            await pilot.press("u")
            status = screen.query_one(StatusLine)
            await wait_for(lambda: "back" in status.message, what="the take back answered")
            return footer, helped, status.message

    async def main() -> None:
        footer, helped, said = await at_table(CAROL)
        assert footer <= SPECTATORS_KEYS, footer - SPECTATORS_KEYS
        assert not helped & PLAYERS_ONLY, helped & PLAYERS_ONLY
        # The game's own action keys and its mouse (a piece, then where it goes) are not hers.
        assert not any("click" in row or "Place" in row or "clock" in row for row in helped)
        assert said == "You are watching this table: only its players take moves back."
        # The players' screens still offer them.
        footer, helped, _said = await at_table(ALICE)
        assert "Take back" in footer and "Type move" in footer
        assert {"Take back", "Resign", "Offer a draw", "Select"} <= helped

    table = hall.open_table(game, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
