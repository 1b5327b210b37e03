"""Terminals as they come, over real SSH: a terminal without UTF-8 line drawing (a VT100)
gets the app in ASCII, any player can switch it in the lobby, and the `serve` command's
options."""

from __future__ import annotations

import subprocess
import sys
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from net_helpers import join, serving_tables
from test_ssh_support import connect, open_terminal, run_scenario

from core.registry import find_game
from tui.ascii.detect import session_wants_ascii
from tui.net.lobby import ASCII_OFF, ASCII_ON
from tui.net.serve import AUTH_MODES
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.ssh.config import AUTH_MODES as SERVER_AUTH_MODES

MARTIAN = find_game("martian-chess")
LINE_DRAWING_ON_THE_BOARD = "·•║═╬"


def board_rows(text: str) -> list[str]:
    """The lines of the board's part of the screen (left of the side column)."""
    return [line[1:45] for line in text.split("\n")[1:21]]


@pytest.mark.parametrize(
    ("term", "ascii_board"),
    [("vt100", True), ("vt220", True), ("dumb", True), ("xterm-256color", False), ("linux", False)],
)
def test_terminal_types_without_line_drawing_get_the_ascii_board(
    term: str, ascii_board: bool
) -> None:
    assert session_wants_ascii(term, {}) is ascii_board


def test_a_vt100_sees_an_ascii_board_and_the_lobby_switches_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("alice"))
            connection = await stack.enter_async_context(connect(server, "vera"))
            old = await open_terminal(connection, term="vt100")
            await old.shows("tables on this server")
            old.type("w")
            await old.shows("You are watching table 1")
            rows = board_rows(old.screen.text())
            assert any("====" in row for row in rows)  # the canal
            assert not any(set(row) & set(LINE_DRAWING_ON_THE_BOARD) for row in rows)

            modern = await join(stack, server, "max")
            modern.press("a")
            await modern.shows(ASCII_ON)
            modern.press("a")
            await modern.shows(ASCII_OFF)
            modern.press("w")
            await modern.shows("You are watching table 1")
            assert any("═" in row for row in board_rows(modern.text()))

    run_scenario(scenario)


def test_serve_names_its_options_and_refuses_bad_ones_in_one_line() -> None:
    assert AUTH_MODES == SERVER_AUTH_MODES
    shown = subprocess.run(
        [sys.executable, "-m", "tui", "serve", "--help"], capture_output=True, text=True, check=True
    ).stdout
    for option in ("--host", "--port", "--host-key", "--data-dir", "--max-sessions"):
        assert option in shown
    assert "--idle-timeout" in shown and "--auth {none,publickey}" in shown
    for bad, message in (
        (["--port", "70000"], "pawnshop: port 70000 is not a TCP port number (0 to 65535)"),
        (["--max-sessions", "0"], "pawnshop: max sessions must be at least 1, not 0"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "tui", "serve", *bad], capture_output=True, text=True, timeout=60
        )
        assert (result.returncode, result.stdout, result.stderr.strip()) == (2, "", message)
