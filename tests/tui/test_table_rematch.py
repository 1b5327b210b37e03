"""A rematch at a finished table, in the play layer: every person who played must ask (a
computer agrees), then the hall opens a new table with the same game, options, time control
and rating, the seats swapped; refusals are one sentence each; players on two processes of
the server ask each on their own."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from net_helpers import make_hall
from waiting import wait_for

from core import find_game
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.rematch import heard_asking, rematch_tags, swapped
from tui.play.table import SeatHolder, Table, TableRefusal
from tui.play.table_endings import ask_rematch, rematch_text, resign

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


def test_who_asks_for_the_rematch_is_said_from_the_table_whatever_news_came_after(
    tmp_path: Path,
) -> None:
    """The game-over dialog says who asks for a rematch from the table itself: news of
    someone coming or going, told in between, does not take it away."""
    hall = make_hall(tmp_path, games=[MARTIAN])
    try:
        table = hall.open_table(MARTIAN, {"players": "2"}, [ME, OPEN], ANN, TAGS)
        table.sit(BO, 1)
        resign(table, BO)
        assert rematch_text(table, 0) == rematch_text(table, 1) == ""
        ask_rematch(table, BO)
        table.tell("presence", "")  # as a player's coming or going is told
        assert table.latest_news == ""
        assert rematch_text(table, 0) == "bo (North) asks for a rematch: m to accept"
        assert rematch_text(table, 1) == ""  # bo's own request is not put to bo
        assert rematch_text(table, None) == "bo (North) asks for a rematch: m to accept"
        table.rematch_asked.clear()
        heard_asking(table, {BO.key})  # bo asks on another process of the server
        table.tell("presence", "")
        assert rematch_text(table, 0) == "bo (North) asks for a rematch: m to accept"
        heard_asking(table, set())
        ask_rematch(table, BO)
        ask_rematch(table, ANN)
        number = table.rematch_number
        table.tell("presence", "")
        assert rematch_text(table, 0) == f"the rematch begins at table {number}, seats swapped"
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


class Screen:
    """A screen at a table, as the table sees one: who looks, and what they heard."""

    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player
        self.heard: list[str] = []

    def table_changed(self, table: Table, news: str) -> None:
        self.heard.append(news)


def test_players_on_two_processes_ask_and_both_go_on_to_the_rematch(tmp_path: Path) -> None:
    """Two halls on one data folder stand for two processes of the server: alice asks on
    one, bob hears of it on the other and agrees there, and alice's process learns where
    the rematch is."""

    def hall(name: str) -> TableHall:
        log = logging.Logger(name)
        log.addHandler(logging.FileHandler(tmp_path / f"{name}.log"))
        return TableHall(tmp_path, log, games=[MARTIAN], new_seed=lambda: 1, lease_seconds=1.0)

    here, there = hall("here"), hall("there")

    async def main() -> None:
        here.start()
        there.start()
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ANN, TAGS)
        await wait_for(lambda: there.table(mine.number) is not None, what="the table there")
        theirs = there.table(mine.number)
        assert theirs is not None
        theirs.sit(BO, 1)
        await wait_for(lambda: mine.started, what="bo's seat here")
        ann_screen, bo_screen = Screen(ANN), Screen(BO)
        mine.watch(ann_screen)
        theirs.watch(bo_screen)
        resign(mine, ANN)
        await wait_for(lambda: theirs.finished, what="the resignation there")
        ask_rematch(mine, ANN)
        await wait_for(
            lambda: any("asks for a rematch" in news for news in bo_screen.heard),
            what="bo to hear that ann asks",
        )
        assert theirs.rematch_number is None
        ask_rematch(theirs, BO)
        number = theirs.rematch_number
        assert number is not None
        await wait_for(lambda: mine.rematch_number == number, what="the rematch here")
        assert any(f"at table {number}" in news for news in ann_screen.heard)
        again = here.table(number)
        assert again is not None and again.seat_of(ANN) == 1 and again.seat_of(BO) == 0

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        here.close()
        there.close()
