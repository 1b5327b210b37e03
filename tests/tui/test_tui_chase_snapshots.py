"""The Chase board screen at 80x24 and at 120x40: tiles with their arrows, gold stacks, pawns,
the panels, and a tile being placed. Regenerate with ``pytest
tests/tui/test_tui_chase_snapshots.py --snapshot-update`` and look at the pictures before
accepting them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_tui_chase import POSITION
from tui_helpers import SIZE, make_app

from core import GameRecord, find_game

CHASE = find_game("chase")
LARGE = (120, 40)


def chase_app(data_dir: Path, moves: tuple[str, ...] = ()) -> Any:
    record = GameRecord(CHASE, {}, 1, ["Sam", "Nat"], POSITION)
    for text in moves:
        record.play_text(text, main=True)
    return make_app(data_dir, record=record, games=[CHASE])


def test_chase_board_80x24_after_a_jump(snap_compare: Any, data_dir: Path) -> None:
    app = chase_app(data_dir, ("e4-g6-f7",))
    assert snap_compare(app, terminal_size=SIZE)


def test_chase_board_80x24_placing_a_tile(snap_compare: Any, data_dir: Path) -> None:
    app = chase_app(data_dir)
    assert snap_compare(app, press=["t", "down", "left", "enter", "r"], terminal_size=SIZE)


def test_chase_board_120x40(snap_compare: Any, data_dir: Path) -> None:
    app = chase_app(data_dir, ("g3:f5",))
    assert snap_compare(app, terminal_size=LARGE)
