"""The screens of play over SSH at 80x24: the lobby with its tables, opening a table, and a
Chase table seen by the second seat (its own side at the bottom). Regenerate with ``pytest
tests/tui/test_net_snapshots.py --snapshot-update`` and look at the pictures before accepting
them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from net_helpers import make_hall
from tui_helpers import SIZE

from core.games.chase.moves import Place
from core.registry import find_game
from tui.net.app import NetApp
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity

ALICE, BOB, CAROL, DAVE = (PlayerIdentity(name) for name in ("alice", "bob", "carol", "dave"))
CHASE = find_game("chase")
MACADAM = find_game("macadam")


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[TableHall]:
    """Two tables: Chase between alice and bob, one tile placed; Macadam waiting for a player."""
    hall = make_hall(tmp_path)
    chase = hall.open_table(CHASE, {}, [ME, OPEN], ALICE)
    chase.sit(BOB, 1)
    chase.play(ALICE, first_placement(chase.record.state))
    hall.open_table(MACADAM, {}, [ME, OPEN], CAROL)
    yield hall
    hall.close()


def first_placement(state: Any) -> Place:
    return next(move for move in CHASE.legal_moves(state) if isinstance(move, Place))


def test_lobby(snap_compare: Any, hall: TableHall) -> None:
    # Dave has no seat yet: he lands in the lobby (a player whose turn it is goes straight to
    # that table).
    assert snap_compare(NetApp(hall, DAVE, ascii_board=False), terminal_size=SIZE)


def test_opening_a_table(snap_compare: Any, hall: TableHall) -> None:
    assert snap_compare(NetApp(hall, DAVE, ascii_board=False), press=["n"], terminal_size=SIZE)


def test_chase_table_seen_from_the_second_seat(snap_compare: Any, hall: TableHall) -> None:
    # Bob's turn: he goes straight to his table, his own side at the bottom.
    assert snap_compare(NetApp(hall, BOB, ascii_board=False), terminal_size=SIZE)
