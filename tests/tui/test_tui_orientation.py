"""Which way up the board is drawn: a person playing alone at a screen (against computers, or
at a table over SSH) has their own side at the bottom; hot-seat games and games between
computers keep the first seat at the bottom. ``f`` turns the board either way."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from computer_helpers import against_computers
from net_helpers import make_hall
from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    click_square,
    make_app,
    square,
)

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.widgets.board import BoardWidget

MARTIAN = find_game("martian-chess")


def flipped(app: Any) -> bool:
    return board_screen(app).query_one(BoardWidget).flipped


@pytest.mark.parametrize(
    ("computers", "turned"),
    [
        ({}, False),  # hot-seat: the first seat at the bottom
        ({1: "easy"}, False),  # the person plays the first seat
        ({0: "easy"}, True),  # the person plays the second seat: their side at the bottom
    ],
)
@app_test
async def test_the_one_person_at_the_screen_has_their_side_at_the_bottom(
    data_dir: Path, computers: dict[int, str], turned: bool
) -> None:
    app = make_app(data_dir, record=against_computers(computers))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert flipped(app) is turned
        board = board_screen(app).query_one(BoardWidget)
        a1, a8 = (square(MARTIAN, board_screen(app).record, name) for name in ("a1", "a8"))
        a8_below_a1 = board.square_click_offset(a8).y > board.square_click_offset(a1).y
        assert a8_below_a1 is turned
        await pilot.press("f")
        assert flipped(app) is not turned


@app_test
async def test_computers_only_keep_the_first_seat_at_the_bottom(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({0: "easy", 1: "easy"}))
    async with app.run_test(size=SIZE):
        # Looked at as soon as it is shown: two computers may finish the game in a moment.
        assert not flipped(app)


def test_at_a_table_each_player_has_their_own_side_at_the_bottom(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    alice, bob, carol = (PlayerIdentity(name) for name in ("alice", "bob", "carol"))
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], alice)
    table.sit(bob, 1)

    async def sees_table_flipped(player: PlayerIdentity, watch: bool = False) -> bool:
        app = NetApp(hall, player, ascii_board=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pilot.press("w" if watch else "enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if player is bob:  # and a click lands where the square is drawn
                await click_square(pilot, "b7")
                assert screen.cursor == square(MARTIAN, screen.record, "b7")
            return screen.query_one(BoardWidget).flipped

    async def main() -> None:
        assert not await sees_table_flipped(alice)
        assert await sees_table_flipped(bob)
        assert not await sees_table_flipped(carol, watch=True)

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
