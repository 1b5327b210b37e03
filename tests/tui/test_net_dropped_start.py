"""A connection that drops while a table's screen or the lobby is starting ends its session
quietly, over real SSH: the table's chat panel is composed with its screen, never mounted into
a container that the closing session never mounted."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import LOBBY, join, serving_tables
from test_ssh_support import run_scenario
from waiting import wait_for

from core.registry import find_game
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity

MARTIAN = find_game("martian-chess")
#: Seconds between sitting (or connecting straight to one's table) and the connection dropping:
#: the table's screen is starting in each of them.
DROPS = (0.001, 0.01, 0.02, 0.03, 0.04, 0.05, 0.07)


def test_a_connection_dropped_while_the_table_screen_starts_ends_quietly(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("alice"))
            await join(stack, server, "alice", wait="You play South")
            for visit_number, delay in enumerate(DROPS):
                async with AsyncExitStack() as visit:
                    # The first time bob sits from the lobby; after that his dropped session
                    # comes back straight to his table's screen.
                    bob = await join(visit, server, "bob", wait="" if visit_number else LOBBY)
                    bob.press("\r")
                    await asyncio.sleep(delay)
                    bob.drop()
                await wait_for(lambda: server.session_count == 1, what="bob's session to end")
            # Carol, new here, drops while her lobby starts.
            for delay in DROPS:
                async with AsyncExitStack() as visit:
                    carol = await join(visit, server, "carol", wait="")
                    await asyncio.sleep(delay)
                    carol.drop()
                await wait_for(lambda: server.session_count == 1, what="carol's session to end")
            bob = await join(stack, server, "bob", wait="You play North at table 1")
            log = (tmp_path / "ssh-server.log").read_text()
            assert " ERROR " not in log and "Traceback" not in log, log

    run_scenario(scenario)
