"""What review mode looks like at 80x24: the log as a tree with a variation and comments, the
board following the move being looked at. Regenerate with
``pytest tests/tui/test_tui_review_snapshots.py --snapshot-update`` and look at the pictures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hop_game import HOP
from review_helpers import MAIN, branchy_record
from tui_helpers import MARTIAN, NOW, make_app, martian_record

from saves.format import save
from saves.paths import games_dir

SIZE = (80, 24)


def test_review_in_a_variation(snap_compare: Any, data_dir: Path) -> None:
    save(branchy_record(), games_dir(data_dir) / "club.pawn", now=NOW)
    app = make_app(data_dir, games=[MARTIAN, HOP])
    keys = ["l", "enter", "home", "right", "down", "right", "right"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_review_with_the_log_focused(snap_compare: Any, data_dir: Path) -> None:
    save(branchy_record(), games_dir(data_dir) / "club.pawn", now=NOW)
    app = make_app(data_dir, games=[MARTIAN, HOP])
    keys = ["l", "enter", "tab", "up", "up"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_review_of_a_game_with_moves_taken_back(snap_compare: Any, data_dir: Path) -> None:
    """The last two moves were taken back before the game was saved: the log shows them as a
    variation after the end of the main line."""
    record = martian_record(MAIN)
    record.undo(main=True)
    record.undo(main=True)
    save(record, games_dir(data_dir) / "taken-back.pawn", now=NOW)
    app = make_app(data_dir, games=[MARTIAN, HOP])
    assert snap_compare(app, press=["l", "enter"], terminal_size=SIZE)
