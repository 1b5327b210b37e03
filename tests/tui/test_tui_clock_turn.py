"""Calling the clock is part of a turn (Martian Chess): the log numbers the turn once,
``1. clock, c3-d4``, on the board and in review, and a click on that row goes to the position
after the turn's move."""

from __future__ import annotations

from pathlib import Path

from review_helpers import log_rows, review_of
from tui_helpers import (
    MARTIAN,
    SIZE,
    app_test,
    board_screen,
    line,
    make_app,
    martian_record,
    play_by_keys,
)

from core.record import GameRecord
from tui.play.describe import log_line
from tui.play.move_tree_rows import tree_rows
from tui.widgets.move_tree import MoveTree


@app_test
async def test_the_clock_and_the_move_after_it_are_one_numbered_turn(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        log = screen.query_one(MoveTree)
        await pilot.press("c")
        assert line(screen.record) == ["clock"]
        assert log_rows(log) == ["    start", "   1. clock       South"]
        await play_by_keys(pilot, ("c3", "d4"))
        await play_by_keys(pilot, ("b6", "a5"))
        assert line(screen.record) == ["clock", "c3-d4", "b6-a5"]
        assert log_rows(log) == [
            "    start",
            "   1. clock, c3-d4 South",
            "   2. b6-a5       North",
        ]
        assert await pilot.click(MoveTree, offset=log.row_offset(0))
        await pilot.pause()
        assert line(screen.record) == ["clock", "c3-d4"]
        assert log.current == 0
        assert MARTIAN.to_move(screen.record.state) == 1


@app_test
async def test_review_shows_the_turn_whole_and_splits_it_only_between_its_moves(
    data_dir: Path,
) -> None:
    record = martian_record(["c3-d4", "clock", "b6-a5", "d2-c3"])
    async with review_of(data_dir, record) as (pilot, screen):
        log = screen.query_one(MoveTree)
        await pilot.press("$")
        assert log_rows(log) == [
            "    start",
            "   1. c3-d4       South",
            "   2. clock, b6-a5 North",
            "   3. d2-c3       South",
        ]
        await pilot.press("left", "left")  # between the call and the move
        assert line(screen.record) == ["c3-d4", "clock"]
        assert log_rows(log)[2:4] == ["   2. clock       North", "   2. b6-a5       North"]
        await pilot.press("left")
        assert log_rows(log)[2] == "   2. clock, b6-a5 North"
        assert await pilot.click(MoveTree, offset=log.row_offset(1))
        await pilot.pause()
        assert line(screen.record) == ["c3-d4", "clock", "b6-a5"]


def test_a_variation_after_the_clock_keeps_the_turns_number() -> None:
    record = martian_record(["clock", "c3-d4", "b6-a5"])
    record.goto(record.root.children[0])
    record.play_text("b3-c4")
    record.goto(record.root)
    rows, nodes, current = tree_rows(record)
    assert [(row.ply, row.notation, row.opens) for row in rows] == [
        (1, "clock, c3-d4", False),
        (1, "b3-c4", True),
        (2, "b6-a5", False),
    ]
    assert [node.notation for node in nodes] == ["c3-d4", "b3-c4", "b6-a5"]
    assert current == -1


def test_the_line_log_numbers_turns_the_same_way() -> None:
    record: GameRecord = martian_record(["clock", "c3-d4", "b6-a5"])
    entries, nodes, current = log_line(record)
    assert [(entry.ply, entry.notation) for entry in entries] == [
        (1, "clock, c3-d4"),
        (2, "b6-a5"),
    ]
    assert [node.notation for node in nodes] == ["c3-d4", "b6-a5"]
    assert current == 1
    record.goto(record.root.children[0])
    entries, nodes, current = log_line(record)
    assert [(entry.ply, entry.notation, entry.ahead) for entry in entries] == [
        (1, "clock", False),
        (1, "c3-d4", True),
        (2, "b6-a5", True),
    ]
    assert current == 0
