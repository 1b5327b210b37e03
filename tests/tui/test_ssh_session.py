"""A player's session over real SSH on loopback: keys, mouse, pastes and window sizes reach the
app, the terminal is set up and given back, colours follow TERM, nonsense input is survived."""

from __future__ import annotations

import random
import re
from pathlib import Path

from test_ssh_support import connect, open_terminal, run_scenario, serving

from tui.app import PawnshopApp, create_app
from tui.ssh.driver import MAX_PASTE_CHARACTERS
from tui.ssh.session_info import SessionInfo

#: Modes a full-screen session turns on: alternate screen, mouse (click, any motion, SGR
#: coordinates), focus events, bracketed paste.
SESSION_MODES = {1049, 1000, 1003, 1006, 1004, 2004}

CTRL_Q = b"\x11"


def test_a_key_reaches_the_app_and_its_screen_comes_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server, "alice") as connection:
            terminal = await open_terminal(connection, size=(90, 30))
            await terminal.shows("key=none size=90x30")
            assert terminal.screen.modes >= SESSION_MODES
            assert 25 not in terminal.screen.modes  # cursor hidden
            terminal.type("a")
            await terminal.shows("key=a size=90x30")
            terminal.type("\x1b[A")
            await terminal.shows("key=up ")

    run_scenario(scenario)


def test_the_app_is_told_the_player_and_the_terminal_type(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server, "carol") as connection:
            terminal = await open_terminal(connection, term="xterm-256color")
            await terminal.shows("player=carol fp=None term=xterm-256color colours=256")

    run_scenario(scenario)


def test_a_lone_escape_is_delivered_after_the_escape_delay(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            terminal = await open_terminal(connection)
            await terminal.shows("key=none")
            terminal.type(b"\x1b")
            await terminal.shows("key=escape ")

    run_scenario(scenario)


def test_window_changes_reach_the_app_and_huge_windows_are_clamped(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            terminal = await open_terminal(connection, size=(80, 24))
            await terminal.shows("size=80x24")
            # Started at its window's size, once: a second Resize of the same size would have
            # every screen laid out again.
            await terminal.shows("resizes=1")
            terminal.resize(120, 40)
            await terminal.shows("size=120x40")
            await terminal.shows("resizes=2")
            terminal.resize(60, 20)
            await terminal.shows("size=60x20")
            terminal.channel.change_terminal_size(65535, 65535)
            await terminal.client.wait_until(
                lambda: b"size=1000x400" in terminal.client.output, "the clamped size"
            )

    run_scenario(scenario)


def test_a_mouse_click_reaches_the_app(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            terminal = await open_terminal(connection)
            await terminal.shows("click=none")
            terminal.type(b"\x1b[<0;7;2M\x1b[<0;7;2m")  # SGR press and release, column 7 row 2
            await terminal.shows("click=6,1 ")

    run_scenario(scenario)


def test_quitting_gives_the_terminal_back_with_exit_status_zero(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            terminal = await open_terminal(connection)
            await terminal.shows("key=none")
            terminal.type(CTRL_Q)
            assert await terminal.exit_status() == 0
            assert not terminal.screen.modes & SESSION_MODES
            assert 25 in terminal.screen.modes  # cursor shown again
            assert terminal.client.output.endswith(b"\x1b[?1004l")

    run_scenario(scenario)


def test_when_the_input_ends_the_app_stops_and_the_terminal_is_restored(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            terminal = await open_terminal(connection)
            await terminal.shows("key=none")
            terminal.channel.write_eof()
            assert await terminal.exit_status() == 0
            assert not terminal.screen.modes & SESSION_MODES
            assert server.session_count == 0

    run_scenario(scenario)


def test_pastes_arrive_whole_and_an_oversized_one_is_dropped(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            terminal = await open_terminal(connection)
            await terminal.shows("paste=none")
            terminal.type(b"\x1b[200~" + b"p" * 200_000 + b"\x1b[201~")
            await terminal.shows("paste=200000")
            oversized = b"\x1b[200~" + b"o" * (MAX_PASTE_CHARACTERS + 500_000) + b"\x1b[201~"
            terminal.type(oversized + b"z")
            await terminal.shows("key=z ", timeout=30)
            assert "paste=200000" in terminal.screen.text()
            assert server.session_count == 1

    run_scenario(scenario)


def test_garbage_input_does_not_break_the_session_or_the_server(tmp_path: Path) -> None:
    rng = random.Random(20240611)
    # Random bytes, rich in escapes and invalid UTF-8; without Ctrl+Q, which would quit.
    alphabet = [byte for byte in range(256) if byte != CTRL_Q[0]] + [0x1B] * 40 + [0x5B] * 20
    garbage = bytes(rng.choice(alphabet) for _ in range(12 * 1024))

    async def scenario() -> None:
        async with serving(tmp_path) as server:
            async with connect(server) as connection:
                terminal = await open_terminal(connection)
                await terminal.shows("key=none")
                for start in range(0, len(garbage), 1024):
                    terminal.type(garbage[start : start + 1024])
                terminal.type(b"\x1b[201~")  # ends a paste, in case the garbage began one
                await terminal.client.wait_until(
                    lambda: "key=none" not in terminal.screen.text(), "the garbage to arrive"
                )
                terminal.type(b"z")
                await terminal.shows("key=z ", timeout=30)
            async with connect(server, "bob") as connection:
                terminal = await open_terminal(connection)
                await terminal.shows("player=bob")

    run_scenario(scenario)


def _colour_kinds(output: bytes) -> set[str]:
    """The kinds of colour the SGR sequences in ``output`` use: 16, 256 or truecolor."""
    kinds: set[str] = set()
    for parameters in re.findall(rb"\x1b\[([0-9;]*)m", output):
        numbers = [int(number) for number in parameters.split(b";") if number]
        index = 0
        while index < len(numbers):
            number = numbers[index]
            if number in (38, 48) and index + 1 < len(numbers):
                kinds.add("256" if numbers[index + 1] == 5 else "truecolor")
                index += 3 if numbers[index + 1] == 5 else 5
                continue
            if 30 <= number <= 37 or 40 <= number <= 47 or 90 <= number <= 107:
                kinds.add("16")
            index += 1
    return kinds


def test_the_colour_depth_follows_the_terminal_type(tmp_path: Path) -> None:
    expected = {
        "xterm-kitty": ("truecolor", "truecolor", {"truecolor"}),
        "xterm-256color": ("256", "256", {"256"}),
        "xterm": ("16", "standard", {"16"}),
        "dumb": ("none", "None", set()),
    }

    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            for term, (colours, console, kinds) in expected.items():
                terminal = await open_terminal(connection, term=term)
                await terminal.shows(f"colours={colours} console={console}")
                await terminal.shows("key=none")
                assert _colour_kinds(bytes(terminal.client.output)) == kinds, term
                terminal.type(CTRL_Q)
                assert await terminal.exit_status() == 0

    run_scenario(scenario)


def test_the_pawnshop_app_plays_over_ssh(tmp_path: Path) -> None:
    def pawnshop(info: SessionInfo) -> PawnshopApp:
        return create_app(data_dir=info.data_dir / "players" / info.player.directory_name)

    async def scenario() -> None:
        async with serving(tmp_path, pawnshop) as server, connect(server, "dora") as connection:
            terminal = await open_terminal(connection, size=(100, 32))
            await terminal.shows("Choose a game and press Enter", timeout=20)
            terminal.resize(30, 8)
            await terminal.shows("too small")
            terminal.resize(100, 32)
            await terminal.shows("Choose a game and press Enter")
            terminal.type("q")
            assert await terminal.exit_status() == 0

    run_scenario(scenario)
