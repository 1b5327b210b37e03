"""A merge chosen on the board where the player owns so many stacks that the merges number a
hundred million: every step answers at once, and the merge played is the one chosen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_helpers import SIZE, app_test, board_screen, cursor_to, line, make_app

from core import GameRecord, find_game
from core.games.chase.rules import legal_moves, seat_merges
from core.games.chase.state import ChaseState, stack_at
from core.squares import parse_square
from tui.screens.board import BoardScreen
from tui.widgets.board import BoardWidget

CHASE = find_game("chase")
#: South to move with 22 stacks of gold (see tests/core/test_chase_merges.py).
MANY_STACKS = (
    (Path(__file__).parent.parent / "core" / "data" / "chase_many_stacks.txt").read_text().strip()
)


def sq(name: str) -> int:
    return parse_square(name, 8, 8)


def state(app: Any) -> ChaseState:
    current = board_screen(app).record.state
    assert isinstance(current, ChaseState)
    return current


def targets(app: Any) -> set[int]:
    return set(board_screen(app).query_one(BoardWidget).targets)


@app_test
async def test_a_merge_among_a_hundred_million_by_keys(data_dir: Path) -> None:
    record = GameRecord(CHASE, {}, 1, ["Sam", "Nat"], MANY_STACKS)
    app = make_app(data_dir, record=record, games=[CHASE])
    start = CHASE.read_position(MANY_STACKS)
    assert len(legal_moves(start)) > 100_000_000
    facts = seat_merges(start, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        assert targets(app) == set(facts.stacks)  # any of South's 22 stacks may join
        for name in ("c2", "e3", "e3"):  # two stacks, then the last one again
            await cursor_to(pilot, name)
            await pilot.press("enter")
        # The pair may stay on either stack or go to any square open to every merge.
        assert targets(app) == {sq("c2"), sq("e3"), *facts.anywhere}
        await cursor_to(pilot, "e3")
        await pilot.press("enter")
        await pilot.pause()
        # North cannot pay for its pawn on South's tile, so the merge also ends the game.
        board = next(screen for screen in app.screen_stack if isinstance(screen, BoardScreen))
        assert line(board.record) == ["m:c2+e3>e3"]
        assert board.record.outcome() is not None
        after = board.record.state
        assert stack_at(after, sq("e3")) == (4, 0)
        assert stack_at(after, sq("c2")) == (0, -1)
