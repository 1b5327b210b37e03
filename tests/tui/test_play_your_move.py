"""Correspondence first: which tables await a player's move, the lobby's order (those first),
and the next such table after the one a player is at, going round."""

from __future__ import annotations

from core import GameRecord, find_game
from tui.play.identity import PlayerIdentity
from tui.play.table import SeatHolder, Table
from tui.play.table_endings import resign
from tui.play.table_rows import YOUR_MOVE, lobby_order, next_your_move, seats_text, your_move

MARTIAN = find_game("martian")
ANN, BO = PlayerIdentity("ann", "SHA256:ann"), PlayerIdentity("bo", "SHA256:bo")


def table(number: int, south: PlayerIdentity | None, north: PlayerIdentity | None) -> Table:
    holders = [SeatHolder.person(p) if p else None for p in (south, north)]
    return Table(number, GameRecord(MARTIAN, seed=1), holders)


def test_tables_awaiting_the_viewer_come_first_and_the_next_goes_round() -> None:
    tables = [table(1, BO, ANN), table(2, ANN, BO), table(3, ANN, None), table(4, ANN, BO)]
    assert [your_move(t, ANN) for t in tables] == [False, True, False, True]  # 3 not begun
    assert [t.number for t in lobby_order(tables, ANN)] == [2, 4, 1, 3]
    assert [t.number for t in lobby_order(tables, BO)] == [1, 2, 3, 4]
    assert YOUR_MOVE == "your move"
    found = next_your_move(tables, ANN, None)
    assert found is not None and found.number == 2
    found = next_your_move(tables, ANN, 2)
    assert found is not None and found.number == 4
    found = next_your_move(tables, ANN, 4)
    assert found is not None and found.number == 2
    resign(tables[3], ANN)
    assert next_your_move(tables, ANN, 2) is None


def test_seats_show_the_ratings_given_names_as_they_are() -> None:
    hostile = PlayerIdentity("[b]x[/]", "SHA256:x")
    shown = table(1, hostile, None)
    ratings = {"SHA256:x": "1500?"}
    text = seats_text(shown, BO, lambda h, game: ratings.get(h.identity, "") if h else "")
    assert text == "[b]x[/] 1500? (away) · free"
