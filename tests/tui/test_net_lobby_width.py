"""At 80 columns the lobby shows every column that matters of its longest rows: four players
of 20-character names with ratings at timed, rated tables of every game (the players' names
are cut, the State, Watch and Moves columns show whole); wider, more of them and the game's
whole name."""

from __future__ import annotations

import asyncio
from pathlib import Path

from drawn_text import drawn
from net_helpers import make_hall
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.play.clock import time_control_tags
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.rated_games import rated_tags
from tui.widgets.row_list import RowList

MARTIAN, MAC = find_game("martian-chess"), find_game("mac")
VIEWER = PlayerIdentity("dave", "SHA256:dave")
PLAYERS = [
    PlayerIdentity(f"{letter * 17}{number:03}", f"SHA256:{letter}")
    for number, letter in enumerate("wxyz")
]


def test_the_longest_rows_show_every_column_that_matters_at_80_columns(tmp_path: Path) -> None:
    hall = make_hall(tmp_path, games=[MARTIAN, MAC])
    hall.rated_tables = True

    async def main() -> None:
        four = hall.open_table(
            MARTIAN,
            {"players": "4"},
            [ME, OPEN, OPEN, OPEN],
            PLAYERS[0],
            {**time_control_tags("15+10"), **rated_tags(True)},
        )
        for seat, player in enumerate(PLAYERS[1:], start=1):
            four.sit(player, seat)
        mac = hall.open_table(
            MAC, {}, [ME, OPEN], PLAYERS[1], {**time_control_tags("3d"), **rated_tags(True)}
        )
        mac.sit(PLAYERS[2], 1)
        app = NetApp(hall, VIEWER, ascii_board=False)
        async with app.run_test(size=(80, 24)) as pilot:
            widget = app.screen.query_one(RowList)
            await wait_for(
                lambda: all(
                    hall.seat_ratings.of(holder, table.record.game.id)
                    for table in (four, mac)
                    for holder in table.holders
                ),
                what="every player's rating read",
            )
            await wait_for(lambda: widget.row_count == 2, what="both tables listed")
            await pilot.pause()
            lines = drawn(app).lines
            header = next(line for line in lines if " Players " in line)
            assert header.split() == ["No", "Game", "Players", "State", "Watch", "Moves"]
            first = next(line for line in lines if "Martian Chess" in line).split()[1:]
            second = next(line for line in lines if " MAC " in line).split()[1:]
            # The four players' names are cut; the game, its clock and rating, whose turn,
            # the spectators and the moves show whole.
            assert first[:4] == ["Martian", "Chess", "15+10", "rated"]
            assert first[4].startswith("www") and first[4].endswith("…")
            assert first[5:] == ["South-West", "to", "move", "0", "0"]
            assert second[:3] == ["MAC", "3d", "rated"]
            assert second[4:] == ["Red", "to", "place", "0", "0"]
            for line in lines:
                assert len(line.rstrip()) <= 80
        wide = NetApp(hall, VIEWER, ascii_board=False)
        async with wide.run_test(size=(200, 30)) as pilot:
            await pilot.pause()
            widget = wide.screen.query_one(RowList)
            await wait_for(lambda: widget.row_count == 2, what="both tables")
            text = drawn(wide).text
            assert all(f"{player.name} 1500? (away)" in text for player in PLAYERS[:3]), text
            assert "MAC: March and Chomp 3d rated" in text

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
