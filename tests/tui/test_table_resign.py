"""Resigning and agreeing to a draw at a table, without Textual: only a seated player of a live
game resigns, the other side wins with the reason "resigned", the clocks stop, and the ending
survives the save text the store and the filed game keep; a draw needs every person at the
table, a move or a refusal withdraws it, and a computer takes none."""

from __future__ import annotations

import pytest

from core import GameRecord, find_game
from saves.format import dumps, loads
from tui.play.identity import PlayerIdentity
from tui.play.table import SeatHolder, Table, TableRefusal
from tui.play.table_seat import TableSeat

MARTIAN = find_game("martian")
ANN, BO, CY = PlayerIdentity("ann"), PlayerIdentity("bo"), PlayerIdentity("cy")


def table_of(*players: PlayerIdentity | None, tags: dict[str, str] | None = None) -> Table:
    record = GameRecord(MARTIAN, seed=1, tags=tags)
    return Table(1, record, [SeatHolder.person(p) if p else None for p in players])


def test_a_player_resigns_and_the_other_side_wins() -> None:
    now = [0.0]
    table = table_of(ANN, BO, tags={"TimeControl": "5+3"})
    table.time = lambda: now[0]
    heard: list[str] = []
    table.on_change = lambda _table, change: heard.append(change)
    bo = TableSeat(table, BO)
    assert bo.resign_refusal() is None
    bo.resign()
    outcome = table.record.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "North resigned"
    assert table.finished and heard == ["move"]
    assert "resigned" in table.latest_news
    clocks = table.clocks
    assert clocks is not None and clocks.running is None
    now[0] = 1000.0  # no flag falls after the game ended
    assert clocks.flag_fallen() is None
    again = loads(dumps(table.record))
    assert again.outcome() == outcome


@pytest.mark.parametrize("who", ["spectator", "before", "after"])
def test_resigning_is_refused_in_one_sentence(who: str) -> None:
    table = table_of(ANN, None if who == "before" else BO)
    if who == "after":
        TableSeat(table, ANN).resign()
    player = CY if who == "spectator" else ANN
    refusal = TableSeat(table, player).resign_refusal()
    assert refusal is not None and str(refusal).endswith(".")
    with pytest.raises(TableRefusal):
        TableSeat(table, player).resign()


def test_a_draw_offered_and_accepted_ends_the_game_drawn() -> None:
    table = table_of(ANN, BO, tags={"TimeControl": "300+3"})
    ann, bo = TableSeat(table, ANN), TableSeat(table, BO)
    ann.offer_draw()
    assert not table.finished and table.latest_news == "ann (South) offers a draw"
    assert bo.draw_offered_to_me() and not ann.draw_offered_to_me()
    with pytest.raises(TableRefusal, match="must accept"):
        ann.offer_draw()
    bo.offer_draw()
    outcome = table.record.outcome()
    assert outcome is not None and outcome.is_draw and outcome.reason == "drawn by agreement"
    clocks = table.clocks
    assert clocks is not None and clocks.running is None
    assert loads(dumps(table.record)).outcome() == outcome


def test_a_draw_lapses_with_a_move_or_a_refusal() -> None:
    table = table_of(ANN, BO)
    ann, bo = TableSeat(table, ANN), TableSeat(table, BO)
    ann.offer_draw()
    ann.play(MARTIAN.legal_moves(table.record.state)[0])
    assert not bo.draw_offered_to_me()
    bo.offer_draw()
    with pytest.raises(TableRefusal, match="No draw is offered to you"):
        bo.decline_draw()
    ann.decline_draw()
    assert not table.draw_offered and not table.finished
    assert table.latest_news == "ann (South) declines the draw"
    with pytest.raises(TableRefusal, match="watching"):
        TableSeat(table, CY).offer_draw()


def test_the_computer_takes_no_draw() -> None:
    record = GameRecord(MARTIAN, seed=1)
    table = Table(1, record, [SeatHolder.person(ANN), SeatHolder.computer("easy")])
    with pytest.raises(TableRefusal, match="computer"):
        TableSeat(table, ANN).offer_draw()
