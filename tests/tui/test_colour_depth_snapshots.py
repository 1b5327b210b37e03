"""Martian Chess, MAC and Chase at 80x24 as terminals of 256, 16 and no colours show them: the
whole screen reduced to the depth, as the SSH server reduces a session's, a piece selected.
Regenerate with ``pytest tests/tui/test_colour_depth_snapshots.py --snapshot-update`` and look
at the pictures before accepting them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_colour_depths import RECORDS
from textual.pilot import Pilot
from tui_helpers import SIZE, click_square, make_app

from tui.ssh.colours import apply_colour_system
from tui.widgets.colour_depth import ColourDepth

#: Each game and the square of the piece selected in it.
SELECTED = {"martian chess": "b2", "mac": "c3", "chase": "e4"}


@pytest.mark.parametrize("depth", ["256", "16", "none"])
@pytest.mark.parametrize("game", list(SELECTED))
def test_board_at_depth(snap_compare: Any, data_dir: Path, game: str, depth: ColourDepth) -> None:
    app = make_app(data_dir, record=RECORDS[game]())
    apply_colour_system(app, depth, SIZE)

    async def select_a_piece(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await click_square(pilot, SELECTED[game])

    assert snap_compare(app, run_before=select_a_piece, terminal_size=SIZE)
