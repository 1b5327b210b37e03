"""What the library looks like at 80x24: readable games, a bad file, a filter. Regenerate with
``pytest tests/tui/test_tui_library_snapshots.py --snapshot-update`` and look at the pictures.

Dates, seeds and the data folder are fixed, and the games listed are chosen here, so a game
registered later does not change the pictures.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from hop_game import HOP
from review_helpers import branchy_record
from textual.pilot import Pilot
from tui_helpers import MARTIAN, NOW, make_app, martian_record
from waiting import wait_for

from saves.format import save
from saves.paths import games_dir

SIZE = (80, 24)
LAST_MOVE = "4/4/1p2/1p2/q3/4/4/4 1 0/0 - o"


def library(data_dir: Path) -> None:
    folder = games_dir(data_dir)
    save(martian_record(("c3-d4", "b6-a5", "d2xa5")), folder / "friday-night.pawn", now=NOW)
    finished = martian_record(("a4xb5",), players=("Cy", "Di"), position=LAST_MOVE)
    when = NOW - timedelta(days=1)
    save(finished, folder / "2026-11-20_2100_martian-chess_cy-di.pawn", now=when)
    save(branchy_record(), folder / "club.pawn", now=NOW - timedelta(days=2))
    (folder / "scribbles.pawn").write_text("not a save\n", encoding="utf-8")


def synced_library(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Open the library, wait for its first sync to be listed, then press ``keys``."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("l")
        await wait_for(lambda: getattr(pilot.app.screen, "synced", False), what="the sync")
        await pilot.press(*keys)

    return run_before


def test_library(snap_compare: Any, data_dir: Path) -> None:
    library(data_dir)
    app = make_app(data_dir, games=[MARTIAN, HOP])
    assert snap_compare(app, run_before=synced_library(), terminal_size=SIZE)


def test_library_filtered_and_sorted(snap_compare: Any, data_dir: Path) -> None:
    library(data_dir)
    app = make_app(data_dir, games=[MARTIAN, HOP])
    keys = ["2", "slash", *"alice"]
    assert snap_compare(app, run_before=synced_library(*keys), terminal_size=SIZE)
