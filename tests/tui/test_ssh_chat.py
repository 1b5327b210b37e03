"""Chat over real SSH on loopback: a line typed in one player's lobby shows on another's
terminal with the speaker's name, markup in it shown as typed; at a table a spectator's line
reaches the player, and the player's own line the spectator; a line over the rate limit is
refused in one sentence."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import TYPING_PAUSE, join, serving_tables
from test_ssh_support import run_scenario

OPEN_LINE = "Enter says it, Esc leaves"


async def say(seat, key: str, text: str) -> None:  # type: ignore[no-untyped-def]
    """Open the chat line with ``key``, wait for it as a person would, type and send."""
    seat.press(key)
    await seat.shows(OPEN_LINE)
    await asyncio.sleep(TYPING_PAUSE)
    seat.press(text + "\r")


def test_chat_in_the_lobby_and_at_a_table_over_ssh(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, _hall = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, server, "alice")
            bob = await join(stack, server, "bob")
            await say(alice, "c", "[bold red]hi[/] bob")
            await bob.shows("alice: [bold red]hi[/] bob")
            await alice.shows("alice: [bold red]hi[/] bob")

            await alice.escape()
            alice.press("n")
            await alice.shows("Open a table")
            alice.press("\x0f")
            await alice.shows("You play South at table 1")
            await bob.shows("alice · free")
            bob.press("w")
            await bob.shows("You are watching table 1")
            await say(bob, "\t", "good luck")
            await alice.shows("bob: good luck")
            await say(alice, "\t", "thanks")
            await bob.shows("alice: thanks")
            for number in range(4):
                bob.press(f"more {number}\r")
                await bob.shows(f"bob: more {number}")
            bob.press("one too many\r")
            await bob.shows("You may send 5 lines in 10")
            assert "one too many" not in alice.text()

    run_scenario(scenario)
