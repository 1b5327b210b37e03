"""What every screen looks like at 80x24. Regenerate with ``pytest --snapshot-update`` and look
at the pictures (tests/tui/__snapshots__) before accepting them.

Dates, seeds and the data folder are fixed, and the games listed are chosen here, so a game
registered later does not change the pictures.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hop_game import HOP
from textual.pilot import Pilot
from tui_helpers import MARTIAN, NOW, click_square, make_app, martian_record

from tui.app import PawnshopApp

SIZE = (80, 24)
GAMES = [MARTIAN, HOP]
OPENING = ("c3-d4", "b6-a5", "d2xa5", "a7-b6")
FOUR = ("a3-a4", "a6-a5", "h6-h5", "h3-h4")
LAST_MOVE = "4/4/1p2/1p2/q3/4/4/4 1 0/0 - o"


def app(data_dir: Path, **options: Any) -> PawnshopApp:
    return make_app(data_dir, games=GAMES, **options)


def test_game_selection(snap_compare: Any, data_dir: Path) -> None:
    assert snap_compare(app(data_dir), terminal_size=SIZE)


def test_setup(snap_compare: Any, data_dir: Path) -> None:
    assert snap_compare(app(data_dir), press=["enter"], terminal_size=SIZE)


def test_setup_for_four_players(snap_compare: Any, data_dir: Path) -> None:
    async def four_players(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.pause()
        pilot.app.screen.query_one("#option-players").value = "4"
        await pilot.pause()

    assert snap_compare(app(data_dir), run_before=four_players, terminal_size=SIZE)


def test_board_two_players(snap_compare: Any, data_dir: Path) -> None:
    async def select_a_piece(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await click_square(pilot, "b3")

    record = martian_record(OPENING)
    assert snap_compare(app(data_dir, record=record), run_before=select_a_piece, terminal_size=SIZE)


def test_board_four_players(snap_compare: Any, data_dir: Path) -> None:
    record = martian_record(
        FOUR, players=("Ann", "Bob", "Cy", "Di"), options={"players": "4", "teams": "on"}
    )
    assert snap_compare(app(data_dir, record=record), press=["c"], terminal_size=SIZE)


def test_board_typing_a_move(snap_compare: Any, data_dir: Path) -> None:
    record = martian_record(OPENING)
    keys = ["colon", *"b2-b4", "enter"]
    assert snap_compare(app(data_dir, record=record), press=keys, terminal_size=SIZE)


def test_help(snap_compare: Any, data_dir: Path) -> None:
    record = martian_record(OPENING)
    assert snap_compare(app(data_dir, record=record), press=["?"], terminal_size=SIZE)


def test_rules(snap_compare: Any, data_dir: Path) -> None:
    assert snap_compare(app(data_dir), press=["down", "f1"], terminal_size=SIZE)


def test_game_over(snap_compare: Any, data_dir: Path) -> None:
    record = martian_record(position=LAST_MOVE)
    keys = ["colon", *"a4xb5", "enter"]
    assert snap_compare(app(data_dir, record=record), press=keys, terminal_size=SIZE)


def test_resume_offer(snap_compare: Any, data_dir: Path) -> None:
    from saves.autosave import write_autosave

    write_autosave(martian_record(OPENING), data_dir, now=NOW)
    assert snap_compare(app(data_dir), terminal_size=SIZE)


def test_too_small(snap_compare: Any, data_dir: Path) -> None:
    assert snap_compare(app(data_dir, record=martian_record()), terminal_size=(60, 20))
