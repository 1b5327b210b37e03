"""The promises of ``saves.store.tables.TableStore``, checked on any store.

Each ``check_*`` function takes ``open_store``: a function of no arguments opening a new
connection to one and the same empty store (each call as another server process would). It
must be picklable (a module-level function or a ``functools.partial`` of one) for the checks
that run other processes. A store's test module runs every check in ``CHECKS``::

    @pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
    def test_contract(check, tmp_path): check(partial(SqliteTableStore, tmp_path))

The game texts here are any text: a store never reads them.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from saves.store.tables import (
    MoveRaced,
    NoSuchTable,
    Presence,
    StaleTable,
    StoredSeat,
    StoredTable,
    TableNumberTaken,
    TableStore,
)

OpenStore = Callable[[], TableStore]

ANN = StoredSeat("ann", "name:ann")
BOB = StoredSeat("bob", "key:SHA256:bob")
EASY = StoredSeat("Computer (easy)", "", "easy")
#: Seconds a check waits for another process at most: a bound, never a measure.
DEADLINE = 30.0
_SPAWN = multiprocessing.get_context("spawn")


def wait_until(condition: Callable[[], object], what: str, timeout: float = DEADLINE) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {timeout:g} s for {what}")
        time.sleep(0.01)


@contextmanager
def opened(open_store: OpenStore) -> Iterator[TableStore]:
    store = open_store()
    try:
        yield store
    finally:
        store.close()


def text_of(moves: list[str]) -> str:
    """The game text a check stores with ``moves``: a store keeps it as given."""
    return "moves: " + " ".join(moves)


def new_table(store: TableStore, *seats: StoredSeat | None) -> StoredTable:
    return store.open_table("martian-chess", text_of([]), [], seats or (ANN, None))


# -- tables ---------------------------------------------------------------------------------


def check_tables_are_numbered_once_and_read_back(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        first = new_table(store, ANN, None)
        assert first == StoredTable(1, "martian-chess", text_of([]), 0, (ANN, None), "open", 1)
        second = new_table(other, None, EASY)
        assert second.number == 2 and second.seats == (None, EASY)
        brought = store.open_table("chase", "a game", ["a", "b"], (BOB,), number=7)
        assert (brought.number, brought.plies, brought.seats) == (7, 2, (BOB,))
        assert store.moves(7) == ["a", "b"]
        with pytest.raises(TableNumberTaken):
            other.open_table("chase", "again", [], (BOB,), number=7)
        assert new_table(other).number == 8
        assert [table.number for table in store.listed()] == [1, 2, 7, 8]
        assert other.load(1) == first and other.load(3) is None


def check_a_move_is_appended_only_at_the_ply_its_mover_saw(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        table = new_table(store, ANN, BOB)
        moved = store.append_move(table.number, 0, "b1-a1", text_of(["b1-a1"]))
        assert (moved.plies, moved.version, moved.game_text) == (1, 2, text_of(["b1-a1"]))
        with pytest.raises(MoveRaced) as raced:
            other.append_move(table.number, 0, "c8-d8", text_of(["c8-d8"]))
        assert raced.value.current == moved
        assert str(raced.value).endswith(".")
        assert other.load(table.number) == moved and other.moves(table.number) == ["b1-a1"]
        again = other.append_move(table.number, 1, "c8-d8", text_of(["b1-a1", "c8-d8"]))
        assert again.plies == 2 and store.moves(table.number) == ["b1-a1", "c8-d8"]
        with pytest.raises(NoSuchTable):
            store.append_move(99, 0, "x", "x")


def check_a_game_text_is_replaced_only_at_the_version_seen(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        table = new_table(store, ANN, BOB)
        for ply, move in enumerate(["a", "b", "c"]):
            table = store.append_move(table.number, ply, move, text_of(["a", "b", "c"][: ply + 1]))
        back = other.replace_game(table.number, table.version, text_of(["a"]), ["a"])
        assert (back.plies, back.version, back.game_text) == (1, table.version + 1, text_of(["a"]))
        assert store.moves(table.number) == ["a"]
        with pytest.raises(StaleTable) as stale:
            store.replace_game(table.number, table.version, text_of([]), [])
        assert stale.value.current == back
        assert store.append_move(table.number, 1, "d", text_of(["a", "d"])).plies == 2


def check_seats_are_taken_once_and_left_by_their_holder(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        table = new_table(store, ANN, None, None)
        sat = other.seat(table.number, 1, BOB)
        assert sat.seats == (ANN, BOB, None) and sat.version == 2
        for seat, holder in ((1, ANN), (0, BOB), (2, BOB), (3, EASY)):
            with pytest.raises(StaleTable) as refused:
                store.seat(table.number, seat, holder)
            assert refused.value.current == sat
        assert store.seat(table.number, 2, EASY).seats == (ANN, BOB, EASY)
        with pytest.raises(StaleTable):
            store.unseat(table.number, 1, ANN.identity)
        with pytest.raises(StaleTable):
            store.unseat(table.number, 2, "")
        left = store.unseat(table.number, 1, BOB.identity)
        assert left.seats == (ANN, None, EASY) and other.load(table.number) == left


def check_a_finished_game_is_archived_and_its_table_changes_no_more(
    open_store: OpenStore,
) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        table = new_table(store, ANN, BOB)
        assert store.archived(table.number) is None
        before = time.time()
        done = store.append_move(table.number, 0, "clock", "over", finishes=True)
        assert (done.status, done.plies, done.game_text) == ("finished", 1, "over")
        archived = other.archived(table.number)
        assert archived is not None and (archived.game_id, archived.game_text) == (
            "martian-chess",
            "over",
        )
        assert before - 1 <= archived.finished_at <= time.time() + 1
        assert other.listed() == []
        for change in (
            lambda: other.append_move(table.number, 1, "x", "x"),
            lambda: other.replace_game(table.number, done.version, "x", []),
            lambda: other.seat(table.number, 1, EASY),
            lambda: other.finish(table.number, done.version, "x"),
            lambda: other.close_table(table.number, done.version),
        ):
            with pytest.raises(StaleTable) as refused:
                change()
            assert refused.value.current == done
        assert other.set_aside(table.number, "no") == done
        second = new_table(store, ANN, BOB)
        with pytest.raises(StaleTable):
            store.finish(second.number, second.version + 1, "over")
        finished = store.finish(second.number, second.version, "the end")
        assert finished.status == "finished"
        archived = other.archived(second.number)
        assert archived is not None and archived.game_text == "the end"


def check_tables_set_aside_or_closed_leave_the_list(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        kept, aside, closed = (new_table(store) for _ in range(3))
        assert other.set_aside(aside.number, "the lobby cannot show it").reason == (
            "the lobby cannot show it"
        )
        with pytest.raises(StaleTable):
            store.close_table(closed.number, closed.version + 1)
        assert store.close_table(closed.number, closed.version).status == "closed"
        assert store.listed() == [kept]
        found = other.load(aside.number)
        assert found is not None and found.status == "set-aside"
        assert found.game_text == aside.game_text
        with pytest.raises(NoSuchTable):
            store.set_aside(99, "no such table")


# -- the change feed -----------------------------------------------------------------------


def check_the_feed_tells_every_store_which_tables_changed(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        assert store.changes_since(0) == (0, [])
        first = new_table(store)
        second = new_table(store)
        cursor, changed = other.changes_since(0)
        assert changed == [first.number, second.number]
        assert other.changes_since(cursor) == (cursor, [])
        store.seat(second.number, 1, BOB)
        store.append_move(second.number, 0, "a", "a")
        later, changed = other.changes_since(cursor)
        assert changed == [second.number] and later > cursor
        mine, changed = store.changes_since(cursor)
        assert (mine, changed) == (later, [second.number])
        # A cursor the store never gave is answered with every table.
        assert other.changes_since(later + 1000)[1] == [first.number, second.number]


def _a_seat_taken_ends_a_wait(writer: TableStore, waiter: TableStore) -> None:
    """A seat taken through ``writer`` ends a wait for changes under way on ``waiter``, which
    then reads the change."""
    table = new_table(writer)
    cursor, _ = waiter.changes_since(0)
    assert not waiter.wait_for_change(cursor, 0.05)
    woke: list[bool] = []
    waiting = threading.Thread(target=lambda: woke.append(waiter.wait_for_change(cursor, 20)))
    waiting.start()
    wait_until(lambda: waiting.is_alive(), "the wait to begin")
    started = time.monotonic()
    writer.seat(table.number, 1, BOB)
    waiting.join(DEADLINE)
    assert woke == [True] and time.monotonic() - started < 10
    assert waiter.changes_since(cursor)[1] == [table.number]


def check_a_wait_ends_when_another_store_writes(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        _a_seat_taken_ends_a_wait(store, other)
        # Closing the store ends a wait under way.
        cursor, _ = other.changes_since(0)
        ended: list[bool] = []
        waiting = threading.Thread(target=lambda: ended.append(other.wait_for_change(cursor, 60)))
        waiting.start()
        wait_until(lambda: waiting.is_alive(), "the wait to begin")
        other.close()
        waiting.join(DEADLINE)
        assert ended == [False]


def check_a_wait_ends_when_the_same_store_writes(open_store: OpenStore) -> None:
    """A write through the store a wait runs on ends it too: a store's own writes do not move
    the version another process's writes are polled by."""
    with opened(open_store) as store:
        _a_seat_taken_ends_a_wait(store, store)


# -- leases --------------------------------------------------------------------------------


def check_a_lease_has_one_holder_until_released_or_run_out(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        assert store.lease_holder("table:1") is None
        assert store.take_lease("table:1", "one", 60)
        assert not other.take_lease("table:1", "two", 60)
        assert other.lease_holder("table:1") == "one"
        assert store.take_lease("table:1", "one", 60)  # renews
        assert store.renew_lease("table:1", "one", 60)
        assert not other.renew_lease("table:1", "two", 60)
        other.release_lease("table:1", "two")  # not theirs: nothing happens
        assert store.lease_holder("table:1") == "one"
        store.release_lease("table:1", "one")
        assert other.take_lease("table:1", "two", 0.2)
        assert not store.renew_lease("table:1", "one", 60)
        wait_until(lambda: store.take_lease("table:1", "one", 60), "the short lease to run out")
        assert not other.renew_lease("table:1", "two", 60)
        assert other.lease_holder("table:1") == "one"


# -- players -------------------------------------------------------------------------------


def check_players_are_remembered_with_when_they_came(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        assert store.player("SHA256:abc") is None
        first = store.add_player("SHA256:abc", "ann", "SHA256:abc")
        assert (first.key, first.name, first.key_fingerprint) == ("SHA256:abc", "ann", "SHA256:abc")
        assert first.last_seen == first.created > 0
        again = other.add_player("SHA256:abc", "annie", "SHA256:abc")
        assert again.name == "annie" and again.created == first.created
        assert again.last_seen >= first.last_seen
        assert store.player("SHA256:abc") == again
        plain = other.add_player("name:bob", "bob", None)
        assert plain.key_fingerprint is None and store.player("name:bob") == plain


# -- presence ------------------------------------------------------------------------------


def check_presence_is_kept_per_process_and_told_on_the_feed(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        first, second = new_table(store), new_table(store)
        cursor, _ = other.changes_since(0)
        assert other.presence() == []
        store.show_presence("one", first.number, {ANN.identity: 1}, 60)
        assert other.presence() == [Presence("one", first.number, ANN.identity, 1)]
        cursor, changed = other.changes_since(cursor)
        assert changed == [first.number]
        assert other.load(first.number) == first  # the table's version stays
        other.show_presence("two", first.number, {BOB.identity: 2}, 60)
        store.show_presence("one", first.number, {ANN.identity: 2, BOB.identity: 1}, 60)
        store.show_presence("one", second.number, {BOB.identity: 1, "name:nobody": 0}, 60)
        assert store.presence() == [
            Presence("one", first.number, BOB.identity, 1),  # key:... before name:...
            Presence("one", first.number, ANN.identity, 2),
            Presence("two", first.number, BOB.identity, 2),
            Presence("one", second.number, BOB.identity, 1),
        ]
        cursor, changed = other.changes_since(cursor)
        assert changed == [first.number, second.number]
        store.show_presence("one", first.number, {}, 60)
        assert [p.holder for p in other.presence() if p.number == first.number] == ["two"]
        other.clear_presence("one")  # a process stopping cleanly
        assert other.presence() == [Presence("two", first.number, BOB.identity, 2)]
        cursor, changed = store.changes_since(cursor)
        assert changed == [first.number, second.number]


def check_presence_runs_out_unless_renewed(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        table = new_table(store)
        store.show_presence("kept", table.number, {ANN.identity: 1}, 0.2)
        store.renew_presence("kept", 60)
        other.show_presence("gone", table.number, {BOB.identity: 1}, 0.2)
        assert {p.holder for p in store.presence()} == {"kept", "gone"}
        # "gone" was shown after "kept" with as little time: once it has run out, so would
        # "kept" have, had it not been renewed.
        wait_until(
            lambda: [p.holder for p in other.presence()] == ["kept"], "the presence to run out"
        )


# -- filing finished games -------------------------------------------------------------------


def check_where_a_finished_game_was_filed_is_kept(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        table = new_table(store, ANN, BOB)
        assert store.unfiled() == []
        store.append_move(table.number, 0, "clock", "over", finishes=True)
        cursor, _ = other.changes_since(0)
        entry = other.archived(table.number)
        assert entry is not None and entry.filed_as is None
        assert other.unfiled() == [entry]
        filed = store.record_filed(table.number, "2026-11-27_1200_martian-chess_ann-bob.pawn")
        assert filed.filed_as == "2026-11-27_1200_martian-chess_ann-bob.pawn"
        assert other.archived(table.number) == filed and other.unfiled() == []
        assert other.changes_since(cursor)[1] == [table.number]
        with pytest.raises(NoSuchTable):
            store.record_filed(new_table(store).number, "no.pawn")
        assert other.filed_names() == [(table.number, filed.filed_as)]
        second = new_table(store, ANN, BOB)
        store.append_move(second.number, 0, "clock", "over", finishes=True)
        assert other.filed_names([second.number]) == []  # finished, not filed yet
        store.record_filed(second.number, "kept.pawn")
        assert other.filed_names([second.number, 999]) == [(second.number, "kept.pawn")]
        assert [number for number, _ in other.filed_names()] == [table.number, second.number]
        assert other.filed_names([]) == []


# -- other processes -----------------------------------------------------------------------


def _race_at_one_ply(open_store: OpenStore, number: int, move: str, barrier: Any, out: Any) -> None:
    with opened(open_store) as store:
        seen = store.load(number)
        assert seen is not None
        barrier.wait(DEADLINE)
        try:
            store.append_move(number, seen.plies, move, move)
        except MoveRaced as raced:
            out.put(("raced", move, raced.current.plies, raced.current.game_text))
        else:
            out.put(("won", move, 0, ""))


def check_of_two_processes_moving_at_one_ply_exactly_one_wins(open_store: OpenStore) -> None:
    with opened(open_store) as store:
        table = new_table(store, ANN, BOB)
        for _ in range(3):  # three races, each at the next ply
            barrier, out = _SPAWN.Barrier(2), _SPAWN.Queue()
            racers = [
                _SPAWN.Process(
                    target=_race_at_one_ply, args=(open_store, table.number, m, barrier, out)
                )
                for m in (f"{table.plies}-a", f"{table.plies}-b")
            ]
            for racer in racers:
                racer.start()
            results = sorted(out.get(timeout=DEADLINE) for _ in racers)
            for racer in racers:
                racer.join(DEADLINE)
            assert [result[0] for result in results] == ["raced", "won"]
            won_move = results[1][1]
            assert results[0][2:] == (table.plies + 1, won_move)
            after = store.load(table.number)
            assert after is not None and after.plies == table.plies + 1
            assert store.moves(table.number)[-1] == won_move == after.game_text
            table = after


def _write_many(open_store: OpenStore, number: int, tag: str, count: int) -> None:
    """Append ``count`` moves to table ``number`` and open as many tables of its own, racing
    whoever else writes: a lost race is read again and tried again."""
    with opened(open_store) as store:
        done = 0
        while done < count:
            table = store.load(number)
            assert table is not None
            moves = store.moves(number)
            move = f"{tag}{done}"
            try:
                store.append_move(number, table.plies, move, text_of([*moves, move]))
            except MoveRaced:
                continue
            new_table(store)
            done += 1


def check_processes_writing_at_once_lose_nothing(open_store: OpenStore) -> None:
    with opened(open_store) as store:
        shared = new_table(store, ANN, BOB)
        writers = [
            _SPAWN.Process(target=_write_many, args=(open_store, shared.number, tag, 25))
            for tag in ("p", "q", "r")
        ]
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join(DEADLINE * 4)
            assert writer.exitcode == 0
        table = store.load(shared.number)
        moves = store.moves(shared.number)
        assert table is not None and table.plies == len(moves) == 75
        assert table.game_text == text_of(moves)
        for tag in ("p", "q", "r"):
            assert [move for move in moves if move[0] == tag] == [f"{tag}{n}" for n in range(25)]
        numbers = [table.number for table in store.listed()]
        assert numbers == list(range(1, 77))


def _hold_lease(open_store: OpenStore, key: str, seconds: float, ready: Any) -> None:
    with opened(open_store) as store:
        assert store.take_lease(key, f"pid-{os.getpid()}", seconds)
        ready.set()
        while True:  # renews until killed
            store.renew_lease(key, f"pid-{os.getpid()}", seconds)
            time.sleep(seconds / 4)


def check_the_lease_of_a_killed_holder_runs_out(open_store: OpenStore) -> None:
    with opened(open_store) as store:
        ready = _SPAWN.Event()
        holder = _SPAWN.Process(target=_hold_lease, args=(open_store, "table:3", 1.0, ready))
        holder.start()
        try:
            assert ready.wait(DEADLINE)
            assert store.lease_holder("table:3") == f"pid-{holder.pid}"
            assert not store.take_lease("table:3", "me", 60)
        finally:
            assert holder.pid is not None
            os.kill(holder.pid, signal.SIGKILL)
            holder.join(DEADLINE)
        wait_until(lambda: store.take_lease("table:3", "me", 60), "the dead holder's lease")
        assert store.lease_holder("table:3") == "me"


def _present_until_killed(open_store: OpenStore, number: int, ready: Any) -> None:
    with opened(open_store) as store:
        store.show_presence(f"pid-{os.getpid()}", number, {ANN.identity: 1}, 1.0)
        ready.set()
        while True:  # renews until killed
            store.renew_presence(f"pid-{os.getpid()}", 1.0)
            time.sleep(0.25)


def check_the_presence_of_a_killed_process_runs_out(open_store: OpenStore) -> None:
    with opened(open_store) as store:
        table = new_table(store)
        ready = _SPAWN.Event()
        process = _SPAWN.Process(
            target=_present_until_killed, args=(open_store, table.number, ready)
        )
        process.start()
        try:
            assert ready.wait(DEADLINE)
            assert store.presence() == [
                Presence(f"pid-{process.pid}", table.number, ANN.identity, 1)
            ]
        finally:
            assert process.pid is not None
            os.kill(process.pid, signal.SIGKILL)
            process.join(DEADLINE)
        wait_until(lambda: store.presence() == [], "the dead process's presence to run out")


def _append_until_killed(open_store: OpenStore, number: int) -> None:
    with opened(open_store) as store:
        moves = store.moves(number)
        while True:
            move = f"m{len(moves)}"
            store.append_move(number, len(moves), move, text_of([*moves, move]))
            moves.append(move)


def check_a_process_killed_while_writing_leaves_a_whole_store(open_store: OpenStore) -> None:
    with opened(open_store) as store:
        table = new_table(store, ANN, BOB)
        writer = _SPAWN.Process(target=_append_until_killed, args=(open_store, table.number))
        writer.start()
        try:
            wait_until(lambda: store.changes_since(0)[0] > 40, "the writer to write")
        finally:
            assert writer.pid is not None
            os.kill(writer.pid, signal.SIGKILL)
            writer.join(DEADLINE)
        found = store.load(table.number)
        moves = store.moves(table.number)
        assert found is not None and found.plies == len(moves) > 0
        assert found.game_text == text_of(moves) and found.version == len(moves) + 1
        store.append_move(table.number, len(moves), "after", text_of([*moves, "after"]))


CHECKS: tuple[Callable[[OpenStore], None], ...] = (
    check_tables_are_numbered_once_and_read_back,
    check_a_move_is_appended_only_at_the_ply_its_mover_saw,
    check_a_game_text_is_replaced_only_at_the_version_seen,
    check_seats_are_taken_once_and_left_by_their_holder,
    check_a_finished_game_is_archived_and_its_table_changes_no_more,
    check_tables_set_aside_or_closed_leave_the_list,
    check_the_feed_tells_every_store_which_tables_changed,
    check_a_wait_ends_when_another_store_writes,
    check_a_wait_ends_when_the_same_store_writes,
    check_a_lease_has_one_holder_until_released_or_run_out,
    check_players_are_remembered_with_when_they_came,
    check_presence_is_kept_per_process_and_told_on_the_feed,
    check_presence_runs_out_unless_renewed,
    check_where_a_finished_game_was_filed_is_kept,
    check_of_two_processes_moving_at_one_ply_exactly_one_wins,
    check_processes_writing_at_once_lose_nothing,
    check_the_lease_of_a_killed_holder_runs_out,
    check_the_presence_of_a_killed_process_runs_out,
    check_a_process_killed_while_writing_leaves_a_whole_store,
)


#: Opens a store whose clock is the given function (seconds since the epoch).
OpenStoreAt = Callable[[Callable[[], float]], TableStore]


def check_a_tables_running_clock_starts_at_its_last_move_by_the_stores_clock(
    open_store_at: OpenStoreAt,
) -> None:
    """Every process reads how long a table's running clock has run, by the store's clock:
    since the game began (its last seat taken), then since each move or takeback, not since
    a change that leaves the position (a seat, a takeback asked)."""
    now = [1000.0]
    with (
        opened(lambda: open_store_at(lambda: now[0])) as store,
        opened(lambda: open_store_at(lambda: now[0])) as other,
    ):
        table = store.open_table("martian-chess", text_of([]), [], (ANN, None))
        now[0] = 1010.0
        table = store.seat(table.number, 1, BOB)  # the game begins
        now[0] = 1025.0
        assert age_of(other, table.number) == 15.0
        table = store.append_move(table.number, 0, "b1-a1", text_of(["b1-a1"]))
        now[0] = 1032.5
        assert age_of(other, table.number) == 7.5
        asked = other.replace_game(table.number, table.version, "asked", ["b1-a1"])
        now[0] = 1040.0
        assert age_of(store, table.number) == 15.0  # asking changes no position
        other.replace_game(table.number, asked.version, text_of([]), [])  # taken back
        now[0] = 1041.0
        assert age_of(store, table.number) == 1.0
        loaded = store.load(table.number)
        now[0] = 1050.0
        assert loaded == store.load(table.number)  # the age is no part of the table


def age_of(store: TableStore, number: int) -> float | None:
    found = store.load(number)
    assert found is not None
    return found.clock_age


CLOCK_CHECKS = [check_a_tables_running_clock_starts_at_its_last_move_by_the_stores_clock]
