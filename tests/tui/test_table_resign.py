"""Resigning at a table, without Textual: only a seated player of a live game resigns, the
other side wins with the reason "resigned", the clocks stop, and the ending survives the
save text the store and the filed game keep."""

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
