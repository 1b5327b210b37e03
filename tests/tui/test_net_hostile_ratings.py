"""Hostile names beside their ratings: in the lobby each player of the corpus shows with their
rating as plain text, and at a table the panels and a draw offered by such a player show the
name as typed, never as markup."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hostile_text import SAFE_NAMES
from net_helpers import make_hall
from textual.widgets import Static
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.question_dialog import QuestionScreen
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity, display_name
from tui.play.table_endings import offer_draw
from tui.play.table_rows import seats_text
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.row_list import RowList

MARTIAN = find_game("martian-chess")
DAVE = PlayerIdentity("dave", "SHA256:dave")
PLAYERS = [
    PlayerIdentity(display_name(name), f"SHA256:hostile{number}")
    for number, name in enumerate(SAFE_NAMES)
    if display_name(name)
]


def test_hostile_names_show_with_their_ratings_as_plain_text(tmp_path: Path) -> None:
    hall = make_hall(tmp_path, games=[MARTIAN])
    hall.rated_tables = True

    async def main() -> None:
        tables = [hall.open_table(MARTIAN, {}, [ME, OPEN], player) for player in PLAYERS]
        app = NetApp(hall, DAVE, ascii_board=False)
        async with app.run_test(size=(200, 60)) as pilot:
            widget = app.screen.query_one(RowList)

            def players_cells() -> list[str]:
                return [row[2] for row in widget.rows]

            await wait_for(
                lambda: (
                    len(players_cells()) == len(tables)
                    and all(" 1500?" in str(cell) for cell in players_cells())
                ),
                what="every player's rating in the lobby",
            )
            for table, cell in zip(tables, players_cells(), strict=True):
                assert str(cell) == seats_text(table, DAVE, hall.seat_ratings.of)
                holder = table.holders[0]
                assert holder is not None and str(cell).startswith(f"{holder.name} 1500?")
            for line in range(1, widget.row_count + 1):  # nothing styled by a name
                assert len({segment.style for segment in widget.render_line(line)}) == 1
            hostile = tables[0]
            hostile.sit(DAVE, 1)
            app.open_table(hostile)
            await wait_for(
                lambda: isinstance(app.screen, TableScreen) and app.screen.query("#panel-0"),
                what="the table",
            )
            name = PLAYERS[0].name
            panel = app.screen.query_one("#panel-0", PlayerPanel)
            await wait_for(
                lambda: panel.info is not None and panel.info.player.startswith(f"{name} 1500?"),
                what="the panel's name and rating",
            )
            offer_draw(hostile, PLAYERS[0])
            await wait_for(
                lambda: (
                    isinstance(app.screen, QuestionScreen) and app.screen.query("#question-text")
                ),
                what="the question",
            )
            question = app.screen.query_one("#question-text", Static).render()
            assert str(question).startswith(f"{name} (South) offers a draw")
            assert not getattr(question, "spans", [])
            await pilot.press("n")

    try:
        asyncio.run(asyncio.wait_for(main(), 90))
    finally:
        hall.close()
