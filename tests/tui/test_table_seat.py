"""One player's controller at a shared table, without Textual: intents go to the table, which
checks them, and each player sees only what their seat may see."""

from __future__ import annotations

import pytest

from core import GameRecord, find_game
from tui.play.identity import PlayerIdentity
from tui.play.record_view import ReadOnlyRecordError
from tui.play.table import SeatHolder, Table, TableRefusal
from tui.play.table_seat import ASKED, TableSeat

MARTIAN = find_game("martian")
MAC = find_game("mac")
ANN, BO, CY = PlayerIdentity("ann"), PlayerIdentity("bo"), PlayerIdentity("cy")


def table_of(record: GameRecord, *players: PlayerIdentity | None) -> Table:
    return Table(1, record, [SeatHolder.person(p) if p else None for p in players])


def test_a_move_goes_to_the_table_and_only_on_ones_own_turn() -> None:
    table = table_of(GameRecord(MARTIAN, seed=1), ANN, BO)
    ann, bo = TableSeat(table, ANN), TableSeat(table, BO)
    move = MARTIAN.legal_moves(table.record.state)[0]
    assert ann.seat == 0 and bo.seat == 1
    assert bo.refusal() is not None and ann.refusal() is None
    with pytest.raises(TableRefusal, match="turn"):
        bo.play(move)
    ann.play(move)
    assert table.record.current.move == move and table.record.current.ply == 1


def test_a_spectator_may_not_move_and_is_told_why() -> None:
    table = table_of(GameRecord(MARTIAN, seed=1), ANN, BO)
    watcher = TableSeat(table, CY)
    assert watcher.seat is None
    refusal = watcher.refusal()
    assert refusal is not None and "watching" in str(refusal)


def test_each_seat_sees_only_its_own_view_until_the_game_is_over() -> None:
    record = GameRecord(MAC, {"mode": "dark", "tokens": "on"}, 3, ["ann", "bo"])
    table = table_of(record, ANN, BO)
    views = [TableSeat(table, player).viewer_state() for player in (ANN, BO, CY)]
    assert views == [MAC.view(record.state, seat) for seat in (0, 1, None)]
    assert views[0] != record.state  # the pieces lie face down


def test_a_finished_game_shows_everything() -> None:
    record = GameRecord(MAC, {"mode": "dark", "tokens": "on"}, 3, ["ann", "bo"])
    while record.outcome() is None:
        record.play(MAC.legal_moves(record.state)[0], main=True)
    table = table_of(record, ANN, BO)
    assert TableSeat(table, BO).viewer_state() == record.state


def test_a_takeback_waits_for_the_other_player_who_is_asked_and_answers() -> None:
    table = table_of(GameRecord(MARTIAN, seed=1), ANN, BO)
    ann, bo = TableSeat(table, ANN), TableSeat(table, BO)
    ann.play(MARTIAN.legal_moves(table.record.state)[0])
    assert ann.ask_takeback() == ASKED
    assert ann.question_for_me() is None
    question = bo.question_for_me()
    assert question is not None and question.seat == 0
    bo.answer_takeback(question, accept=True)
    assert table.record.current is table.record.root and table.takeback is None


def test_an_answer_to_a_question_already_settled_changes_nothing() -> None:
    table = table_of(GameRecord(MARTIAN, seed=1), ANN, BO)
    ann, bo = TableSeat(table, ANN), TableSeat(table, BO)
    ann.play(MARTIAN.legal_moves(table.record.state)[0])
    ann.ask_takeback()
    question = bo.question_for_me()
    assert question is not None
    bo.answer_takeback(question, accept=False)
    ann.ask_takeback()  # asked again: a new question
    bo.answer_takeback(question, accept=True)  # the old one's answer
    assert table.record.current.ply == 1 and table.takeback is not None


def test_no_move_is_played_before_every_seat_is_taken() -> None:
    table = table_of(GameRecord(MARTIAN, seed=1), ANN, None)
    with pytest.raises(TableRefusal, match="every seat"):
        TableSeat(table, ANN).play(MARTIAN.legal_moves(table.record.state)[0])


def test_the_seat_hands_the_screen_the_game_read_only_as_it_stands() -> None:
    table = table_of(GameRecord(MARTIAN, seed=1), ANN, BO)
    ann = TableSeat(table, ANN)
    shown = ann.record
    move = MARTIAN.legal_moves(shown.state)[0]
    with pytest.raises(ReadOnlyRecordError):
        shown.play(move, main=True)
    assert table.record.current is table.record.root
    ann.play(move)
    assert shown.current == table.record.current and shown.current.move == move


def test_the_screen_reaches_the_table_only_through_the_seat_s_methods() -> None:
    table = table_of(GameRecord(MARTIAN, seed=1), ANN, BO)
    ann = TableSeat(table, ANN)
    public = {name: value for name, value in vars(ann).items() if not name.startswith("_")}
    assert table not in public.values() and not hasattr(ann, "table")
