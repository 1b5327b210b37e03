"""What computer seats look like at 80x24: choosing them on the setup screen, a hint on the
board. Regenerate with ``pytest tests/tui/test_tui_computer_snapshots.py --snapshot-update``
and look at the pictures before accepting them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from computer_helpers import against_computers, wait_until
from hop_game import HOP
from textual.pilot import Pilot
from tui_helpers import MARTIAN, make_app

from tui.app import PawnshopApp
from tui.widgets.board import BoardWidget

SIZE = (80, 24)
GAMES = [MARTIAN, HOP]
#: South's drone on a3 can take North's queen on a5: the hint any search gives.
FREE_QUEEN = "3p/4/4/q3/4/d3/4/2pp 1 0/0 - -"


def app(data_dir: Path, **options: Any) -> PawnshopApp:
    return make_app(data_dir, games=GAMES, **options)


def test_setup_with_a_computer_seat(snap_compare: Any, data_dir: Path) -> None:
    keys = ["enter", "shift+tab", "enter", "down", "down", "down", "enter"]
    assert snap_compare(app(data_dir), press=keys, terminal_size=SIZE)


def test_board_showing_a_hint(snap_compare: Any, data_dir: Path) -> None:
    async def ask_for_a_hint(pilot: Pilot[Any]) -> None:
        await pilot.press("H", "m")
        board = pilot.app.screen.query_one(BoardWidget)
        await wait_until(pilot, lambda: bool(board.hint), "the hint")

    record = against_computers({1: "hard"}, position=FREE_QUEEN)
    assert snap_compare(app(data_dir, record=record), run_before=ask_for_a_hint, terminal_size=SIZE)
