"""Over real SSH with keys: ratings beside the names in the lobby and in the panels, resigning
a rated game with a confirmation (the result, the reason "resigned" and the rating change on
every screen, a spectator's too), and the tables where it is the player's move listed first,
``m`` going to the next of them."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

import asyncssh
from net_helpers import join, make_hall, serving_tables
from test_net_rated_tables import TABS_TO_RATED
from test_ssh_support import run_scenario
from waiting import wait_for

from core.registry import find_game
from saves.store.sqlite_players import SqlitePlayerStore
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity

MARTIAN = find_game("martian-chess")
RATED_5_3 = {"TimeControl": "300+3", "Rated": "yes"}


def keys(count: int) -> list[asyncssh.SSHKey]:
    return [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]


async def open_rated_table(seat) -> None:  # type: ignore[no-untyped-def]
    seat.press("n")
    await seat.shows("Rated")
    seat.press("\t" * TABS_TO_RATED)
    seat.press("\r")
    await seat.shows("yes")
    seat.press("\x1b[B\r")
    await seat.shows("yes")
    seat.press("\x0f")


def test_ratings_show_beside_names_and_a_resigned_rated_game_changes_them(
    tmp_path: Path,
) -> None:
    alice_key, bob_key, carol_key = keys(3)
    hall = make_hall(tmp_path)
    hall.rated_tables = True

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, _ = await stack.enter_async_context(
                serving_tables(tmp_path, hall, auth="publickey")
            )
            alice = await join(stack, server, "alice", key=alice_key)
            await open_rated_table(alice)
            await alice.shows("You play South at table 1")
            await alice.shows("alice 1500?")  # her own panel
            bob = await join(stack, server, "bob", key=bob_key)
            await bob.shows("alice 1500? · free")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            await alice.shows("bob 1500?")
            carol = await join(stack, server, "carol", key=carol_key)
            # At 80 columns the names are cut to fit; both seats taken, South is to move.
            await carol.shows("alice 1500? ·")
            await carol.shows("South to move")
            carol.press("w")
            await carol.shows("You are watching table 1")

            alice.press("\x12")  # ctrl+r
            await alice.shows("Give this game up?")
            alice.press("n")
            await wait_for(lambda: "Give this game up?" not in alice.text(), what="no dialog")
            table = hall.table(1)
            assert table is not None and not table.finished
            alice.press("\x12")
            await alice.shows("Give this game up?")
            alice.press("y")
            for screen in (alice, bob, carol):
                await screen.shows("Game over")
                await screen.shows("South resigned")
            for screen in (alice, bob):
                await screen.shows("Ratings: alice 1500 → 1338, bob 1500 → 1662.")
            with SqlitePlayerStore(tmp_path) as players:
                rated = players.ratings(table.record.game.id)
            assert [stored.games for stored in rated] == [1, 1]
            assert table.filed_as is not None and "resigned" in table.filed_as.read_text()
            bob.press("n")  # to the lobby, where a new table shows his new rating
            await bob.shows("tables on this server")
            bob.press("n")
            await bob.shows("Open a table")
            bob.press("\x0f")
            await bob.shows("bob 1662?")

    run_scenario(scenario)


def test_the_tables_where_it_is_your_move_come_first_and_m_goes_to_the_next(
    tmp_path: Path,
) -> None:
    alice_key, bob_key = keys(2)
    alice_id = PlayerIdentity("alice", alice_key.get_fingerprint("sha256"))
    bob_id = PlayerIdentity("bob", bob_key.get_fingerprint("sha256"))

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(
                serving_tables(tmp_path, auth="publickey")
            )
            # bob is South (to move) at table 1, alice at tables 2 and 3; the other sits
            for opener, sitter in ((bob_id, alice_id), (alice_id, bob_id), (alice_id, bob_id)):
                table = hall.open_table(MARTIAN, {}, [ME, OPEN], opener, {"TimeControl": "3d"})
                table.sit(sitter, 1)
            alice = await join(stack, server, "alice", key=alice_key)
            await alice.shows("your move")
            lines = [line for line in alice.text().split("\n") if "Martian Chess 3d" in line]
            assert [line.split()[0] for line in lines] == ["2", "3", "1"]
            assert "your move" in lines[0] and "your move" in lines[1]
            assert "your move" not in lines[2]
            alice.press("m")
            await alice.shows("You play South at table 2")
            alice.press("m")
            await alice.shows("You play South at table 3")
            alice.press("m")
            await alice.shows("You play South at table 2")
            await alice.type_move("b3-a4")
            await alice.shows("played b3-a4")
            alice.press("m")
            await alice.shows("You play South at table 3")
            alice.press("m")
            await alice.shows("No other table waits for your move.")

    run_scenario(scenario)


def test_a_rematch_over_ssh_swaps_the_seats_and_the_spectator_follows(tmp_path: Path) -> None:
    alice_key, bob_key, carol_key = keys(3)
    hall = make_hall(tmp_path)
    hall.rated_tables = True

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, _ = await stack.enter_async_context(
                serving_tables(tmp_path, hall, auth="publickey")
            )
            alice_id = PlayerIdentity("alice", alice_key.get_fingerprint("sha256"))
            hall.open_table(MARTIAN, {}, [ME, OPEN], alice_id, RATED_5_3)
            alice = await join(stack, server, "alice", key=alice_key, wait="South at table 1")
            bob = await join(stack, server, "bob", key=bob_key)
            await bob.shows("alice 1500? ·")  # at 80 columns the names are cut to fit
            bob.press("\r")
            await bob.shows("You play North at table 1")
            carol = await join(stack, server, "carol", key=carol_key)
            # At 80 columns the names are cut to fit; both seats taken, South is to move.
            await carol.shows("alice 1500? ·")
            await carol.shows("South to move")
            carol.press("w")
            await carol.shows("You are watching table 1")
            await alice.type_move("b3-a4")
            await bob.shows("played b3-a4")
            bob.press("\x12")
            await bob.shows("Give this game up?")
            bob.press("y")
            for screen in (alice, bob, carol):
                await screen.shows("North resigned")
            await alice.shows("m: ask for a rematch")
            await alice.shows("m Rematch")  # in the footer too
            assert "rematch" not in carol.text().lower()  # a spectator has none to ask for
            alice.press("m")
            await alice.shows("You asked for a rematch")
            await bob.shows("asks for a rematch: m to accept")
            bob.press("m")
            await alice.shows("You play North at table 2")
            await bob.shows("You play South at table 2")
            await carol.shows("You are watching table 2")
            again = hall.table(2)
            assert again is not None and again.started and not again.finished
            assert again.record.players == ["bob", "alice"]
            assert {name: again.record.tags.get(name) for name in RATED_5_3} == RATED_5_3
            clocks = again.clocks
            assert clocks is not None and clocks.control.text == "5+3"
            await carol.shows("5:00")
            await bob.type_move("b3-a4")
            await carol.shows("played b3-a4")

    run_scenario(scenario)


def test_a_draw_offered_over_ssh_is_asked_and_when_accepted_ends_the_game(
    tmp_path: Path,
) -> None:
    alice_key, bob_key = keys(2)

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(
                serving_tables(tmp_path, auth="publickey")
            )
            alice_id = PlayerIdentity("alice", alice_key.get_fingerprint("sha256"))
            hall.open_table(MARTIAN, {}, [ME, OPEN], alice_id)
            alice = await join(stack, server, "alice", key=alice_key, wait="South at table 1")
            bob = await join(stack, server, "bob", key=bob_key)
            bob.press("\r")
            await bob.shows("You play North at table 1")
            alice.press("D")
            await bob.shows("alice (South) offers a draw. Accept it?")
            bob.press("n")
            await alice.shows("bob (North) declines the draw")
            table = hall.table(1)
            assert table is not None and not table.finished
            bob.press("D")
            await alice.shows("bob (North) offers a draw. Accept it?")
            alice.press("y")
            for screen in (alice, bob):
                await screen.shows("Game over")
                await screen.shows("drawn by agreement")
            outcome = table.record.outcome()
            assert outcome is not None and outcome.is_draw

    run_scenario(scenario)
