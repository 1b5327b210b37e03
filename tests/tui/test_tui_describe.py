"""What the screens say about a record: turns, winners, scores, hands."""

from __future__ import annotations

from rich.cells import cell_len
from tui_helpers import MARTIAN, martian_record

from core import GameRecord
from core.outcome import Outcome
from core.view import TrayItem
from tui.play.describe import (
    PLAYERS_CELLS,
    log_line,
    panel_infos,
    players_text,
    seat_label,
    tray_text,
    turn_text,
    winners_text,
)


def four() -> GameRecord:
    return GameRecord(MARTIAN, {"players": "4"}, 1, ["Ann", "Bob", "Cy", "Di"])


def test_seats_are_named_with_their_players() -> None:
    record = martian_record()
    assert seat_label(record, 0) == "Alice (South)"
    assert players_text(record) == "Alice vs Bob"
    unnamed = GameRecord(MARTIAN)
    assert seat_label(unnamed, 1) == "North"
    assert turn_text(unnamed) == "South to move"


def test_winners_in_words() -> None:
    record = four()
    assert winners_text(record, Outcome((), "deadlock")) == "Draw"
    assert winners_text(record, Outcome((0,), "x")) == "Ann (South-West) wins"
    assert winners_text(record, Outcome((0, 2), "x")) == "Ann (South-West) and Cy (North-East) win"
    assert (
        winners_text(record, Outcome((0, 1, 3), "x"))
        == "Ann (South-West), Bob (North-West) and Di (South-East) win"
    )


def test_panels_follow_the_turn_and_the_scores() -> None:
    record = martian_record(("c3-d4", "b6-a5", "d2xa5"))
    infos = panel_infos(record, record.state)
    summary = [(info.player, info.score, info.to_move) for info in infos]
    assert summary == [("Alice", 1, False), ("Bob", 0, True)]
    assert infos[0].lines == tuple(MARTIAN.panel_lines(record.state, 0))


def test_the_log_continues_where_redo_would_go() -> None:
    record = martian_record(("c3-d4", "b6-a5", "d2xa5"))
    record.undo()
    record.undo()
    entries, nodes, current = log_line(record)
    assert [(e.ply, e.notation, e.mover, e.ahead) for e in entries] == [
        (1, "c3-d4", "South", False),
        (2, "b6-a5", "North", True),
        (3, "d2xa5", "South", True),
    ]
    assert current == 0
    assert nodes[2] is record.mainline()[2]


def test_hand_items_name_what_the_key_does_not_say() -> None:
    assert tray_text(TrayItem("1", "1", 4)) == "1×4"
    assert tray_text(TrayItem("t", "10", 1)) == "t=10"
    assert tray_text(TrayItem("p", "portal", 2)) == "p=portal×2"


def test_more_than_two_players_are_listed_each_name_shortened_to_fit() -> None:
    assert players_text(four()) == "Ann, Bob, Cy, Di"
    names = ["Alexandra", "Bartholomew", "Cy", "Di"]
    long = GameRecord(MARTIAN, {"players": "4"}, 1, names)
    text = players_text(long)
    assert cell_len(text) <= PLAYERS_CELLS
    shown = text.split(", ")
    assert shown[2:] == ["Cy", "Di"]  # short names whole
    for name, short in zip(names[:2], shown[:2], strict=True):
        assert short.endswith("…") and name.startswith(short[:-1]) and len(short) >= 5
