"""The lobby's ``L`` shows each game's strongest rated players, read off the event loop, names
as plain text, and ``→`` goes to the next game."""

from __future__ import annotations

import asyncio
from pathlib import Path

from drawn_text import assert_plain, drawn
from net_helpers import make_hall
from waiting import wait_for

from core.ratings import Rating, rate_game
from core.registry import find_game
from tui.net.app import NetApp
from tui.net.leaderboard import NOBODY, LeaderboardScreen
from tui.play.identity import PlayerIdentity

MARTIAN = find_game("martian-chess")
MAC = find_game("mac")
HOSTILE = "[$a][/]"


def test_the_leaderboard_lists_a_games_ratings_strongest_first(tmp_path: Path) -> None:
    hall = make_hall(tmp_path, games=[MARTIAN, MAC])
    hall.store.add_player("SHA256:ann", "ann", "SHA256:ann")
    hall.store.add_player("SHA256:odd", HOSTILE, "SHA256:odd")
    hall.players.rate_game(MARTIAN.id, "SHA256:ann", "SHA256:odd", 1.0, 10.0)
    ann, odd = rate_game(Rating(), Rating(), 1.0)

    async def main() -> None:
        app = NetApp(hall, PlayerIdentity("dave"), ascii_board=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("L")
            await wait_for(lambda: isinstance(app.screen, LeaderboardScreen), what="ratings")
            first = f"1. ann {round(ann.rating)}, 1 game"
            second = f"2. {HOSTILE} {round(odd.rating)}, 1 game"
            await wait_for(lambda: second in drawn(app).text, what="the ratings read")
            assert_plain(app, "Ratings: Martian Chess", first, second)
            await pilot.press("right")
            await wait_for(lambda: NOBODY in drawn(app).text, what="MAC's ratings")
            assert "Ratings: MAC" in drawn(app).text
            await pilot.press("escape")
            await wait_for(lambda: not isinstance(app.screen, LeaderboardScreen), what="back")

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
