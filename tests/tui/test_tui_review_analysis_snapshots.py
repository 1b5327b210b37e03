"""What review of an analysed game looks like at 80x24: the verdicts in the log, the graph
of win chances under it with the current move and the mistakes marked, and the current
move's verdict and chance in the status line. Regenerate with
``pytest tests/tui/test_tui_review_analysis_snapshots.py --snapshot-update`` and look."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_tui_review_analysis import analysed_record
from tui_helpers import NOW, make_app

from saves.format import save
from saves.paths import games_dir

SIZE = (80, 24)


def test_review_of_an_analysed_game_on_a_blunder(snap_compare: Any, data_dir: Path) -> None:
    save(analysed_record(), games_dir(data_dir) / "marked.pawn", now=NOW)
    app = make_app(data_dir)
    keys = ["l", "enter", "home", "right_square_bracket"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_review_of_an_analysed_game_in_ascii(snap_compare: Any, data_dir: Path) -> None:
    save(analysed_record(), games_dir(data_dir) / "marked.pawn", now=NOW)
    app = make_app(data_dir, ascii=True)
    keys = ["l", "enter", "home", "right_square_bracket"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)
