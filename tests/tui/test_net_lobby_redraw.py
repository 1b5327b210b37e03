"""A move at one table redraws one row of every lobby, not the whole list: with dozens of
lobbies on a server, each redrawing its list at every move of every game, drawing every cell
again was the largest cost of a move."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_helpers import make_hall, record_drawn_lines
from textual.screen import Screen
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.chat_panel import ChatPanel
from tui.net.lobby import REDRAW_INTERVAL, LobbyScreen
from tui.net.lobby_heading import LobbyHeading
from tui.net.server_chat import chat_rooms_of
from tui.play.chat import LOBBY
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.widgets.row_list import RowList

MARTIAN = find_game("martian-chess")
CAROL = PlayerIdentity("carol")
TABLES = 6


def drawn_row(lobby: LobbyScreen, number: int) -> str:
    """The text the list draws for table ``number`` (the header is line 0)."""
    return lobby.query_one(RowList).render_line(lobby.numbers.index(number) + 1).text


def test_a_move_redraws_only_the_row_of_its_table(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    tables = []
    for number in range(TABLES):
        table = hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity(f"south{number}"))
        table.sit(PlayerIdentity(f"north{number}"), 1)
        tables.append(table)

    async def main() -> None:
        app = NetApp(hall, CAROL, ascii_board=False)
        async with app.run_test(size=(100, 32)) as pilot:
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            widget = lobby.query_one(RowList)
            await wait_for(lambda: widget.row_count == TABLES, what="every table listed")
            await pilot.pause()
            drawn, render_line = record_drawn_lines(widget)
            await asyncio.sleep(REDRAW_INTERVAL)  # the next change shows at once
            moved = tables[2]
            moved.play(PlayerIdentity("south2"), MARTIAN.parse_move(moved.record.state, "b1-a1"))
            row = lobby.numbers.index(moved.number) + 1
            await wait_for(
                lambda: row in drawn and "north2 (North) to move" in render_line(row).text,
                what="the moved table's row drawn again",
            )
            await pilot.pause()
            assert set(drawn) == {row}
            assert drawn_row(lobby, moved.number).split()[:2] == [str(moved.number), "Martian"]
            assert " 1 " in render_line(row).text
            still = tables[3]
            assert "south3 (South) to move" in drawn_row(lobby, still.number)

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


def test_a_player_arriving_redraws_the_online_line_and_lays_no_lobby_out_again(
    tmp_path: Path,
) -> None:
    """Each arrival is news to every lobby of the server: it rewrites one line of text, which
    keeps its size, so the screen is not laid out again (the largest cost of an arrival)."""
    hall = make_hall(tmp_path)
    hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("south"))

    async def main() -> None:
        app = NetApp(hall, CAROL, ascii_board=False)
        async with app.run_test(size=(100, 32)) as pilot:
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            hall.arrived(CAROL)
            online = lobby.query_one(LobbyHeading)
            await wait_for(lambda: "online (1): carol" in online.online_text(), what="carol")
            await pilot.pause()
            layouts: list[object] = []
            lobby.screen_layout_refresh_signal.subscribe(lobby, layouts.append)
            for name in ("dave", "erin"):
                hall.arrived(PlayerIdentity(name))
                await wait_for(
                    lambda name=name: name in online.online_text(), what=f"{name} online"
                )
            await pilot.pause()
            assert "online (3): carol, dave, erin" in online.online_text()
            assert layouts == []

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


@pytest.mark.parametrize("tables", [3, 40])
def test_a_session_s_lobby_is_laid_out_once_as_it_starts(tmp_path: Path, tables: int) -> None:
    """A server's clients arrive in numbers, and each layout of a lobby is a good part of its
    start: the lobby, with tables listed and lines in its chat, is laid out once, and shows
    them all (``tui.textual_internals.show_screens_without_repeated_work``, the chat panel
    drawn row by row). Also with more tables than the terminal has rows: the list's scroll
    bar is there from its first layout (``RowList._expect_scroll_bars``), not found missing
    by it, and the last table is a key away."""
    hall = make_hall(tmp_path)
    for number in range(tables):
        hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity(f"south{number}"))
    room = chat_rooms_of(hall).room(LOBBY)
    room.say("dave", "dave", "anyone for a game?")
    room.say("erin", "erin", "me, in a minute " * 14)  # cut at two rows of 96 cells

    async def main() -> None:
        layouts: list[Screen[object]] = []
        refresh_layout = Screen._refresh_layout

        def counted(screen: Screen[object], *args: object, **kwargs: object) -> None:
            layouts.append(screen)
            refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

        Screen._refresh_layout = counted  # type: ignore[method-assign]
        try:
            app = NetApp(hall, CAROL, ascii_board=False)
            async with app.run_test(size=(100, 32)) as pilot:
                lobby = app.screen
                assert isinstance(lobby, LobbyScreen)
                panel = lobby.query_one(ChatPanel)
                listed = lobby.query_one(RowList)
                await wait_for(
                    lambda: listed.row_count == tables and panel.region.height == 3,
                    what="the tables listed and the chat's lines shown",
                )
                for _ in range(3):
                    await pilot.pause()
                rows = [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]
                assert rows[0] == "dave: anyone for a game?"
                assert rows[1].startswith("erin: me, in a minute")
                assert rows[2].endswith("…") and "me, in a minute" in rows[2]
                assert layouts.count(lobby) == 1
                scrolls = tables + 1 > listed.size.height
                assert listed.show_vertical_scrollbar == scrolls
                assert listed.scrollable_content_region.width == listed.size.width - scrolls
                if scrolls:
                    assert listed.vertical_scrollbar.display
                    await pilot.press("end")
                    last = listed.render_line(listed.size.height - 1).text
                    assert f"south{tables - 1}" in last
        finally:
            Screen._refresh_layout = refresh_layout  # type: ignore[method-assign]
        chat_rooms_of(hall).stop()

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
