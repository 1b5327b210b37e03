"""A rematch at a finished table, in the play layer: every person who played must ask (a
computer agrees), then the hall opens a new table with the same game, options, time control
and rating, the seats swapped; refusals are one sentence each."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_helpers import make_hall
from waiting import wait_for

from core import find_game
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.rematch import rematch_tags, swapped
from tui.play.table import SeatHolder, TableRefusal
from tui.play.table_endings import ask_rematch, resign

MARTIAN = find_game("martian-chess")
ANN = PlayerIdentity("ann", "SHA256:ann")
BO = PlayerIdentity("bo", "SHA256:bo")
CY = PlayerIdentity("cy", "SHA256:cy")
TAGS = {"TimeControl": "300+3", "Rated": "yes"}


def test_seats_swap_and_the_clock_and_rating_carry_over() -> None:
    first, second = SeatHolder("a", "a"), SeatHolder("b", "b")
    assert swapped([first, second]) == [second, first]
    assert swapped([first, None, second, None]) == [None, first, None, second]
    assert rematch_tags({**TAGS, "Table": "3", "Result": "1-0"}) == TAGS


def test_both_players_ask_and_the_rematch_begins_at_a_new_table(tmp_path: Path) -> None:
    hall = make_hall(tmp_path, games=[MARTIAN])
    try:
        table = hall.open_table(MARTIAN, {"players": "2"}, [ME, OPEN], ANN, TAGS)
        table.sit(BO, 1)
        with pytest.raises(TableRefusal, match="goes on"):
            ask_rematch(table, ANN)
        resign(table, BO)
        with pytest.raises(TableRefusal, match="watching"):
            ask_rematch(table, CY)
        ask_rematch(table, ANN)
        assert table.rematch_number is None and "asks for a rematch" in table.latest_news
        with pytest.raises(TableRefusal, match="other players must agree"):
            ask_rematch(table, ANN)
        ask_rematch(table, BO)
        number = table.rematch_number
        assert number is not None and number != table.number
        again = hall.table(number)
        assert again is not None and again.started and not again.finished
        assert [h.identity if h else "" for h in again.holders] == [BO.key, ANN.key]
        assert again.record.players == ["bo", "ann"]
        assert again.record.options == table.record.options
        assert {k: again.record.tags[k] for k in TAGS} == TAGS
        assert f"table {number}" in table.latest_news
        with pytest.raises(TableRefusal, match=f"at table {number}"):
            ask_rematch(table, BO)
    finally:
        hall.close()


def test_a_computer_agrees_at_once_and_plays_first_in_the_rematch(tmp_path: Path) -> None:
    hall = make_hall(tmp_path, games=[MARTIAN])

    async def main() -> None:
        hall.start()
        table = hall.open_table(MARTIAN, {}, [ME, "computer:easy"], ANN)
        resign(table, ANN)
        ask_rematch(table, ANN)
        assert table.rematch_number is not None
        again = hall.table(table.rematch_number)
        assert again is not None and again.seat_of(ANN) == 1
        holder = again.holders[0]
        assert holder is not None and holder.is_computer
        await wait_for(lambda: again.record.current.ply == 1, what="the computer's move")

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
