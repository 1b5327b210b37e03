"""Macadam's board screen at 80x24: the lane, the goals, and a chain of jumps being entered.
Regenerate with ``pytest tests/tui/test_tui_macadam_snapshots.py --snapshot-update`` and look
at the picture before accepting it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from tui_helpers import SIZE, click_square, make_app

from core import GameRecord, find_game

MACADAM = find_game("macadam")


def test_macadam_chain_in_progress(snap_compare: Any, data_dir: Path) -> None:
    record = GameRecord(MACADAM, {}, 1, ["Sue", "Ned"])
    for text in ("b3-b4", "b6-b5", "c2-c3", "g6-g5"):
        record.play_text(text, main=True)

    async def start_a_chain(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        for name in ("h2", "f4", "d2"):  # on to d4, then b2, or stop
            await click_square(pilot, name)

    app = make_app(data_dir, record=record, games=[MACADAM])
    assert snap_compare(app, run_before=start_a_chain, terminal_size=SIZE)
