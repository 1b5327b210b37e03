"""A draw offered on one process of the server reaches the players on the others: two halls
on one data folder stand for two processes. Bob hears Ann's offer on his and accepts it there,
and the game ends drawn on both; a move withdraws an offer on every process."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from waiting import wait_for

from core import find_game
from core.time_outcome import DRAW_AGREED
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.play.table_endings import offer_draw, offered_seats

MARTIAN = find_game("martian-chess")
ANN = PlayerIdentity("ann", "SHA256:ann")
BO = PlayerIdentity("bo", "SHA256:bo")


class Screen:
    """A screen at a table, as the table sees one: who looks, and what they heard."""

    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player
        self.heard: list[str] = []

    def table_changed(self, table: Table, news: str) -> None:
        self.heard.append(news)


def test_a_draw_offered_on_one_process_is_accepted_on_another(tmp_path: Path) -> None:
    def hall(name: str) -> TableHall:
        log = logging.Logger(name)
        log.addHandler(logging.FileHandler(tmp_path / f"{name}.log"))
        return TableHall(tmp_path, log, games=[MARTIAN], new_seed=lambda: 1, lease_seconds=1.0)

    here, there = hall("here"), hall("there")

    async def main() -> None:
        here.start()
        there.start()
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ANN)
        await wait_for(lambda: there.table(mine.number) is not None, what="the table there")
        theirs = there.table(mine.number)
        assert theirs is not None
        theirs.sit(BO, 1)
        await wait_for(lambda: mine.started, what="bo's seat here")
        bo_screen = Screen(BO)
        theirs.watch(bo_screen)

        # An offer, then a move by the other side: withdrawn on both processes.
        offer_draw(mine, ANN)
        await wait_for(lambda: offered_seats(theirs) == {0}, what="ann's offer there")
        assert any("ann (South) offers a draw" in news for news in bo_screen.heard)
        mine.play(ANN, mine.record.game.legal_moves(mine.record.state)[0])
        await wait_for(lambda: theirs.record.current.ply == 1, what="ann's move there")
        await wait_for(lambda: not offered_seats(theirs), what="the offer withdrawn there")

        # Offered on one process, accepted on the other: drawn by agreement on both.
        offer_draw(theirs, BO)
        await wait_for(lambda: offered_seats(mine) == {1}, what="bo's offer here")
        offer_draw(mine, ANN)
        assert mine.record.outcome() is not None
        await wait_for(lambda: theirs.finished, what="the draw there")
        outcome = theirs.record.outcome()
        assert outcome is not None and outcome.reason == DRAW_AGREED and not outcome.winners

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        here.close()
        there.close()
