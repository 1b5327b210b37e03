"""Over real SSH: a terminal without UTF-8 (a VT100, or a client whose locale is ``C``) gets
the whole app in ASCII, and ``a`` in the lobby switches one session without touching another.

Each terminal is a pyte screen fed with every byte the session sent."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import LOBBY, Seat, serving_tables
from test_ssh_support import ScreenClient, Terminal, connect, run_scenario

from core.registry import find_game
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.ssh.server import GameServer

MARTIAN = find_game("martian-chess")
WATCHING = "You are watching table 1"
#: Line drawing the lobby shows where UTF-8 is shown: its frames and separators.
LINE_DRAWING = set("─│┌┐└┘╭╮╰╯·")


async def sit_down(
    stack: AsyncExitStack,
    server: GameServer,
    name: str,
    *,
    term: str = "xterm-256color",
    env: dict[str, str] | None = None,
) -> Seat:
    """Connect as ``name`` with a pty of type ``term`` and the locale variables ``env`` sent
    as OpenSSH's ``SendEnv`` sends them, and wait for the lobby."""
    connection = await stack.enter_async_context(connect(server, name))
    channel, client = await connection.create_session(
        lambda: ScreenClient(80, 24),
        term_type=term,
        term_size=(80, 24),
        env=env or {},
        encoding=None,
    )
    seat = Seat(connection, Terminal(channel, client))
    await seat.shows(LOBBY)
    return seat


def all_ascii(seat: Seat) -> bool:
    """Whether every cell of the seat's screen is ASCII."""
    return seat.text().isascii()


def assert_sent_only_ascii(seat: Seat) -> None:
    """Every byte the session sent (escape sequences included) is 7-bit ASCII, and so is
    every cell shown."""
    output = bytes(seat.terminal.client.output)
    odd = sorted({byte for byte in output if byte >= 0x80})
    assert not odd, f"bytes beyond ASCII: {odd[:10]}; the screen shows:\n{seat.text()}"
    assert all_ascii(seat), seat.text()


async def shows_ascii(seat: Seat, ascii: bool) -> None:
    """Wait until the seat's screen is all ASCII (``ascii``) or shows line drawing again."""

    def drawn_so() -> bool:
        text = seat.text()
        return LOBBY in text and (all_ascii(seat) if ascii else bool(LINE_DRAWING & set(text)))

    await seat.terminal.client.wait_until(
        drawn_so, f"the lobby {'in' if ascii else 'not in'} ASCII"
    )


def test_a_vt100_and_a_c_locale_get_the_lobby_and_the_table_in_ascii(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("alice"))
            vt100 = await sit_down(stack, server, "vera", term="vt100")
            c_locale = await sit_down(stack, server, "carl", env={"LANG": "C"})
            utf8 = await sit_down(stack, server, "ulla", env={"LANG": "en_GB.UTF-8"})
            for seat in (vt100, c_locale):
                assert "pawnshop - tables on this server" in seat.text()
                assert_sent_only_ascii(seat)
                seat.press("w")
                await seat.shows(WATCHING)
                await seat.shows("a    b    c    d")  # the board's file letters
                assert "====" in seat.text()  # the canal
                assert_sent_only_ascii(seat)
            assert "pawnshop · tables on this server" in utf8.text()

    run_scenario(scenario)


def test_a_in_the_lobby_switches_one_session_and_not_another(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("alice"))
            switcher = await sit_down(stack, server, "sam", env={"LANG": "en_GB.UTF-8"})
            other = await sit_down(stack, server, "olga", env={"LANG": "en_GB.UTF-8"})
            await shows_ascii(switcher, False)
            switcher.press("a")
            await shows_ascii(switcher, True)
            switcher.press("w")
            await switcher.shows(WATCHING)
            await switcher.shows("a    b    c    d")
            assert all_ascii(switcher), switcher.text()
            other.press("w")
            await other.shows(WATCHING)
            assert "═" in other.text()  # its canal still in line drawing
            assert not all_ascii(other)
            switcher.press("\x0e")  # ctrl+n: back to the lobby
            await shows_ascii(switcher, True)
            switcher.press("a")
            await shows_ascii(switcher, False)

    run_scenario(scenario)
