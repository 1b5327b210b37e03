"""Names in a browser: held by the browser that took one first (its cookie), never by another
browser typing it, and never taken from a player who plays under it with an SSH key."""

from __future__ import annotations

import sqlite3
from contextlib import AsyncExitStack, closing
from pathlib import Path

import asyncssh
from net_helpers import LOBBY, join
from test_ssh_support import run_scenario
from test_web_support import Browser, serving_web
from waiting import wait_for

from tui.web.names import FILE_NAME, HELD_BY_BROWSER, HELD_BY_KEY, NO_NAME
from tui.web.server import NOT_JOINED


def test_a_second_browser_cannot_take_a_held_name(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            first = Browser(site, stack)
            assert (await first.join("alice"))[0] == 200
            tab = await first.open("alice")
            await tab.shows(LOBBY)

            second = Browser(site, stack)
            for typed in ("alice", "ALICE", "ａｌｉｃｅ"):  # case and full-width forms fold
                assert await second.join(typed) == (409, {"error": HELD_BY_BROWSER})
            # Nor through the WebSocket, with a cookie of its own or none.
            assert (await second.join("bob"))[0] == 200
            stolen = await second.open("alice")
            await stolen.ends()
            assert HELD_BY_BROWSER in stolen.text()
            bare = Browser(site, stack)
            await (await bare.open("alice")).ends()
            assert site.server.session_count == 1
            # The first browser keeps its name across tabs and server restarts (the file).
            assert (await first.join("Alice"))[0] == 200
            assert (await first.hello())["name"] == "Alice"

    run_scenario(scenario)


def test_a_tab_without_a_name_is_told_to_choose_one(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            browser = Browser(site, stack)
            tab = await browser.open("alice")
            await tab.ends()
            assert NOT_JOINED in tab.text()
            assert await browser.join("\x1b\u200b \x07\u202e") == (409, {"error": NO_NAME})

    run_scenario(scenario)


def test_a_name_played_with_an_ssh_key_cannot_be_taken_from_a_browser(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path, auth="publickey"))
            key = asyncssh.generate_private_key("ssh-ed25519")
            dave = await join(stack, site.server, "dave", key=key)
            await dave.shows(LOBBY)

            def noted() -> bool:  # the key's name is written on a thread
                with closing(sqlite3.connect(tmp_path / FILE_NAME)) as db:
                    return bool(db.execute("SELECT 1 FROM web_names").fetchall())

            await wait_for(noted, 10.0, "dave's name to be noted")
            browser = Browser(site, stack)
            for typed in ("dave", "Dave"):
                assert await browser.join(typed) == (409, {"error": HELD_BY_KEY})
            # An SSH player without a key holds nothing: a browser may take that name.
            await join(stack, site.server, "erin", key=asyncssh.generate_private_key("ssh-ed25519"))
            assert (await browser.join("frank"))[0] == 200

    run_scenario(scenario)
