"""One session's failure stays in that session, over real SSH on loopback: a lobby or a table
screen that raises on the news another session's move or table brings is closed with the crash
sentence and logged with its traceback, while the session that made the change, and every
other session, go on drawing and playing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from net_helpers import LOBBY, Seat, join, log_row, serving_tables
from test_ssh_support import connect, open_terminal, run_scenario, serving

from tui.net.lobby import LobbyScreen
from tui.net.table_screen import TableScreen
from tui.play.table import Table
from tui.ssh.driver import SSHDriver
from tui.ssh.session import CRASH_MESSAGE

BROKEN = "mallory"


class Broken(Exception):
    """What the screens of the broken session raise."""


@pytest.fixture
def lobby_news_fails_for_mallory(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Mallory's lobby raises when the hall tells it of a change; everyone else's works."""
    original = LobbyScreen.hall_changed

    def hall_changed(self: LobbyScreen) -> None:
        if self.player.name == BROKEN:
            raise Broken("mallory's lobby breaks on news")
        original(self)

    monkeypatch.setattr(LobbyScreen, "hall_changed", hall_changed)
    yield


@pytest.fixture
def table_news_fails_for_mallory(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Mallory's table screen raises when the table tells it of a move."""
    original = TableScreen.table_changed

    def table_changed(self: TableScreen, table: Table, news: str) -> None:
        if self.player.name == BROKEN and "played" in news:
            raise Broken("mallory's table screen breaks on news")
        original(self, table, news)

    monkeypatch.setattr(TableScreen, "table_changed", table_changed)
    yield


def logs(data_dir: Path) -> str:
    """The server's log and the hall's (one file when serving for real; two in these tests)."""
    return (data_dir / "ssh-server.log").read_text() + (data_dir / "tables.log").read_text()


async def closed_with_the_crash_sentence(seat: Seat) -> None:
    assert await seat.terminal.exit_status() == 1
    assert f"{CRASH_MESSAGE}\r\n".encode() in seat.terminal.client.output


async def open_table(seat: Seat) -> None:
    seat.press("n")
    await seat.shows("Open a table")
    seat.press("\x0f")  # ctrl+o: open it with the defaults, in the first seat
    await seat.shows("You play South at table 1")


async def play(seat: Seat, ply: int, notation: str, *others: Seat) -> None:
    await seat.type_move(notation)
    for screen in (seat, *others):
        await screen.shows(log_row(ply, notation))


@pytest.mark.usefixtures("lobby_news_fails_for_mallory")
def test_a_lobby_failing_on_news_closes_only_its_own_session(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, server, "alice")
            mallory = await join(stack, server, BROKEN)
            bob = await join(stack, server, "bob")
            await open_table(alice)  # the news reaches mallory's lobby from alice's turn
            await closed_with_the_crash_sentence(mallory)
            await bob.shows("alice · free")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            await alice.shows("bob sat down as North")
            await play(alice, 1, "b1-a1", bob)
            await play(bob, 2, "c8-d8", alice)
            lobbies = [watcher for watcher in hall._watchers if isinstance(watcher, LobbyScreen)]
            assert len(lobbies) == len(hall._watchers)
            assert sorted(lobby.player.name for lobby in lobbies) == ["alice", "bob"]
            carol = await join(stack, server, "carol")
            await carol.shows("alice · bob")
        log = logs(tmp_path)
        assert "the lobby's news failed in mallory" in log
        assert "mallory's lobby breaks on news" in log and "Traceback" in log

    run_scenario(scenario)


@pytest.mark.usefixtures("table_news_fails_for_mallory")
def test_a_table_screen_failing_on_news_closes_only_its_own_session(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, server, "alice")
            await open_table(alice)
            bob = await join(stack, server, "bob")
            await bob.shows("alice · free")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            mallory = await join(stack, server, BROKEN)
            await mallory.shows("alice · bob")
            mallory.press("w")
            await mallory.shows("You are watching table 1")
            table = hall.table(1)
            assert table is not None and table.spectators == 1
            await play(alice, 1, "b1-a1", bob)  # the news reaches mallory from alice's turn
            await closed_with_the_crash_sentence(mallory)
            assert table.spectators == 0
            await play(bob, 2, "c8-d8", alice)
            await play(alice, 3, "a1-b1", bob)
        log = logs(tmp_path)
        assert "news of table 1 failed in mallory" in log
        assert "mallory's table screen breaks on news" in log

    run_scenario(scenario)


def test_an_error_in_a_callback_on_the_servers_loop_is_logged_and_harms_nobody(
    tmp_path: Path,
) -> None:
    def fails() -> None:
        raise Broken("a callback breaks")

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, _hall = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, server, "alice")
            asyncio.get_running_loop().call_soon(fails)
            await open_table(alice)
            await alice.escape()
            await join(stack, server, "bob", wait=LOBBY)
        log = logs(tmp_path)
        assert "error on the server's loop" in log and "a callback breaks" in log

    run_scenario(scenario)


def test_input_that_breaks_one_sessions_driver_closes_that_session_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = SSHDriver.feed

    def feed(self: SSHDriver, data: bytes) -> None:
        if b"!" in data:
            raise Broken("this input breaks the driver")
        original(self, data)

    monkeypatch.setattr(SSHDriver, "feed", feed)

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server = await stack.enter_async_context(serving(tmp_path))
            steady = await open_terminal(await stack.enter_async_context(connect(server, "calm")))
            breaking = await open_terminal(await stack.enter_async_context(connect(server, BROKEN)))
            await breaking.shows("key=none")
            breaking.type("!")
            assert await breaking.exit_status() == 1
            assert f"{CRASH_MESSAGE}\r\n".encode() in breaking.client.output
            steady.type("s")
            await steady.shows("key=s ")
        log = (tmp_path / "ssh-server.log").read_text()
        assert "handling the input failed for mallory" in log
        assert "this input breaks the driver" in log

    run_scenario(scenario)
