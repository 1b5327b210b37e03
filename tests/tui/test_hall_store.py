"""Two halls on one store, as two server processes have (each its own connection): each sees
the other's tables, seats, moves and takebacks, its screens and lobbies told as of its own; of
two moves at one ply the store keeps one, and the other mover is told in one sentence while
their screen shows the game as it stands; the feed's thread brings the changes in by itself;
table files of earlier versions come into the store once, moved aside, never deleted; and a
damaged database is said in one line of the log, its tables read back."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from net_helpers import make_hall
from waiting import wait_for

from core.registry import find_game
from saves import paths
from saves.store import sqlite as store_sqlite
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.stored_tables import IMPORTED_FOLDER
from tui.play.table import Table, TableRefusal
from tui.play.table_cache import RACED
from tui.play.table_files import table_path, tables_dir

MARTIAN = find_game("martian-chess")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")


class Screen:
    """A stand-in for a table screen: who it is and the news it heard."""

    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player
        self.news: list[str] = []

    def table_changed(self, table: Table, news: str) -> None:
        self.news.append(news)


class Lobby:
    def __init__(self) -> None:
        self.told = 0

    def hall_changed(self) -> None:
        self.told += 1


def play(table: Table, player: PlayerIdentity, notation: str) -> None:
    table.play(player, MARTIAN.parse_move(table.record.state, notation))


def line(table: Table) -> list[str]:
    return [node.notation for node in table.record.line()]


def same_table(hall: TableHall, number: int) -> Table:
    found = hall.table(number)
    assert found is not None
    return found


def test_each_hall_sees_the_others_tables_seats_moves_and_takebacks(tmp_path: Path) -> None:
    here, there = make_hall(tmp_path), make_hall(tmp_path)
    try:
        lobby = Lobby()
        there.watch(lobby)
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        alice = Screen(ALICE)
        mine.watch(alice)
        there.flush()
        theirs = same_table(there, mine.number)
        assert lobby.told == 1 and theirs is not mine
        assert theirs.holders == mine.holders and theirs.free_seats() == [1]

        theirs.sit(BOB, 1)
        bob = Screen(BOB)
        theirs.watch(bob)
        here.flush()
        assert mine.started and mine.seat_of(BOB) == 1
        assert alice.news[-1] == "bob sat down as North; the game begins: alice (South) to move"

        play(mine, ALICE, "b1-a1")
        there.flush()
        assert line(theirs) == ["b1-a1"] and theirs.record.state == mine.record.state
        assert bob.news[-1] == alice.news[-1] == "alice (South) played b1-a1"
        play(theirs, BOB, "c8-d8")
        here.flush()
        assert line(mine) == ["b1-a1", "c8-d8"] and alice.news[-1] == "bob (North) played c8-d8"

        mine.ask_takeback(ALICE)
        mine.answer_takeback(BOB, True)
        assert line(mine) == []
        there.flush()
        assert line(theirs) == [] and theirs.record.state == mine.record.state
        assert bob.news[-1] == "b1-a1 is taken back; alice (South) to move"
        # The game goes on from there in either hall.
        play(theirs, ALICE, "b3-c4")
        here.flush()
        assert line(mine) == ["b3-c4"]
    finally:
        here.close()
        there.close()


def test_of_two_moves_at_one_ply_the_store_keeps_one_and_the_other_mover_is_told(
    tmp_path: Path,
) -> None:
    here, there = make_hall(tmp_path), make_hall(tmp_path)
    try:
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        mine.sit(BOB, 1)
        there.flush()
        theirs = same_table(there, mine.number)
        screen = Screen(ALICE)
        theirs.watch(screen)
        view = theirs.view
        play(mine, ALICE, "b1-a1")
        # The other hall has not heard of it yet: its move is at the same ply, and loses.
        with pytest.raises(TableRefusal) as refused:
            play(theirs, ALICE, "b3-c4")
        assert str(refused.value) == RACED
        assert line(theirs) == ["b1-a1"] and theirs.record.state == mine.record.state
        # The screen's own view of the game shows it.
        assert view.state == mine.record.state and view.current.ply == 1
        assert screen.news[-1] == "alice (South) played b1-a1"
        stored = here.store.load(mine.number)
        assert stored is not None and here.store.moves(mine.number) == ["b1-a1"]
        # And the loser plays on from the real position.
        play(theirs, BOB, "c8-d8")
        here.flush()
        assert line(mine) == ["b1-a1", "c8-d8"]
    finally:
        here.close()
        there.close()


def test_a_seat_taken_in_the_other_hall_first_is_refused(tmp_path: Path) -> None:
    here, there = make_hall(tmp_path), make_hall(tmp_path)
    try:
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        there.flush()
        theirs = same_table(there, mine.number)
        mine.sit(BOB, 1)
        with pytest.raises(TableRefusal, match="not free"):
            theirs.sit(PlayerIdentity("carol"), 1)
        assert theirs.seat_of(BOB) == 1 and theirs.started
    finally:
        here.close()
        there.close()


def test_the_feed_brings_another_halls_changes_in_by_itself(tmp_path: Path) -> None:
    async def scenario() -> None:
        here, there = make_hall(tmp_path), make_hall(tmp_path)
        try:
            here.start()
            there.start()
            lobby = Lobby()
            there.watch(lobby)
            mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
            await wait_for(lambda: there.table(mine.number) is not None, what="the new table")
            theirs = same_table(there, mine.number)
            screen = Screen(BOB)
            theirs.watch(screen)
            mine.sit(BOB, 1)
            play(mine, ALICE, "b1-a1")
            await wait_for(lambda: line(theirs) == ["b1-a1"], what="the move")
            assert screen.news[-1] == "alice (South) played b1-a1" and lobby.told >= 2
            assert theirs.record.state == mine.record.state
        finally:
            here.close()
            there.close()

    asyncio.run(scenario())


def test_table_files_come_into_the_store_once_and_are_kept(tmp_path: Path) -> None:
    elsewhere = tmp_path / "old"
    elsewhere.mkdir()
    old = make_hall(elsewhere)
    table = old.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    play(table, ALICE, "b1-a1")
    stored = old.store.load(table.number)
    old.close()
    assert stored is not None
    data = tmp_path / "server"
    tables_dir(data).mkdir(parents=True)
    table_path(data, 4).write_text(stored.game_text.replace('[Table "1"]', '[Table "4"]'))

    hall = make_hall(data)
    try:
        assert hall.restore() == 1
        back = same_table(hall, 4)
        assert line(back) == ["b1-a1"] and back.seat_of(BOB) == 1
        assert not table_path(data, 4).exists()
        kept = tables_dir(data) / IMPORTED_FOLDER / "table-4.pawn"
        assert '[Table "4"]' in kept.read_text()
        assert hall.store.moves(4) == ["b1-a1"]
    finally:
        hall.close()
    again = make_hall(data)
    try:
        assert again.restore() == 1 and kept.exists()
        assert [table.number for table in again.store.listed()] == [4]
        # The next table opened gets the next number.
        assert again.open_table(MARTIAN, {}, [ME, OPEN], ALICE).number == 5
    finally:
        again.close()


def test_a_damaged_database_is_said_in_one_line_and_its_tables_come_back(
    tmp_path: Path,
) -> None:
    first = make_hall(tmp_path)
    table = first.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    play(table, ALICE, "b1-a1")
    first.close()
    filed = tmp_path / "games"
    filed.mkdir(exist_ok=True)
    (filed / "kept.pawn").write_text("a game")
    database = paths.store_file(tmp_path)
    with closing(sqlite3.connect(database)) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        (root,) = raw.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'library_listing'"
        ).fetchone()
    data = bytearray(database.read_bytes())
    data[(root - 1) * page_size : root * page_size] = b"\xde\xad" * (page_size // 2)
    database.write_bytes(bytes(data))
    store_sqlite._checked.clear()  # a new process

    hall = make_hall(tmp_path)
    try:
        lines = (tmp_path / "tables.log").read_text().splitlines()
        said = [line for line in lines if "pawnshop.sqlite3" in line]
        assert len(said) == 1 and "it is kept as pawnshop.sqlite3.bad-" in said[0]
        assert "1 of the 1 open tables found in it are in a new one." in said[0]
        assert hall.restore() == 1
        back = same_table(hall, 1)
        assert line(back) == ["b1-a1"] and back.seat_of(BOB) == 1
        play(back, BOB, "c8-d8")
        assert (filed / "kept.pawn").read_text() == "a game"
    finally:
        hall.close()


def test_a_takeback_asked_in_one_hall_is_answered_in_the_other(tmp_path: Path) -> None:
    here, there = make_hall(tmp_path), make_hall(tmp_path)
    try:
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        mine.sit(BOB, 1)
        play(mine, ALICE, "b1-a1")
        there.flush()
        theirs = same_table(there, mine.number)
        bob = Screen(BOB)
        theirs.watch(bob)
        play(theirs, BOB, "c8-d8")
        here.flush()
        # Bob asks in his hall; Alice, in hers, is asked and says no.
        theirs.ask_takeback(BOB)
        here.flush()
        asked = mine.takeback
        assert asked is not None and (asked.seat, asked.move, asked.waiting) == (1, "c8-d8", {0})
        mine.answer_takeback(ALICE, False)
        there.flush()
        assert theirs.takeback is None and bob.news[-1] == "c8-d8 stays played"
        assert line(theirs) == ["b1-a1", "c8-d8"]
        # Asked again, she agrees: both halls go back to before Bob's move.
        theirs.ask_takeback(BOB)
        here.flush()
        assert mine.takeback is not None
        mine.answer_takeback(ALICE, True)
        there.flush()
        assert line(theirs) == line(mine) == ["b1-a1"] and theirs.takeback is None
        assert bob.news[-1] == "c8-d8 is taken back; bob (North) to move"
        with pytest.raises(TableRefusal, match="no move to take back"):
            theirs.ask_takeback(BOB)
        # A move played while a takeback is asked answers it, in every hall.
        mine.ask_takeback(ALICE)
        there.flush()
        assert (
            theirs.takeback is not None and bob.news[-1] == "alice (South) asks to take back b1-a1"
        )
        play(theirs, BOB, "c8-d8")
        here.flush()
        assert mine.takeback is None and line(mine) == ["b1-a1", "c8-d8"]
    finally:
        here.close()
        there.close()


def test_a_table_file_brought_in_by_another_process_first_is_not_set_aside(
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "old"
    elsewhere.mkdir()
    old = make_hall(elsewhere)
    table = old.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    stored = old.store.load(table.number)
    old.close()
    assert stored is not None
    data = tmp_path / "server"
    tables_dir(data).mkdir(parents=True)
    table_path(data, 1).write_text(stored.game_text)
    first = make_hall(data)
    # As if another process had brought the file in just before this one read it.
    copy = table_path(data, 1).read_text()
    assert first.restore() == 1
    table_path(data, 1).write_text(copy)
    second = make_hall(data)
    try:
        assert second.restore() == 1
        assert not (tables_dir(data) / "set-aside").exists()
        assert len(list((tables_dir(data) / IMPORTED_FOLDER).iterdir())) == 2
    finally:
        first.close()
        second.close()
