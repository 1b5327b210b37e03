"""Hostile player names over real SSH on loopback, end to end: players named with markup, wide
characters, right-to-left text and the longest names each open a table and sit there, while a
watcher looks at the lobby and then at each table. The watcher's session stays open and its
screen intact (read with ``pyte``): every name shows literally as text, no name colours or
styles anything, and no hyperlink, window title or clipboard sequence reaches its terminal.
The server then starts again on the same data folder, and a newcomer sees the same lobby.
"""

from __future__ import annotations

import unicodedata
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest
from hostile_text import ESCAPE_LEAKS, MARKUP, SAFE_NAMES, UNICODE
from net_helpers import LOBBY, Seat, make_hall, serving_tables
from test_ssh_support import PyteScreen, connect, open_terminal, run_scenario

from tui.play.identity import display_name
from tui.play.table_files import SET_ASIDE_FOLDER, tables_dir
from tui.ssh.server import GameServer

#: Bidi text: Hebrew in a left-to-right row. (Bidi controls never get this far: SSH's own
#: user name rules refuse them, and ``display_name`` drops them; see test_ssh_setup.)
RIGHT_TO_LEFT = "שלום"

#: Markup that is whole within a name's 24 cells: a link, colours, an action.
SHORT_MARKUP = ["[link=http://e.x]x[/]", "[red on blue]c[/]", "[@click=app.quit]q[/]"]

#: Every name from the corpus a login can carry, a right-to-left one and whole markup, in
#: groups of six: one server each, a table each.
NAMES = [name for name in SAFE_NAMES if name in MARKUP or name in UNICODE or len(name) == 40]
NAMES += [RIGHT_TO_LEFT, *SHORT_MARKUP]
GROUPS = [NAMES[start : start + 6] for start in range(0, len(NAMES), 6)]

#: Long enough for the first few characters of every name to show in the lobby's Players
#: column and the table's panels, wherever the screens clip a long one.
SIZE = (120, 40)
SHOWN_PREFIX = 8
TIMEOUT = 150.0


def shown_as(name: str) -> str:
    """What the screen should show of ``name``: as the login cleans it, as a terminal keeps
    it (combining marks composed), as much as surely fits."""
    cleaned = unicodedata.normalize("NFC", display_name(name))
    return cleaned[:SHOWN_PREFIX]


async def arrive(stack: AsyncExitStack, server: GameServer, name: str) -> Seat:
    connection = await stack.enter_async_context(connect(server, name))
    terminal = await open_terminal(connection, size=SIZE)
    seat = Seat(connection, terminal)
    await seat.shows(LOBBY)
    return seat


def screen_of(seat: Seat) -> PyteScreen:
    return seat.terminal.screen


def styles_of(seat: Seat, text: str) -> list[set[tuple[Any, ...]]]:
    """For every place on the screen that shows ``text``, the styles (colours and attributes)
    of its cells."""
    screen = screen_of(seat)
    found: list[set[tuple[Any, ...]]] = []
    for row in range(screen.height):
        cells = screen.cells(row)
        for start in range(len(cells)):
            shown = ""
            end = start
            while end < len(cells) and len(shown) < len(text):
                shown += cells[end].data
                end += 1
            if shown == text:
                found.append({_style(cell) for cell in cells[start:end]})
    return found


def _style(cell: Any) -> tuple[Any, ...]:
    return (cell.fg, cell.bg, cell.bold, cell.italics, cell.underscore, cell.reverse, cell.blink)


def assert_plain(seat: Seat, name: str) -> None:
    """``name`` shows literally, each place it shows in one style: nothing in it was read as
    markup."""
    text = shown_as(name)
    assert text in seat.text(), f"{text!r} is not on the screen:\n{seat.text()}"
    places = styles_of(seat, text)
    assert places, f"{text!r} was not found cell by cell"
    for styles in places:
        assert len(styles) == 1, f"{text!r} is styled in parts: {styles}"


#: Besides the corpus's leaks: a hyperlink in the form Textual writes (``ESC ] 8 ; id=...``).
#: Nothing these screens draw is a link, so no hyperlink at all may arrive.
HYPERLINK = "\x1b]8;"


def assert_no_escape_leaks(seat: Seat) -> None:
    received = bytes(seat.terminal.client.output).decode("utf-8", "replace")
    for leak in (*ESCAPE_LEAKS, HYPERLINK):
        assert leak not in received, f"{leak!r} reached the terminal"


async def open_table(seat: Seat, number: int) -> None:
    seat.press("n")
    await seat.shows("Open a table")
    seat.press("\x0f")  # ctrl+o: open it with the defaults, in the first seat
    await seat.shows(f"at table {number}")


async def lobby_lists(seat: Seat, count: int) -> None:
    """Wait until the lobby lists ``count`` tables."""

    def listed() -> bool:
        rows = seat.text().splitlines()
        return all(
            any(row.strip().startswith(f"{n} ") for row in rows) for n in range(1, count + 1)
        )

    await seat.terminal.client.wait_until(listed, f"{count} tables in the lobby")


@pytest.mark.parametrize("names", GROUPS, ids=[f"group{n}" for n in range(len(GROUPS))])
def test_hostile_names_harm_no_other_session(tmp_path: Path, names: list[str]) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, _hall = await stack.enter_async_context(serving_tables(tmp_path))
            watcher = await arrive(stack, server, "watcher")
            players = []
            for number, name in enumerate(names, start=1):
                player = await arrive(stack, server, name)
                await open_table(player, number)
                players.append(player)
            await lobby_lists(watcher, len(names))
            for name in names:
                assert_plain(watcher, name)
            # Then at each table in turn: the watcher's table screen names its player too.
            for number, name in enumerate(names, start=1):
                watcher.press("w")
                await watcher.shows(f"You are watching table {number}")
                assert_plain(watcher, name)
                watcher.press("\x0e")  # ctrl+n: back to the lobby
                await watcher.shows(LOBBY)
                if number < len(names):
                    watcher.press("\x1b[B")  # down to the next table
            for seat in (watcher, *players):
                assert not seat.terminal.client.closed.is_set()
            assert_no_escape_leaks(watcher)

        # The same data folder, a new server: the tables come back and a newcomer sees them.
        hall = make_hall(tmp_path)
        assert hall.restore() == len(names)
        async with AsyncExitStack() as stack:
            server, _hall = await stack.enter_async_context(serving_tables(tmp_path, hall))
            newcomer = await arrive(stack, server, "newcomer")
            await lobby_lists(newcomer, len(names))
            for name in names:
                assert_plain(newcomer, name)
            assert_no_escape_leaks(newcomer)
        assert not (tables_dir(tmp_path) / SET_ASIDE_FOLDER).exists()

    run_scenario(scenario, timeout=TIMEOUT)
