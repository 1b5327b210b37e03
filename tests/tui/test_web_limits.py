"""A browser session under the server's rules: one session cap for SSH and browsers, the idle
timeout, the server's log, and nothing on the server's disk served but the page's own files."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

import aiohttp
from net_helpers import LOBBY, join
from test_ssh_support import connect, open_terminal, run_scenario
from test_web_support import Browser, browse, serving_web
from waiting import wait_for

from tui.ssh.session import IDLE_MESSAGE, TABLE_FULL_MESSAGE


def test_browsers_and_ssh_sessions_share_the_session_cap(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path, max_sessions=1))
            tab = await browse(stack, site, "alice", LOBBY)
            connection = await stack.enter_async_context(connect(site.server, "bob"))
            terminal = await open_terminal(connection)
            assert await terminal.exit_status() == 1
            assert TABLE_FULL_MESSAGE.encode() in bytes(terminal.client.errors)

            await tab.socket.close()
            await wait_for(lambda: site.server.session_count == 0, 10.0, "alice's session to end")
            await join(stack, site.server, "bob")
            browser = Browser(site, stack)
            assert (await browser.join("carol"))[0] == 200
            refused = await browser.open("carol")
            await refused.ends()
            assert TABLE_FULL_MESSAGE in refused.text()
            log = site.server.log_path.read_text()
            assert "alice" in log and "(browser)" in log

    run_scenario(scenario)


def test_an_idle_browser_session_is_closed_with_a_sentence(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path, idle_timeout=1.0))
            tab = await browse(stack, site, "alice", LOBBY)
            await tab.ends(timeout=15.0)
            assert IDLE_MESSAGE.format(duration="1 second") in tab.text()
            assert site.server.session_count == 0

    run_scenario(scenario)


def test_only_the_page_s_own_files_are_served(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            (tmp_path / "secret.txt").write_text("server only")
            client = await stack.enter_async_context(aiohttp.ClientSession())
            for path in ("/static/xterm.js", "/static/page.js", "/favicon.ico", "/"):
                async with client.get(site.url + path) as response:
                    assert response.status == 200, path
            paths = (
                "/static/",
                "/static/../server.py",
                "/static/%2e%2e/server.py",
                "/static/..%2f..%2fsecret.txt",
                "/secret.txt",
                "/ssh-server.log",
                "/static/fonts/",
            )
            for path in paths:
                async with client.get(site.url + path) as response:
                    body = await response.read()
                    assert response.status in (403, 404), path
                    assert b"server only" not in body and b"import" not in body, path

    run_scenario(scenario)


def test_a_browser_reaches_no_file_of_the_server_through_the_library(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            tab = await browse(stack, site, "alice", LOBBY)
            before = sorted(path.name for path in tmp_path.rglob("*") if path.is_file())
            tab.press("r")  # the server's finished games, to review
            await tab.shows("No saved games yet.")
            for key in ("i", "u"):  # import, unfinished games: not offered
                tab.press(key)
            tab.press("e")  # export: a download, with no game nothing at all
            tab.press("?")
            await tab.shows("Keys in the library of saved games")
            assert "Import" not in tab.text() and "Unfinished" not in tab.text()
            assert "Export" in tab.text()
            after = sorted(path.name for path in tmp_path.rglob("*") if path.is_file())
            assert not {name for name in after if name not in before} - {
                name for name in after if "sqlite3" in name or name.endswith(".log")
            }
            assert not (tmp_path / "autosave").exists()

    run_scenario(scenario)
