"""The server's tables in PostgreSQL: every promise of ``saves.store.tables`` (the shared checks
of ``table_store_contract``), and what is PostgreSQL's own: each change announced by a
``NOTIFY`` sent in its own transaction, two processes hearing each other's changes, a wait
that lost its connection catching up on the changes it did not hear, and leases judged by the
database's clock."""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import psycopg
import pytest
from table_store_contract import (
    ANN,
    BOB,
    CHECKS,
    CLOCK_CHECKS,
    DEADLINE,
    OpenStore,
    OpenStoreAt,
    opened,
    text_of,
)

from saves.store.postgres_tables import CHANNEL, PostgresTableStore, connection_lost
from saves.store.tables import MoveRaced, StoredSeat, TableStoreError

_SPAWN = multiprocessing.get_context("spawn")


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__[len("check_") :])
def test_the_postgres_store_keeps_the_contract(
    check: Callable[[OpenStore], None], postgres_url: str
) -> None:
    check(partial(PostgresTableStore, postgres_url))


def test_each_change_is_announced_once_committed_and_never_when_refused(
    postgres_url: str,
) -> None:
    with opened(partial(PostgresTableStore, postgres_url)) as store:
        table = store.open_table("martian-chess", text_of([]), [], (ANN, BOB))
        with psycopg.connect(postgres_url, autocommit=True) as listener:
            listener.execute(f"LISTEN {CHANNEL}")
            with pytest.raises(MoveRaced):
                store.append_move(table.number, 5, "a1", text_of(["a1"]))  # refused: no notice
            store.append_move(table.number, 0, "b1", text_of(["b1"]))
            heard = next(listener.notifies(timeout=DEADLINE, stop_after=1))
        cursor, changed = store.changes_since(0)
        assert changed == [table.number]
        assert heard.payload == str(cursor)  # the move's, not the refused one's


def _mover(url: str, number: int, go: Any, told: Any) -> None:
    """Another server process: moves at table ``number`` when told to, then waits to hear
    the first process's answer and says what it read."""
    with opened(partial(PostgresTableStore, url)) as store:
        cursor, _ = store.changes_since(0)
        assert go.wait(DEADLINE)
        moved = store.append_move(number, 0, "b1-a1", text_of(["b1-a1"]))
        # Each change heard (its own move first) until the table holds the answer: the answer
        # may land before this process reads the feed past its own move, and is heard then.
        deadline = time.monotonic() + DEADLINE
        heard, found = False, store.load(number)
        while not heard and store.wait_for_change(cursor, deadline - time.monotonic()):
            cursor, _ = store.changes_since(cursor)
            found = store.load(number)
            heard = found is not None and found.plies == 2
        assert found is not None
        told.put((moved.plies, heard, found.plies, store.moves(number)))


def test_two_processes_hear_each_others_changes(postgres_url: str) -> None:
    with opened(partial(PostgresTableStore, postgres_url)) as store:
        table = store.open_table("martian-chess", text_of([]), [], (ANN, BOB))
        cursor, _ = store.changes_since(0)
        go, told = _SPAWN.Event(), _SPAWN.Queue()
        other = _SPAWN.Process(target=_mover, args=(postgres_url, table.number, go, told))
        other.start()
        try:
            assert not store.wait_for_change(cursor, 0.05)
            go.set()
            assert store.wait_for_change(cursor, DEADLINE), "the other process's move unheard"
            cursor, changed = store.changes_since(cursor)
            assert changed == [table.number]
            assert store.moves(table.number) == ["b1-a1"]
            store.append_move(table.number, 1, "c8-d8", text_of(["b1-a1", "c8-d8"]))
            assert told.get(timeout=DEADLINE) == (1, True, 2, ["b1-a1", "c8-d8"])
        finally:
            other.join(DEADLINE)
            if other.is_alive():
                other.kill()
        assert other.exitcode == 0


@pytest.mark.parametrize("check", CLOCK_CHECKS, ids=lambda check: check.__name__[len("check_") :])
def test_the_postgres_store_keeps_the_clock_contract(
    check: Callable[[OpenStoreAt], None], postgres_url: str
) -> None:
    check(lambda clock: PostgresTableStore(postgres_url, clock=clock))


def test_a_moves_clock_runs_by_the_databases_clock(postgres_url: str) -> None:
    """Without a clock of its own, a table's running clock runs by the database's."""
    with opened(partial(PostgresTableStore, postgres_url)) as store:
        table = store.open_table("martian-chess", text_of([]), [], (ANN, BOB))
        store.append_move(table.number, 0, "b1-a1", text_of(["b1-a1"]))
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(
                "UPDATE server_clocks SET since = since - 90 WHERE number = %s", (table.number,)
            )
        found = store.load(table.number)
        assert found is not None and found.clock_age is not None
        assert 90 <= found.clock_age < 90 + DEADLINE


def test_a_wait_that_lost_its_connection_catches_up_on_what_it_missed(
    postgres_url: str,
) -> None:
    with (
        opened(partial(PostgresTableStore, postgres_url)) as store,
        opened(partial(PostgresTableStore, postgres_url)) as other,
    ):
        table = store.open_table("martian-chess", text_of([]), [], (ANN, None))
        cursor, _ = other.changes_since(0)
        assert not other.wait_for_change(cursor, 0.05)  # now listening
        listening = other._listener._connection
        assert listening is not None
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (listening.info.backend_pid,))
        store.seat(table.number, 1, StoredSeat("carl", "name:carl"))  # its notice reaches nobody
        assert other.wait_for_change(cursor, DEADLINE)
        assert other.changes_since(cursor)[1] == [table.number]
        assert other._listener._connection not in (None, listening)


def test_leases_run_by_the_databases_clock(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with opened(partial(PostgresTableStore, postgres_url)) as store:
        monkeypatch.setattr(time, "time", lambda: 0.0)  # this process's clock is not asked
        assert store.take_lease("table:1", "me", 60)
        monkeypatch.undo()
        with psycopg.connect(postgres_url) as admin:
            expires, now = admin.execute(
                "SELECT expires, extract(epoch FROM clock_timestamp())::double precision"
                " FROM server_leases WHERE key = 'table:1'"
            ).fetchone() or (0.0, 0.0)
        assert now + 50 < expires <= now + 60
        assert store.lease_holder("table:1") == "me"


def test_a_lost_connection_is_one_sentence_and_the_next_call_connects_again(
    postgres_url: str,
) -> None:
    with opened(partial(PostgresTableStore, postgres_url)) as store:
        table = store.open_table("martian-chess", text_of([]), [], (ANN, None))
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (store.connection.info.backend_pid,))
        with pytest.raises(TableStoreError) as lost:
            store.seat(table.number, 1, BOB)
        said = str(lost.value)
        assert said.startswith("The PostgreSQL server at 127.0.0.1 port ")
        assert said.endswith("; try again.") and "\n" not in said
        # Closed at once: psycopg may not yet have seen the socket close, and the next call
        # would then send on the dead connection and fail again.
        assert store.connection.closed
        assert store.seat(table.number, 1, BOB).seats == (ANN, BOB)


def test_a_lost_connection_is_told_from_a_transaction_the_server_rolled_back() -> None:
    assert connection_lost(psycopg.OperationalError("no answer"))
    assert connection_lost(psycopg.errors.AdminShutdown())  # 57P01: terminated by an admin
    assert connection_lost(psycopg.errors.ConnectionFailure())  # 08006
    assert not connection_lost(psycopg.errors.SerializationFailure())  # 40001
    assert not connection_lost(psycopg.errors.DeadlockDetected())  # 40P01
