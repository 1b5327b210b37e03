"""Mutes last the whole session over real SSH: a person muted in the lobby stays hidden in
the chat of every table the viewer then opens, until ``/unmute``; ``/mutes`` lists them."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, serving_tables
from test_ssh_chat import say
from test_ssh_support import run_scenario


def test_a_mute_said_in_the_lobby_holds_at_a_table_until_unmuted(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, _hall = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, server, "alice")
            bob = await join(stack, server, "bob")
            await say(bob, "c", "/mute alice")
            await bob.shows("alice is muted")
            await bob.escape()

            alice.press("n")
            await alice.shows("Open a table")
            alice.press("\x0f")
            await alice.shows("You play South at table 1")
            await bob.shows("alice · free")
            bob.press("w")
            await bob.shows("You are watching table 1")
            await say(alice, "\t", "hidden from bob")
            await alice.shows("alice: hidden from bob")
            await say(bob, "\t", "anyone there")
            await bob.shows("bob: anyone there")
            await alice.shows("bob: anyone there")
            assert "hidden from bob" not in bob.text()

            bob.press("/mutes\r")
            await bob.shows("Muted: alice.")
            bob.press("/unmute alice\r")
            await bob.shows("alice is no longer muted.")
            await bob.shows("alice: hidden from bob")
            bob.press("/mutes\r")
            await bob.shows("You have muted nobody.")

    run_scenario(scenario)
