"""Rated tables over SSH: the new-table form offers Rated only where players log in with keys,
the lobby lists a rated table as rated, and when its game ends both players' ratings change
once and each player's game-over dialog says how."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from pathlib import Path

import asyncssh
from net_helpers import join, make_hall, serving_tables
from test_hall_filing import SHORT_GAME
from test_ssh_support import run_scenario
from waiting import wait_for

from core.registry import find_game
from saves.store.sqlite_players import SqlitePlayerStore
from tui.net.app import NetApp
from tui.net.new_table import RATED_ID, NewTableScreen
from tui.play.identity import PlayerIdentity
from tui.play.table import Table

MARTIAN = find_game("martian-chess")
#: From the game's field: Players, Clock, First player, Time control, then Rated.
TABS_TO_RATED = 5


def opened_table(tmp_path: Path, rated_tables: bool, keys: tuple[str, ...]) -> Table | None:
    """Dave opens a table from the form, pressing ``keys`` on it first; the table opened."""
    hall = make_hall(tmp_path, games=[MARTIAN])
    hall.rated_tables = rated_tables
    opened: list[Table | None] = []

    async def main() -> None:
        app = NetApp(hall, PlayerIdentity("dave", "SHA256:dave"), ascii_board=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await wait_for(lambda: isinstance(app.screen, NewTableScreen), what="the form")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewTableScreen)
            assert bool(screen.query(f"#{RATED_ID}")) == rated_tables
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            await pilot.press("ctrl+o")
            await wait_for(lambda: hall.table(1) is not None, what="the table")
            opened.append(hall.table(1))

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
    return opened[0]


def test_the_form_opens_a_rated_table_when_rated_is_chosen(tmp_path: Path) -> None:
    keys = ("tab",) * TABS_TO_RATED + ("enter", "down", "enter")
    table = opened_table(tmp_path, True, keys)
    assert table is not None and table.record.tags.get("Rated") == "yes"


def test_a_table_is_casual_unless_rated_is_chosen(tmp_path: Path) -> None:
    table = opened_table(tmp_path, True, ())
    assert table is not None and "Rated" not in table.record.tags


def test_without_keys_the_form_offers_no_rated_row(tmp_path: Path) -> None:
    table = opened_table(tmp_path, False, ())
    assert table is not None and "Rated" not in table.record.tags


def test_a_rated_game_over_ssh_changes_both_ratings_and_says_so(tmp_path: Path) -> None:
    alice_key = asyncssh.generate_private_key("ssh-ed25519")
    bob_key = asyncssh.generate_private_key("ssh-ed25519")
    hall = make_hall(tmp_path)
    hall.rated_tables = True  # as pawnshop serve sets it under --auth publickey

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, _ = await stack.enter_async_context(
                serving_tables(tmp_path, hall, auth="publickey")
            )
            alice = await join(stack, server, "alice", key=alice_key)
            alice.press("n")
            await alice.shows("Rated")
            alice.press("\t" * TABS_TO_RATED)
            alice.press("\r")
            await alice.shows("yes")
            alice.press("\x1b[B\r")
            await alice.shows("yes")
            alice.press("\x0f")
            await alice.shows("You play South at table 1")
            bob = await join(stack, server, "bob", key=bob_key)
            await bob.shows("Martian Chess rated")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            table = hall.table(1)
            assert table is not None
            for notation in SHORT_GAME:
                mover = alice if table.record.game.to_move(table.record.state) == 0 else bob
                await mover.type_move(notation)
                await wait_for(lambda n=notation: table.record.current.notation == n)
            for screen in (alice, bob):
                await screen.shows("Game over")
                await screen.shows("Ratings: alice 1500 → 1500, bob 1500 → 1500.")  # a draw
            with SqlitePlayerStore(tmp_path) as players:
                rated = players.ratings(MARTIAN.id)
            keys = {alice_key.get_fingerprint("sha256"), bob_key.get_fingerprint("sha256")}
            assert {stored.key for stored in rated} == keys
            assert [stored.games for stored in rated] == [1, 1]

    run_scenario(scenario)
