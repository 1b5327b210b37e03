"""Chase at a table over SSH: Chase's own board (tiles with their exits, the stack, the debts)
and its action keys, with the table's rule that only the player to move acts."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from net_helpers import make_hall
from textual.pilot import Pilot
from tui_helpers import board_screen, cursor_to, square

from core.games.chase.moves import Place
from core.registry import find_game
from tui.net.app import NetApp
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.screens.input_modes.chase import ChaseMode
from tui.widgets.board import BoardWidget
from tui.widgets.chase_board import ChaseBoardWidget
from tui.widgets.chase_panels import DebtPanel, TileStackPanel
from tui.widgets.status_line import StatusLine

CHASE = find_game("chase")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")
SIZE = (80, 24)

Visit = Callable[[NetApp, Pilot[Any]], Awaitable[None]]


def chase_table(tmp_path: Path) -> tuple[TableHall, Table]:
    hall = make_hall(tmp_path)
    table = hall.open_table(CHASE, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    return hall, table


def visit(hall: TableHall, *visits: tuple[PlayerIdentity, Visit]) -> None:
    """Each player in turn opens the table from the lobby, on a terminal of 80x24, and acts."""

    async def main() -> None:
        for player, act in visits:
            app = NetApp(hall, player, ascii_board=False)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, TableScreen)
                assert isinstance(app.screen.mode, ChaseMode)
                await act(app, pilot)

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


def status(app: NetApp) -> str:
    return app.screen.query_one(StatusLine).message


def test_a_tile_is_placed_by_keys_and_shows_on_the_other_board(tmp_path: Path) -> None:
    hall, table = chase_table(tmp_path)

    async def alice_places(app: NetApp, pilot: Pilot[Any]) -> None:
        screen = board_screen(app)
        board = screen.query_one(BoardWidget)
        assert isinstance(board, ChaseBoardWidget)
        tiles = screen.query_one(TileStackPanel).tiles
        assert [kind.letter for kind in tiles] == table_deck(table)
        # The whole board fits beside the panels at 80 columns: h1 is drawn inside it.
        h1 = board.square_region(square(CHASE, screen.record, "h1"))
        assert board.content_region.contains_region(h1.translate(board.region.offset))
        await pilot.press("t")
        await cursor_to(pilot, "a2")
        await pilot.press("enter", "r", "enter")
        await pilot.pause()
        assert isinstance(table.record.current.move, Place)
        assert table.record.current.notation.startswith("T:a2=")

    async def bob_sees_it(app: NetApp, pilot: Pilot[Any]) -> None:
        screen = board_screen(app)
        a2 = screen.query_one(BoardWidget).view.cells[square(CHASE, screen.record, "a2")]
        assert "exits:" in a2.mark
        assert screen.query_one(DebtPanel).sentences == ()
        assert len(screen.query_one(TileStackPanel).tiles) == 5

    visit(hall, (ALICE, alice_places), (BOB, bob_sees_it))


def table_deck(table: Table) -> list[str]:
    from core.games.chase.tiles import DECK

    return [DECK[kind].letter for kind in table.record.state.deck[:5]]


def test_only_the_player_to_move_starts_an_action(tmp_path: Path) -> None:
    hall, table = chase_table(tmp_path)

    async def bob_tries(app: NetApp, pilot: Pilot[Any]) -> None:
        screen = board_screen(app)
        assert isinstance(screen, TableScreen) and isinstance(screen.mode, ChaseMode)
        for key in "tgxp":
            await pilot.press(key)
            assert screen.mode.action == ""
            assert status(app) == "It is alice (South)'s turn, not yours."
        assert table.record.current.ply == 0

    visit(hall, (BOB, bob_tries))
