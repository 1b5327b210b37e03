"""Names in a browser: held by the browser that took one first (its cookie), never by another
browser typing it, nor by an SSH login, on any server process of the store, and never taken
from a player whose SSH key holds it."""

from __future__ import annotations

import sqlite3
from contextlib import AsyncExitStack, closing
from pathlib import Path

import asyncssh
from net_helpers import LOBBY, join, refused, serving_tables
from test_ssh_support import run_scenario
from test_web_support import Browser, Site, serving_web
from yarl import URL

from tui.play.player_names import name_taken_sentence
from tui.web.names import (
    FILE_NAME,
    HELD_BY_BROWSER,
    HELD_BY_KEY,
    IMPORTED_SUFFIX,
    NO_NAME,
    holder_of,
    new_token,
)
from tui.web.server import COOKIE, NOT_JOINED


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


def test_a_name_an_ssh_key_holds_is_refused_to_a_browser_at_once(tmp_path: Path) -> None:
    """Dave's key came in on a server that answers no browser: a server on the same store
    that does refuses his name to a browser from the start."""

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            ssh_only, _ = await stack.enter_async_context(
                serving_tables(tmp_path, auth="publickey")
            )
            key = asyncssh.generate_private_key("ssh-ed25519")
            await join(stack, ssh_only, "dave", key=key)
            site = await stack.enter_async_context(serving_web(tmp_path, auth="publickey"))
            browser = Browser(site, stack)
            for typed in ("dave", "Dave", "ｄａｖｅ"):
                assert await browser.join(typed) == (409, {"error": HELD_BY_KEY})
            # An SSH player without a key holds nothing: a browser may take that name.
            assert (await browser.join("frank"))[0] == 200

    run_scenario(scenario)


def test_an_ssh_login_cannot_take_a_name_a_browser_holds(tmp_path: Path) -> None:
    """Under --auth none, and with a key, the SSH login is refused in one sentence; names
    no browser holds are let in."""

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            browser = Browser(site, stack)
            assert (await browser.join("alice"))[0] == 200  # held before any session
            for typed in ("alice", "ALICE"):
                said = await refused(stack, site.server, typed)
                assert name_taken_sentence(typed, holder_of("x")) in said
                assert "Traceback" not in said
            await join(stack, site.server, "bob")
            tab = await browser.open("alice")
            await tab.shows(LOBBY)

        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path, auth="publickey"))
            key = asyncssh.generate_private_key("ssh-ed25519")
            said = await refused(stack, site.server, "Alice", client_keys=[key])
            assert name_taken_sentence("Alice", holder_of("x")) in said

    run_scenario(scenario)


def test_a_name_held_on_one_server_process_is_refused_on_another(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            one = await stack.enter_async_context(serving_web(tmp_path))
            two = await stack.enter_async_context(serving_web(tmp_path))
            await refused_across(stack, one, two)

    run_scenario(scenario)


def test_a_name_held_on_one_machine_is_refused_on_another(
    tmp_path: Path, postgres_url: str
) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            sites = []
            for folder in ("one", "two"):
                (tmp_path / folder).mkdir()
                sites.append(
                    await stack.enter_async_context(
                        serving_web(tmp_path / folder, database=postgres_url)
                    )
                )
            await refused_across(stack, *sites)
            assert not (tmp_path / "one" / "pawnshop.sqlite3").exists()

    run_scenario(scenario)


async def refused_across(stack: AsyncExitStack, one: Site, two: Site) -> None:
    """A name a browser takes at ``one`` is refused to another browser at ``two`` (and to an
    SSH login there), and held there for the browser that took it."""
    first = Browser(one, stack)
    assert (await first.join("carol"))[0] == 200
    other = Browser(two, stack)
    assert await other.join("Carol") == (409, {"error": HELD_BY_BROWSER})
    said = await refused(stack, two.server, "carol")
    assert name_taken_sentence("carol", holder_of("x")) in said
    token = first.token()
    assert token is not None
    again = Browser(two, stack)
    await again.join("someone")
    assert again.client is not None
    again.client.cookie_jar.update_cookies({COOKIE: token}, URL(two.url))
    assert (await again.hello())["name"] == "carol"
    tab = await again.open("carol")
    await tab.shows(LOBBY)


def test_names_of_an_earlier_web_names_file_are_brought_in_once(tmp_path: Path) -> None:
    token = new_token()
    legacy = tmp_path / FILE_NAME
    with closing(sqlite3.connect(legacy)) as db, db:
        db.execute(
            "CREATE TABLE web_names (folded TEXT PRIMARY KEY, name TEXT NOT NULL,"
            " kind TEXT NOT NULL, holder TEXT NOT NULL, last_used REAL NOT NULL)"
        )
        db.executemany(
            "INSERT INTO web_names VALUES (?, ?, ?, ?, 1.0)",
            [
                ("gina", "Gina", "browser", holder_of(token)),
                ("hal", "hal", "ssh-key", "SHA256:hal"),
            ],
        )

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            gina = Browser(site, stack)
            await gina.hello()
            assert gina.client is not None
            gina.client.cookie_jar.update_cookies({COOKIE: token}, URL(site.url))
            assert (await gina.hello())["name"] == "Gina"
            stranger = Browser(site, stack)
            assert await stranger.join("gina") == (409, {"error": HELD_BY_BROWSER})
            assert "gina" in await refused(stack, site.server, "gina")
            assert (await stranger.join("hal"))[0] == 200  # keys' names come from the store

    run_scenario(scenario)
    assert not legacy.exists()
    assert (tmp_path / (FILE_NAME + IMPORTED_SUFFIX)).exists()
