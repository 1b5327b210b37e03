"""MAC's board screen at 80x24 in each mode: standard, Dark Chess, Random Light Chess, and with
power tokens (a token chosen). Regenerate with ``pytest tests/tui/test_tui_mac_snapshots.py
--snapshot-update`` and look at the pictures before accepting them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tui_helpers import SIZE, make_app

from core import GameRecord, find_game
from tui.screens.input_modes.placement import random_placements

MAC = find_game("mac")
#: Red to move holding +1, Double Step and Push (see test_tui_mac_tokens.py).
TOKENS = "light+tokens ...B10/.@../..../..../B2.../.B4../.R5../R3.@R0 0 RB - +dp/- - -/- 0 -"


def played(options: dict[str, str], moves: tuple[str, ...] = ()) -> GameRecord:
    record = GameRecord(MAC, options, 1, ["Rae", "Bo"])
    for text in moves:
        record.play_text(text, main=True)
    return record


def test_mac_standard(snap_compare: Any, data_dir: Path) -> None:
    record = played({})
    for move in random_placements(MAC, record.state, random.Random(5)):
        record.play(move, main=True)
    state = record.state
    record.play(sorted(MAC.legal_moves(state), key=repr)[0], main=True)
    app = make_app(data_dir, record=record, games=[MAC])
    assert snap_compare(app, terminal_size=SIZE)


def test_mac_dark(snap_compare: Any, data_dir: Path) -> None:
    record = played({"mode": "dark"}, ("flip:a1", "flip:c8", "flip:b2"))
    app = make_app(data_dir, record=record, games=[MAC])
    assert snap_compare(app, terminal_size=SIZE)


def test_mac_light(snap_compare: Any, data_dir: Path) -> None:
    app = make_app(data_dir, record=played({"mode": "light"}), games=[MAC])
    assert snap_compare(app, terminal_size=SIZE)


def test_mac_tokens(snap_compare: Any, data_dir: Path) -> None:
    record = GameRecord(MAC, {"tokens": "on"}, 1, ["Rae", "Bo"], TOKENS)
    app = make_app(data_dir, record=record, games=[MAC])
    assert snap_compare(app, press=["p"], terminal_size=SIZE)
