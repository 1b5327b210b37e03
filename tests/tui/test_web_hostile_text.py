"""Hostile names typed in a browser, which can carry what no SSH login can (escapes, line
breaks, bidi controls): cleaned as every name is, and shown as plain text to SSH players and
browsers alike; no escape reaches any terminal, and no session is harmed."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from hostile_text import ESCAPE_LEAKS
from net_helpers import LOBBY
from test_ssh_hostile_text import (
    arrive,
    assert_no_escape_leaks,
    assert_plain,
    lobby_lists,
    shown_as,
)
from test_ssh_support import run_scenario
from test_web_support import browse, serving_web

#: Names only a browser can send, and markup.
NAMES = [
    "\x1b]0;owned title\x07",
    "\x1b]8;;https://evil.example/\x1b\\link\x1b]8;;\x1b\\",
    "\x1b]52;c;SGVsbG8=\x07",
    "line\nbreak\rreturn\ttab",
    "[@click=app.quit]quit[/]",
    "\u202eevil\u202c[$a][/]",
]


def test_hostile_names_from_browsers_show_as_plain_text(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            watcher = await arrive(stack, site.server, "watcher")
            tabs = []
            for number, name in enumerate(NAMES, start=1):
                tab = await browse(stack, site, name, LOBBY)
                tab.press("n")
                await tab.shows("Open a table")
                tab.press("\x0f")
                await tab.shows(f"at table {number}")
                tabs.append(tab)
            await lobby_lists(watcher, len(NAMES))
            for name in NAMES:
                assert_plain(watcher, name)
            assert_no_escape_leaks(watcher)
            viewer = await browse(stack, site, "viewer", LOBBY)
            for name in NAMES:
                await viewer.shows(shown_as(name))
            for tab in (*tabs, viewer):
                assert not tab.closed.is_set()
                received = bytes(tab.output).decode("utf-8", "replace")
                for leak in ESCAPE_LEAKS:
                    assert leak not in received, f"{leak!r} reached a browser"
            assert site.server.session_count == len(NAMES) + 2

    run_scenario(scenario, timeout=150)
