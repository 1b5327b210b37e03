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
from textual.widgets import DataTable

from core.registry import find_game
from tui.net import lobby as lobby_module
from tui.net.app import NetApp
from tui.net.hall import ME, OPEN, TableHall
from tui.net.lobby import REDRAW_INTERVAL, LobbyScreen
from tui.net.table import Table
from tui.ssh.session_info import PlayerIdentity

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
    widget = app.screen.query_one(DataTable)
    return [[str(cell) for cell in widget.get_row_at(row)] for row in range(widget.row_count)]


def expected(hall: TableHall, viewer: PlayerIdentity) -> list[list[str]]:
    from tui.net.table_rows import seats_text

    return [
        [
            str(table.number),
            table.game_name,
            seats_text(table, viewer),
            str(table.spectators),
            str(table.record.current.ply),
            table.state_text(),
        ]
        for table in hall.listed()
    ]


async def caught_up() -> None:
    """Wait out the lobby's shortest time between updates, and the update itself."""
    await asyncio.sleep(REDRAW_INTERVAL + 0.1)


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
        await caught_up()
        assert listed(app) == expected(hall, CAROL)
        assert [row[2] for row in listed(app)] == ["alice (away) · free", "free · free"]
        first.sit(BOB, 1)
        first.play(ALICE, MARTIAN.parse_move(first.record.state, "b1-a1"))
        await caught_up()
        assert listed(app) == expected(hall, CAROL)
        assert listed(app)[0][4:] == ["1", "bob (North) to move"]
        # Nobody sits at the second table: it goes once its last watcher leaves.
        glance = Glance(BOB)
        second.watch(glance)
        second.unwatch(glance)
        third = hall.open_table(MARTIAN, {}, [ME, OPEN], CAROL)
        await caught_up()
        assert [row[0] for row in listed(app)] == ["1", str(third.number)]
        assert listed(app) == expected(hall, CAROL)
        assert listed(app)[1][2] == "you (away) · free"

    run(tmp_path, scenario)


def test_the_highlighted_table_stays_highlighted_when_rows_come_and_go(tmp_path: Path) -> None:
    async def scenario(app: NetApp, hall: TableHall, pilot: Pilot[Any]) -> None:
        tables = [hall.open_table(MARTIAN, {}, [OPEN, OPEN], ALICE) for _ in range(3)]
        await caught_up()
        await pilot.press("down", "down")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        highlighted = lobby.highlighted()
        assert highlighted is tables[2]
        glance = Glance(BOB)
        tables[0].watch(glance)
        tables[0].unwatch(glance)  # the first table goes: the third moves up a row
        await caught_up()
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
        await caught_up()
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
        await caught_up()
        app.open_table(table)
        await pilot.pause(0.3)
        updates.clear()
        news.clear()
        table.sit(ALICE, 0)
        table.play(ALICE, MARTIAN.parse_move(table.record.state, "b1-a1"))
        await caught_up()
        assert updates == []
        assert news == []  # not even a message: the hidden lobby only notes it is behind
        await pilot.press("ctrl+n")  # back to the lobby
        await caught_up()
        assert updates and all(updates)
        assert listed(app) == expected(hall, CAROL)
        assert listed(app)[0][2:5] == ["alice (away) · you (away)", "0", "1"]

    run(tmp_path, scenario)
