"""The placement screen at 80x24, for MAC and for Macadam's free placement. Regenerate with
``pytest tests/tui/test_tui_placement_snapshots.py --snapshot-update`` and look at the pictures
before accepting them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_helpers import SIZE, make_app

from core import GameRecord, find_game

MAC = find_game("mac")
MACADAM = find_game("macadam")


def test_mac_placement(snap_compare: Any, data_dir: Path) -> None:
    record = GameRecord(MAC, {}, 1, ["Rae", "Bo"])
    for text in ("3@b2", "p@c6", "0@a1", "1@a8"):
        record.play_text(text, main=True)
    app = make_app(data_dir, record=record, games=[MAC])
    assert snap_compare(app, press=["1"], terminal_size=SIZE)


def test_macadam_placement(snap_compare: Any, data_dir: Path) -> None:
    record = GameRecord(MACADAM, {"start": "free"}, 1, ["Sue", "Ned"])
    for text in ("@c2", "@c7", "@f3", "@e5"):
        record.play_text(text, main=True)
    app = make_app(data_dir, record=record, games=[MACADAM])
    assert snap_compare(app, terminal_size=SIZE)
