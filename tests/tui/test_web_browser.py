"""The page in a real browser (Debian's chromium, driven headless by Playwright): a name typed,
keys reaching the lobby without a click, a square clicked on the board, a screenshot, and no
request to any host but the server. Where chromium is missing these skip with one line, except
in CI (``CI=true``), which installs it and where they fail instead."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from net_helpers import LOBBY, join
from test_ssh_support import run_scenario
from test_web_downloads import FILE, finished_game
from test_web_support import Site, serving_web

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
MISSING = "the browser tests need Debian's chromium and Playwright (apt-get install chromium)"
WAIT_MS = 15_000


def _require_browser() -> None:
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        found = False
    else:
        found = os.access(CHROMIUM, os.X_OK)
    if not found:
        if os.environ.get("CI") == "true":
            pytest.fail(MISSING)
        pytest.skip(MISSING)


@asynccontextmanager
async def chromium_page(site: Site) -> AsyncIterator[tuple[Any, list[str]]]:
    """A fresh headless chromium's page on the site, and every URL it requests."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            page = await browser.new_page(
                viewport={"width": 1100, "height": 700}, accept_downloads=True
            )
            requested: list[str] = []
            page.on("request", lambda request: requested.append(request.url))
            yield page, requested
        finally:
            await browser.close()


async def screen_shows(page: Any, text: str) -> None:
    """Wait for ``text`` on the page's terminal (read through the page's test hook)."""
    try:
        await page.wait_for_function(
            "text => window.pawnshop.screenText().includes(text)", arg=text, timeout=WAIT_MS
        )
    except Exception as error:
        shown = await page.evaluate("window.pawnshop.screenText()")
        raise AssertionError(f"{text!r} not on the page's screen:\n{shown}") from error


async def square_centre(page: Any, square: str, files: int, ranks: int) -> tuple[float, float]:
    """Where on the page the board draws ``square``: found from the file letters under the
    board and the rank numbers beside it, in the screen's text."""
    text: str = await page.evaluate("window.pawnshop.screenText()")
    lines = text.split("\n")
    letters = r"\s+".join("abcdefgh"[:files])
    label_row = max(i for i, line in enumerate(lines) if re.search(letters, line))
    found = re.search(letters, lines[label_row])
    assert found is not None, text
    columns = [lines[label_row].index(letter, found.start()) for letter in "abcdefgh"[:files]]
    first = min(columns) - (columns[1] - columns[0]) // 2
    column = columns["abcdefgh".index(square[0])]
    row = next(
        (
            i
            for i, line in enumerate(lines[:label_row])
            if re.search(rf"\b{square[1:]} $", line[:first])
        ),
        None,
    )
    assert row is not None, f"no rank {square[1:]} on the screen:\n{text}"
    box = await page.evaluate("window.pawnshop.cellBox()")
    return box["left"] + (column + 0.5) * box["width"], box["top"] + (row + 0.5) * box["height"]


async def text_centre(page: Any, text: str) -> tuple[float, float]:
    """Where on the page the screen shows ``text`` (its first place)."""
    lines = (await page.evaluate("window.pawnshop.screenText()")).split("\n")
    row = next(i for i, line in enumerate(lines) if text in line)
    column = lines[row].index(text) + len(text) / 2
    box = await page.evaluate("window.pawnshop.cellBox()")
    return box["left"] + column * box["width"], box["top"] + (row + 0.5) * box["height"]


def test_a_name_typed_then_keys_reach_the_lobby_without_a_click(tmp_path: Path) -> None:
    _require_browser()

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            page, requested = await stack.enter_async_context(chromium_page(site))
            await page.goto(site.url + "/")
            ssh_line = await page.text_content("#ssh")
            assert ssh_line == f"ssh -p {site.server.port} NAME@127.0.0.1"
            await page.keyboard.type("[b]alice[/b]")  # the name field has the focus
            await page.keyboard.press("Enter")
            await screen_shows(page, LOBBY)
            await screen_shows(page, "No tables yet")
            await page.keyboard.press("n")  # no click: the terminal has the focus
            await screen_shows(page, "Open a table")
            await page.keyboard.press("Control+o")
            await screen_shows(page, "You play South at table 1")
            table = site.hall.table(1)
            assert table is not None and table.holders[0] is not None
            assert table.holders[0].name == "[b]alice[/b]"
            shot = tmp_path / "table.png"
            await page.screenshot(path=str(shot))
            assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

            # Back later: the cookie's name, straight into the seat, keys without a click.
            await page.reload()
            await screen_shows(page, "You play South at table 1")
            await page.keyboard.press("?")
            await screen_shows(page, "Keys at a table")
            await page.keyboard.press("Escape")
            await page.wait_for_function(
                "text => !window.pawnshop.screenText().includes(text)",
                arg="Keys at a table",
                timeout=WAIT_MS,
            )
            # ctrl+n is the browser's own (a new window): a click on the footer does it.
            await page.mouse.click(*await text_centre(page, "^n Lobby"))
            await screen_shows(page, LOBBY)
            # Another name: the form again, the name held filled in.
            await page.goto(site.url + "/?choose")
            # The page fills the name in once the server has said which it holds (/hello),
            # after the page's load: wait for it, then type over it.
            await page.wait_for_function(
                "name => document.getElementById('name').value === name",
                arg="[b]alice[/b]",
                timeout=WAIT_MS,
            )
            await page.keyboard.type("bob")
            await page.keyboard.press("Enter")
            await screen_shows(page, "you are bob")  # a player of its own: not in alice's seat
            await screen_shows(page, "[b]alice[/b] (away) · free")
            assert all(url.startswith(site.url + "/") for url in requested), requested

    run_scenario(scenario, timeout=90)


def test_a_click_on_a_square_plays_against_an_ssh_player(tmp_path: Path) -> None:
    _require_browser()

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            page, _requested = await stack.enter_async_context(chromium_page(site))
            await page.goto(site.url + "/")
            await page.fill("#name", "alice")
            await page.keyboard.press("Enter")
            await screen_shows(page, "No tables yet")
            await page.keyboard.press("n")
            await screen_shows(page, "Open a table")
            await page.keyboard.press("Control+o")
            await screen_shows(page, "You play South at table 1")
            bob = await join(stack, site.server, "bob")
            bob.press("\r")
            await screen_shows(page, "the game begins")

            table = site.hall.table(1)
            assert table is not None
            record = table.record
            game, state = record.game, record.state
            plain = re.compile(r"[a-d]\d-[a-d]\d")
            moves = [game.format_move(state, move) for move in game.legal_moves(state)]
            start, end = next(text for text in moves if plain.fullmatch(text)).split("-")
            for square in (start, end):
                x, y = await square_centre(page, square, 4, 8)
                await page.mouse.click(x, y)
            await bob.shows(f"{start}-{end}")
            assert [node.notation for node in table.record.mainline()] == [f"{start}-{end}"]

    run_scenario(scenario, timeout=90)


def test_a_game_exported_from_the_library_is_a_download(tmp_path: Path) -> None:
    _require_browser()
    path = finished_game(tmp_path)

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            page, requested = await stack.enter_async_context(chromium_page(site))
            await page.goto(site.url + "/")
            await page.fill("#name", "carol")
            await page.keyboard.press("Enter")
            await screen_shows(page, "No tables yet")
            await page.keyboard.press("r")
            await screen_shows(page, "alice-bob")
            async with page.expect_download(timeout=WAIT_MS) as waiting:
                await page.keyboard.press("e")
            download = await waiting.value
            assert download.suggested_filename == FILE
            saved = tmp_path / "downloaded.pawn"
            await download.save_as(str(saved))
            assert saved.read_bytes() == path.read_bytes()
            await screen_shows(page, "sent to your browser")
            await page.keyboard.press("Enter")  # keys go on reaching the terminal
            await screen_shows(page, "a1-b1")
            assert all(url.startswith((site.url + "/", "blob:")) for url in requested), requested

    run_scenario(scenario, timeout=90)
