"""A table follows the game's phases as a board at one keyboard does: the placement screen
(the hand, its keys, auto-place) while pieces are placed, then the board (with MAC's power
tokens when they are on), and back again when a takeback returns to the placement."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from net_helpers import make_hall
from textual.pilot import Pilot
from tui_helpers import board_screen, cursor_to

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.screens.input_modes.base import InputMode
from tui.screens.input_modes.moves import MovesMode
from tui.screens.input_modes.placement import PlacementMode, random_placements
from tui.screens.input_modes.tokens import TokenMode
from tui.widgets.board import BoardWidget
from tui.widgets.status_line import StatusLine
from tui.widgets.tray import TrayWidget

MAC = find_game("mac")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")
SIZE = (80, 24)
PLAYERS = (ALICE, BOB)


def mac_table(tmp_path: Path, tokens: str) -> tuple[TableHall, Table]:
    hall = make_hall(tmp_path)
    table = hall.open_table(MAC, {"tokens": tokens}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    return hall, table


def mover(table: Table) -> PlayerIdentity:
    return PLAYERS[MAC.to_move(table.record.state)]


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()


async def to_the_table(pilot: Pilot[Any]) -> None:
    """From the lobby to the one table, as the player presses Enter."""
    await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)


def run(coroutine: Any, hall: TableHall) -> None:
    try:
        asyncio.run(asyncio.wait_for(coroutine, 90))
    finally:
        hall.close()


def in_mode(screen: object, mode: type[InputMode]) -> bool:
    """Whether ``screen`` is a table's screen in the input mode ``mode``."""
    return isinstance(screen, TableScreen) and type(screen.mode) is mode


def test_placing_by_keys_then_auto_place_then_the_token_board(tmp_path: Path) -> None:
    hall, table = mac_table(tmp_path, "on")
    first, second = mover(table), PLAYERS[1 - MAC.to_move(table.record.state)]

    async def main() -> None:
        first_app = NetApp(hall, first, ascii_board=False)
        second_app = NetApp(hall, second, ascii_board=False)
        async with first_app.run_test(size=SIZE) as one, second_app.run_test(size=SIZE) as two:
            for pilot in (one, two):
                await to_the_table(pilot)
            screen = board_screen(first_app)
            assert in_mode(screen, PlacementMode)
            assert screen.query_one("#tray", TrayWidget).items
            # The second player turns auto-place on before their turn: nothing is placed yet.
            await two.press("a")
            await settle(two)
            assert table.record.current.ply == 0
            # The first player places a 5 by its key, on a square of their own half.
            await one.press("5")
            target = sorted(screen.query_one(BoardWidget).targets)[0]
            await cursor_to(one, screen.builder.name(target))
            await one.press("enter")
            await settle(one)
            await settle(two)
            # The first placement, then the second player's at random, came at once.
            notations = [node.notation for node in table.record.line()]
            assert len(notations) == 2
            assert notations[0] == f"5@{screen.builder.name(target)}"
            # The first player finishes by auto-place too; the placement ends on both boards.
            await one.press("a")
            for _ in range(60):
                await settle(one)
                await settle(two)
                if MAC.phase(table.record.state) != "placement":
                    break
            assert MAC.phase(table.record.state) != "placement"
            await settle(one)
            await settle(two)
            last = table.record.current.notation
            for app in (first_app, second_app):
                assert in_mode(app.screen, TokenMode)
                # The board's new mode opens with the news of the last placement, not a welcome.
                assert app.screen.query_one(StatusLine).message.endswith(f" played {last}")

    run(main(), hall)


def test_token_keys_refuse_a_player_whose_turn_it_is_not(tmp_path: Path) -> None:
    hall, table = mac_table(tmp_path, "on")
    state = table.record.state
    for move in random_placements(MAC, state, random.Random(3)):
        table.play(mover(table), move)
    waiting = PLAYERS[1 - MAC.to_move(table.record.state)]

    async def main() -> None:
        app = NetApp(hall, waiting, ascii_board=False)
        async with app.run_test(size=SIZE) as pilot:
            await to_the_table(pilot)
            screen = board_screen(app)
            assert in_mode(screen, TokenMode)
            for key in ("d", "p", "e", "plus"):
                await pilot.press(key)
                assert isinstance(screen.mode, TokenMode) and screen.mode.token is None
                assert "turn, not yours" in screen.query_one(StatusLine).message

    run(main(), hall)


def test_without_tokens_the_board_after_placement_is_the_plain_one(tmp_path: Path) -> None:
    hall, table = mac_table(tmp_path, "off")
    for move in random_placements(MAC, table.record.state, random.Random(4)):
        table.play(mover(table), move)

    async def main() -> None:
        app = NetApp(hall, ALICE, ascii_board=False)
        async with app.run_test(size=SIZE) as pilot:
            await to_the_table(pilot)
            assert in_mode(app.screen, MovesMode)

    run(main(), hall)


def test_a_takeback_into_the_placement_brings_the_placement_screen_back(tmp_path: Path) -> None:
    hall, table = mac_table(tmp_path, "on")
    for move in random_placements(MAC, table.record.state, random.Random(5)):
        table.play(mover(table), move)
    last = PLAYERS[1 - MAC.to_move(table.record.state)]  # who placed the last piece

    async def main() -> None:
        app = NetApp(hall, last, ascii_board=False)
        async with app.run_test(size=SIZE) as pilot:
            await to_the_table(pilot)
            assert in_mode(app.screen, TokenMode)
            await pilot.press("u")  # ask to take the last placement back
            await settle(pilot)
            other = PLAYERS[1 - PLAYERS.index(last)]
            table.answer_takeback(other, True)
            await settle(pilot)
            assert MAC.phase(table.record.state) == "placement"
            assert in_mode(app.screen, PlacementMode)
            assert MAC.to_move(table.record.state) == PLAYERS.index(last)

    run(main(), hall)
