"""A player whose connection drops gets the same seat back on reconnecting, over real SSH: by
name without authentication, by key (and only by key) with publickey authentication."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

import asyncssh
from net_helpers import join, log_row, refused, serving_tables
from test_ssh_support import run_scenario

from core.registry import find_game
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity

MARTIAN = find_game("martian-chess")


def test_a_dropped_player_takes_the_seat_back_with_the_same_name(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            table = hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("alice"))
            alice = await join(stack, server, "alice", wait="You play South")
            bob = await join(stack, server, "bob")
            bob.press("\r")
            await bob.shows("You play North")
            await alice.type_move("b1-a1")
            await bob.shows(log_row(1, "b1-a1"))

            bob.drop()
            await alice.shows("bob (away)")
            assert not table.is_present(1)

            again = await join(stack, server, "bob", wait="You play North at table 1")
            await alice.shows("bob (North)")
            await again.shows(log_row(1, "b1-a1"))
            await again.type_move("c8-d8")
            await alice.shows(log_row(2, "c8-d8"))
            assert [node.notation for node in table.record.mainline()] == ["b1-a1", "c8-d8"]

    run_scenario(scenario)


def test_with_keys_the_seat_follows_the_key_not_the_name(tmp_path: Path) -> None:
    alice_key, bob_key, other_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in "abc")

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(
                serving_tables(tmp_path, auth="publickey")
            )
            alice = await join(stack, server, "alice", key=alice_key)
            alice.press("n")
            await alice.shows("Open a table")
            alice.press("\x0f")
            await alice.shows("You play South at table 1")
            bob = await join(stack, server, "bob", key=bob_key)
            bob.press("\r")
            await bob.shows("You play North at table 1")
            bob.drop()
            await alice.shows("bob (away)")

            # Someone else cannot call themselves bob (another key holds the name); under a
            # name of their own they land in the lobby, and can only watch.
            refusal = await refused(stack, server, "bob", client_keys=[other_key])
            assert "The name bob belongs to another player's SSH key" in refusal
            impostor = await join(stack, server, "mallory", key=other_key)
            await impostor.shows("alice · bob (away)")
            impostor.press("\r")
            await impostor.shows("You are watching table 1")
            await impostor.type_move("c8-d8")
            await impostor.shows("You are watching this table: only its players move.")

            again = await join(stack, server, "bob", key=bob_key, wait="You play North at table 1")
            await alice.type_move("b1-a1")
            await again.shows(log_row(1, "b1-a1"))
            await again.type_move("c8-d8")
            await alice.shows(log_row(2, "c8-d8"))
            table = hall.table(1)
            assert table is not None
            assert table.holders[1] is not None
            assert table.holders[1].identity == bob_key.get_fingerprint("sha256")

    run_scenario(scenario)
