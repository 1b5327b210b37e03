"""A tile typed on the Chase board's move line (`:`) is placed by `T:` or by the next tile's
own letter (`X:` for a diagonal cross), and is written `T:` in the log either way; another
kind's letter is refused with the name of the next tile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tui_helpers import SIZE, app_test, board_screen, line, make_app

from core import GameRecord, find_game
from core.games.chase.tiles import DECK, LETTERS
from core.squares import parse_square
from tui.screens.board import BoardScreen

CHASE = find_game("chase")
#: South to move; the next tile is a diagonal cross (X), then an orthogonal tee (T).
POSITION = "mode:regular turn:S gold:20,20 deck:XTPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,c6=N.S@N"


def chase_app(data_dir: Path) -> Any:
    record = GameRecord(CHASE, {}, 1, ["Sam", "Nat"], POSITION)
    return make_app(data_dir, record=record, games=[CHASE])


def status(screen: BoardScreen) -> str:
    return screen.query_one("#status").message  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("typed", ["X:d3=NE,SE,SW,NW", "x:d3=ne,se,sw,nw", "T:d3=NE,SE,SW,NW"])
@app_test
async def test_the_next_tile_is_placed_by_its_letter_or_by_t(data_dir: Path, typed: str) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", *typed, "enter")
        await pilot.pause()
        assert line(screen.record) == ["T:d3=NE,SE,SW,NW"]
        state = screen.record.state
        assert state.exits[parse_square("d3", 8, 8)] == DECK[LETTERS.index("X")].exits
        assert DECK[state.deck[0]].letter == "T"  # the cross was taken from the stack


@app_test
async def test_another_kinds_letter_is_refused_naming_the_next_tile(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.press("colon", *"S:d3=NE,SE,SW,NW", "enter")
        await pilot.pause()
        assert line(screen.record) == []
        assert "the next tile is a diagonal cross (X), not a star (S)" in status(screen)
