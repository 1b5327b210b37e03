"""The lobby keeps up with the hall cheaply and correctly: every change shows, a burst of
changes is folded into few updates, the highlighted table stays highlighted, and a lobby under
a table does no work until it shows again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from net_helpers import make_hall
from textual.pilot import Pilot
from waiting import wait_for

from core.registry import find_game
from tui.net import lobby as lobby_module
from tui.net.app import NetApp
from tui.net.lobby import REDRAW_INTERVAL, LobbyScreen
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.play.table_rows import YOUR_MOVE
from tui.widgets.row_list import RowList

MARTIAN = find_game("martian-chess")
ALICE, BOB, CAROL = (PlayerIdentity(name) for name in ("alice", "bob", "carol"))
SIZE = (100, 32)

Scenario = Callable[[NetApp, TableHall, Pilot[Any]], Awaitable[None]]


class Glance:
    """Stands in for a screen looking at a table for a moment."""

    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player

    def table_changed(self, table: Table, news: str) -> None:
        pass


def listed(app: NetApp) -> list[list[str]]:
    return [list(row) for row in app.screen.query_one(RowList).rows]


def expected(hall: TableHall, viewer: PlayerIdentity) -> list[list[str]]:
    from tui.play.table_rows import YOUR_MOVE, lobby_order, seats_text, your_move

    return [
        [
            str(table.number),
            table.game_name,
            seats_text(table, viewer),
            YOUR_MOVE if your_move(table, viewer) else table.state_text(),
            str(table.spectators),
            str(table.record.current.ply),
        ]
        for table in lobby_order(hall.listed(), viewer)
    ]


def lobby_of(app: NetApp) -> LobbyScreen:
    lobby = app.screen_stack[0]
    assert isinstance(lobby, LobbyScreen)
    return lobby


def settled(lobby: LobbyScreen) -> bool:
    """No news on its way to the lobby and no update waiting for its time: nothing more
    comes until the hall changes again."""
    return not lobby.news_on_its_way and not lobby.redraw_due


async def caught_up(app: NetApp, hall: TableHall) -> None:
    """Wait until the lobby on top lists the hall as it is, with nothing more on its way.
    Updates come at most every ``REDRAW_INTERVAL`` seconds: the deadline leaves room for
    that wait, and more."""
    lobby = lobby_of(app)
    await wait_for(
        lambda: app.screen is lobby and settled(lobby) and listed(app) == expected(hall, CAROL),
        timeout=REDRAW_INTERVAL + 5.0,
        what="the lobby to list the hall as it is",
    )


async def handled_so_far(lobby: LobbyScreen) -> None:
    """Wait until the lobby has handled every message sent to it before this call, those
    posted across sessions too: the mark is posted on a later turn of the loop than theirs,
    and a screen handles its messages in the order they came."""
    handled = asyncio.Event()
    asyncio.get_running_loop().call_soon(lobby.call_later, handled.set)
    await wait_for(handled.is_set, what="the lobby to handle its messages")


def run(tmp_path: Path, scenario: Scenario) -> None:
    hall = make_hall(tmp_path)

    async def main() -> None:
        app = NetApp(hall, CAROL, ascii_board=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await scenario(app, hall, pilot)

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


def test_every_change_in_the_hall_shows_in_the_lobby(tmp_path: Path) -> None:
    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        assert listed(app) == []
        first = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        second = hall.open_table(MARTIAN, {}, [OPEN, OPEN], BOB)
        await caught_up(app, hall)
        assert listed(app) == expected(hall, CAROL)
        assert [row[2] for row in listed(app)] == ["alice (away) · free", "free · free"]
        first.sit(BOB, 1)
        first.play(ALICE, MARTIAN.parse_move(first.record.state, "b1-a1"))
        await caught_up(app, hall)
        assert listed(app) == expected(hall, CAROL)
        assert listed(app)[0][3:] == ["bob (North) to move", "0", "1"]
        # Nobody sits at the second table: it goes once its last watcher leaves.
        glance = Glance(BOB)
        second.watch(glance)
        second.unwatch(glance)
        third = hall.open_table(MARTIAN, {}, [ME, OPEN], CAROL)
        await caught_up(app, hall)
        assert [row[0] for row in listed(app)] == ["1", str(third.number)]
        assert listed(app) == expected(hall, CAROL)
        assert listed(app)[1][2] == "you (away) · free"

    run(tmp_path, scenario)


def test_the_highlighted_table_stays_highlighted_when_rows_come_and_go(tmp_path: Path) -> None:
    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        tables = [hall.open_table(MARTIAN, {}, [OPEN, OPEN], ALICE) for _ in range(3)]
        await caught_up(app, hall)
        await pilot.press("down", "down")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        highlighted = lobby.highlighted()
        assert highlighted is tables[2]
        glance = Glance(BOB)
        tables[0].watch(glance)
        tables[0].unwatch(glance)  # the first table goes: the third moves up a row
        await caught_up(app, hall)
        assert [row[0] for row in listed(app)] == ["2", "3"]
        assert lobby.highlighted() is tables[2]

    run(tmp_path, scenario)


def counted_updates(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether the lobby was on top, for each update of its list from now on."""
    updates: list[bool] = []
    show_tables = LobbyScreen.show_tables

    def counted(self: LobbyScreen) -> None:
        updates.append(self.on_top)
        show_tables(self)

    monkeypatch.setattr(LobbyScreen, "show_tables", counted)
    return updates


def test_a_burst_of_changes_is_folded_into_few_updates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    updates = counted_updates(monkeypatch)

    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        updates.clear()
        table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        for _ in range(30):
            glance = Glance(BOB)
            table.watch(glance)
            table.unwatch(glance)
        await caught_up(app, hall)
        assert 1 <= len(updates) <= 2
        assert listed(app) == expected(hall, CAROL)

    run(tmp_path, scenario)


def test_a_lobby_under_a_table_waits_until_it_shows_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    updates = counted_updates(monkeypatch)
    news: list[object] = []
    post = lobby_module.post_across

    def posted(target: Any, make: Any) -> None:
        news.append(target)
        post(target, make)

    monkeypatch.setattr(lobby_module, "post_across", posted)

    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        table = hall.open_table(MARTIAN, {}, [OPEN, ME], CAROL)
        await caught_up(app, hall)
        lobby = lobby_of(app)
        app.open_table(table)
        await wait_for(
            lambda: isinstance(app.screen, TableScreen) and not lobby.on_top,
            what="the table to show above the lobby",
        )
        updates.clear()
        news.clear()
        table.sit(ALICE, 0)
        table.play(ALICE, MARTIAN.parse_move(table.record.state, "b1-a1"))
        await handled_so_far(lobby)
        assert updates == []
        assert news == []  # not even a message: the hidden lobby only notes it is behind
        assert lobby.stale
        assert settled(lobby)  # and no update waits for its time either
        await pilot.press("ctrl+n")  # back to the lobby
        await caught_up(app, hall)
        assert updates and all(updates)
        assert listed(app) == expected(hall, CAROL)
        assert listed(app)[0][2:] == ["alice (away) · you (away)", YOUR_MOVE, "0", "1"]

    run(tmp_path, scenario)
