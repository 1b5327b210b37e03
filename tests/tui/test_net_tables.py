"""Tables without a terminal: who may sit, move and take back, what is saved after every change
and what comes back when the server starts again, and a computer seat playing its turns."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_helpers import make_hall
from waiting import wait_for

from core.registry import find_game
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.table import Table, TableRefusal

MARTIAN = find_game("martian-chess")
ALICE, BOB, CAROL, DAN = (PlayerIdentity(name) for name in ("alice", "bob", "carol", "dan"))


class Watcher:
    """A stand-in for a screen: who it is and the news it heard."""

    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player
        self.news: list[str] = []

    def table_changed(self, table: Table, news: str) -> None:
        self.news.append(news)


def two_player_table(tmp_path: Path) -> Table:
    hall = make_hall(tmp_path)
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    return table


def moves(table: Table) -> list[str]:
    return [node.notation for node in table.record.mainline()]


def test_seats_are_taken_once_and_the_game_begins_when_all_are(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    with pytest.raises(TableRefusal, match=r"begins when every seat is taken \(free: North\)"):
        table.play(ALICE, MARTIAN.parse_move(table.record.state, "b1-a1"))
    with pytest.raises(TableRefusal, match="You already sit at this table as South"):
        table.sit(ALICE, 1)
    with pytest.raises(TableRefusal, match=r"alice \(South\) has that seat already"):
        table.sit(BOB, 0)
    table.sit(BOB, 1)
    assert table.started and table.record.players == ["alice", "bob"]
    with pytest.raises(TableRefusal, match=r"bob \(North\) has that seat already"):
        table.sit(CAROL, 1)
    with pytest.raises(TableRefusal, match="your seat stays yours"):
        table.leave(BOB)


def test_only_the_seat_to_move_moves_and_core_checks_the_move(tmp_path: Path) -> None:
    table = two_player_table(tmp_path)
    state = table.record.state
    south_move = MARTIAN.parse_move(state, "b1-a1")
    with pytest.raises(TableRefusal, match=r"It is alice \(South\)'s turn, not yours"):
        table.play(BOB, south_move)
    with pytest.raises(TableRefusal, match="You are watching this table"):
        table.play(CAROL, south_move)
    table.play(ALICE, south_move)
    # Now North is to move: alice may neither move again nor move North's pieces.
    with pytest.raises(TableRefusal, match=r"It is bob \(North\)'s turn, not yours"):
        table.play(ALICE, MARTIAN.parse_move(table.record.state, "c8-d8"))
    # And a move the rules forbid is refused with core's reason.
    with pytest.raises(TableRefusal, match="c8-c6: the pawn on c7 is in the way"):
        table.play(BOB, MARTIAN.parse_move(table.record.state, "c8-d8")._replace(dst=22))
    assert moves(table) == ["b1-a1"]


def test_a_takeback_needs_the_opponents_consent(tmp_path: Path) -> None:
    table = two_player_table(tmp_path)
    listener = Watcher(BOB)
    table.watch(listener)
    with pytest.raises(TableRefusal, match="no move to take back"):
        table.ask_takeback(ALICE)
    table.play(ALICE, MARTIAN.parse_move(table.record.state, "b1-a1"))
    table.play(BOB, MARTIAN.parse_move(table.record.state, "c8-d8"))
    with pytest.raises(TableRefusal, match="Nobody is asking"):
        table.answer_takeback(BOB, True)
    table.ask_takeback(ALICE)
    assert listener.news[-1] == "alice (South) asks to take back b1-a1"
    with pytest.raises(TableRefusal, match="not yours to answer"):
        table.answer_takeback(ALICE, True)
    table.answer_takeback(BOB, False)
    assert moves(table) == ["b1-a1", "c8-d8"] and table.takeback is None
    table.ask_takeback(ALICE)
    table.answer_takeback(BOB, True)
    # Back to before alice's move: bob's reply goes too, and it is alice's turn again.
    assert table.record.current is table.record.root
    assert MARTIAN.to_move(table.record.state) == 0
    assert "b1-a1 is taken back" in listener.news[-1]
    table.play(ALICE, MARTIAN.parse_move(table.record.state, "b3-c4"))
    assert moves(table) == ["b3-c4"]  # the new main line; the old moves stay a variation


def test_a_move_played_instead_of_an_answer_drops_the_request(tmp_path: Path) -> None:
    table = two_player_table(tmp_path)
    table.play(ALICE, MARTIAN.parse_move(table.record.state, "b1-a1"))
    table.ask_takeback(ALICE)
    table.play(BOB, MARTIAN.parse_move(table.record.state, "c8-d8"))
    assert table.takeback is None
    with pytest.raises(TableRefusal, match="Nobody is asking"):
        table.answer_takeback(BOB, True)


def test_with_four_players_every_other_player_must_agree(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    table = hall.open_table(MARTIAN, {"players": "4"}, [ME, OPEN, OPEN, OPEN], ALICE)
    for seat, player in enumerate((BOB, CAROL, DAN), start=1):
        table.sit(player, seat)
    table.play(ALICE, MARTIAN.legal_moves(table.record.state)[0])
    table.ask_takeback(ALICE)
    table.answer_takeback(BOB, True)
    table.answer_takeback(CAROL, True)
    assert len(moves(table)) == 1
    table.answer_takeback(DAN, True)
    assert table.record.current is table.record.root


def test_every_change_is_saved_and_a_new_server_restores_the_tables(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    table.play(ALICE, MARTIAN.parse_move(table.record.state, "b1-a1"))
    table.play(BOB, MARTIAN.parse_move(table.record.state, "c8-d8"))
    table.ask_takeback(BOB)
    table.answer_takeback(ALICE, True)
    stored = hall.store.load(1)
    assert stored is not None and stored.plies == 1
    text = stored.game_text
    assert '[Seat1Player "name:alice"]' in text and '[Seat2Player "name:bob"]' in text

    restarted = make_hall(tmp_path)
    assert restarted.restore() == 1
    again = restarted.table(1)
    assert again is not None
    assert again.record.state == table.record.state
    assert [holder and holder.identity for holder in again.holders] == ["name:alice", "name:bob"]
    assert again.seat_of(BOB) == 1 and again.record.players == ["alice", "bob"]
    # The game goes on from there, and the next table gets the next number.
    again.play(BOB, MARTIAN.parse_move(again.record.state, "c8-d8"))
    other = restarted.open_table(MARTIAN, {}, [ME, OPEN], CAROL)
    assert other.number == 2


def test_a_finished_game_is_filed_and_its_table_leaves_when_nobody_looks(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    screen = Watcher(ALICE)
    table.watch(screen)
    for text in ("clock", "b1-a1", "c8-d8", "a1-b1", "d8-c8", "b1-a1", "c8-d8", "a1-b1"):
        mover = (ALICE, BOB)[MARTIAN.to_move(table.record.state)]
        table.play(mover, MARTIAN.parse_move(table.record.state, text))
    assert table.finished and table.filed_as is not None and table.filed_as.exists()
    stored = hall.store.load(1)
    assert stored is not None and stored.status == "finished"
    assert "game over: Draw" in screen.news[-1]
    assert hall.listed() == [table]
    table.unwatch(screen)
    assert hall.listed() == []
    assert [entry.result for entry in hall.storage.list_games()] == ["1/2-1/2"]


def test_a_table_nobody_sits_at_goes_when_its_last_watcher_leaves(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    screen = Watcher(ALICE)
    table.watch(screen)
    table.leave(ALICE)
    assert hall.listed() == [table]
    table.unwatch(screen)
    stored = hall.store.load(1)
    assert hall.listed() == [] and stored is not None and stored.status == "closed"


def test_opening_a_table_checks_the_seats(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    with pytest.raises(TableRefusal, match="only one seat"):
        hall.open_table(MARTIAN, {}, [ME, ME], ALICE)
    with pytest.raises(TableRefusal, match="at least one seat for a person"):
        hall.open_table(MARTIAN, {}, ["computer:easy", "computer:easy"], ALICE)
    with pytest.raises(TableRefusal, match="has 4 seats"):
        hall.open_table(MARTIAN, {"players": "4"}, [ME, OPEN], ALICE)


def test_a_computer_seat_plays_its_turns_in_another_process(tmp_path: Path) -> None:
    async def scenario() -> list[str]:
        hall = make_hall(tmp_path)
        try:
            table = hall.open_table(MARTIAN, {}, [ME, "computer:easy"], ALICE)
            assert table.started
            table.play(ALICE, MARTIAN.parse_move(table.record.state, "b1-a1"))
            await wait_for(  # the first search starts the worker process: allow for it
                lambda: len(table.record.mainline()) == 2, 30.0, "the computer's reply"
            )
            return moves(table)
        finally:
            hall.close()

    played = asyncio.run(scenario())
    assert len(played) == 2 and played[0] == "b1-a1"
