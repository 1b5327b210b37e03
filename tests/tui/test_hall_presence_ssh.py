"""Players on two server processes of one data folder, as they see it over SSH: a player
whose session is on the other process is shown present in the lobby and in the table's player
panels, and "(away)" once their connection drops."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, serving_tables
from test_ssh_support import WAIT_TIMEOUT, run_scenario
from waiting import wait_for


def test_a_player_on_the_other_server_process_is_shown_present_until_they_drop(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            one, _ = await stack.enter_async_context(serving_tables(tmp_path))
            two, _ = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, one, "alice")
            alice.press("n")
            await alice.shows("Open a table")
            alice.press("\x0f")
            await alice.shows("You play South at table 1")
            bob = await join(stack, two, "bob")
            await bob.shows("alice · free")  # not "alice (away)": her session is on one
            bob.press("\r")
            await bob.shows("You play North at table 1")
            await alice.shows("bob sat down as North")
            # His table screen comes up on two a moment after he sat down: then he is here.
            await wait_for(
                lambda: "(away)" not in alice.text() + bob.text(), WAIT_TIMEOUT, "nobody away"
            )
            bob.drop()
            await alice.shows("bob (away)")

    run_scenario(scenario)
