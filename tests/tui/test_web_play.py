"""A browser at the same tables as SSH players: a game between a browser and an SSH session,
watched from another browser, and a browser back in its seat after its tab closed."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, log_row
from test_ssh_support import run_scenario
from test_web_support import Browser, browse, serving_web
from waiting import wait_for

from tui.web.names import browser_identity

SHORT_GAME = ("clock", "b1-a1", "c8-d8", "a1-b1", "d8-c8", "b1-a1", "c8-d8", "a1-b1")


def test_a_browser_plays_an_ssh_player_and_another_browser_watches(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            alice = await browse(stack, site, "alice", "No tables yet")
            alice.press("n")
            await alice.shows("Open a table")
            alice.press("\x0f")  # ctrl+o: the defaults, alice in the first seat
            await alice.shows("You play South at table 1")

            bob = await join(stack, site.server, "bob")
            await bob.shows("alice · free")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            await alice.shows("bob sat down as North; the game begins")

            carol = await browse(stack, site, "carol", "alice · bob")
            carol.press("\r")  # no seat free: she watches
            await carol.shows("You are watching table 1")
            table = site.hall.table(1)
            assert table is not None and table.spectators == 1

            for ply, notation in enumerate(SHORT_GAME, start=1):
                mover = alice if table.record.game.to_move(table.record.state) == 0 else bob
                await mover.type_move(notation)
                row = log_row(max(ply - 1, 1), f"clock, {notation}" if ply == 2 else notation)
                shown = row if ply < len(SHORT_GAME) else f"played {notation}"
                for screen in (alice, bob, carol):
                    await screen.shows(shown)
            assert [node.notation for node in table.record.mainline()] == list(SHORT_GAME)
            for screen in (alice, bob, carol):
                await screen.shows("Game over")
            assert site.server.session_count == 3

    run_scenario(scenario, timeout=120)


def test_a_browser_comes_back_to_its_seat_with_its_cookie(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            browser = Browser(site, stack)
            status, _answer = await browser.join("alice")
            assert status == 200
            tab = await browser.open("alice")
            await tab.shows("No tables yet")
            tab.press("n")
            await tab.shows("Open a table")
            tab.press("\x0f")
            await tab.shows("You play South at table 1")
            await tab.socket.close()  # the tab is closed
            await tab.ends()

            assert (await browser.hello())["name"] == "alice"
            again = await browser.open("alice")
            await again.shows("You play South at table 1")
            table = site.hall.table(1)
            assert table is not None
            token = browser.token()
            assert token is not None
            assert table.seat_of(browser_identity(token, "alice")) == 0
            # The closed tab's session ends on its own time, the new one is there already.
            await wait_for(lambda: site.server.session_count == 1, 10.0, "one session left")

    run_scenario(scenario)
