"""Undo, redo, jumping in the move log, and what a move after an undo does to the tree."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    line,
    make_app,
    martian_record,
    play_by_keys,
)

from saves.format import load
from saves.paths import autosave_file
from tui.widgets.move_log import MoveLog

OPENING = ("c3-d4", "b6-a5", "d2xa5")


@app_test
async def test_undo_and_redo_walk_the_line(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(OPENING))
    async with app.run_test(size=SIZE) as pilot:
        record = board_screen(app).record
        await pilot.press("u")
        assert line(record) == ["c3-d4", "b6-a5"]
        await pilot.press("ctrl+z")
        assert line(record) == ["c3-d4"]
        await pilot.press("ctrl+y")
        assert line(record) == ["c3-d4", "b6-a5"]
        await pilot.press("ctrl+y", "ctrl+y")
        assert line(record) == list(OPENING)
        status = board_screen(app).query_one("#status")
        assert status.message == "nothing to redo"
        assert status.is_error


@app_test
async def test_undo_at_the_start_says_so(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        status = board_screen(app).query_one("#status")
        assert status.message == "nothing to undo: this is the start"


@app_test
async def test_a_move_after_undo_becomes_the_main_line(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(OPENING))
    async with app.run_test(size=SIZE) as pilot:
        record = board_screen(app).record
        await pilot.press("u", "u")
        await play_by_keys(pilot, ("a6", "a4"))
        assert [node.notation for node in record.mainline()] == ["c3-d4", "a6-a4"]
        variation = record.mainline()[0].children[1]
        assert [n.notation for n in record.line(variation.children[0])] == list(OPENING)
        saved = load(autosave_file(data_dir))
        assert [node.notation for node in saved.mainline()] == ["c3-d4", "a6-a4"]


@app_test
async def test_the_autosave_follows_undo(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("c3", "d4"), ("b6", "a5"))
        await pilot.press("u")
        saved = load(autosave_file(data_dir))
        assert line(saved) == ["c3-d4"]
        assert [node.notation for node in saved.mainline()] == ["c3-d4"]
        assert [node.notation for node in saved.current.children] == ["b6-a5"]  # a variation


@app_test
async def test_clicking_the_log_jumps_there(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(OPENING))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        log = screen.query_one(MoveLog)
        assert [entry.notation for entry in log.entries] == list(OPENING)
        assert log.current == 2
        assert await pilot.click(MoveLog, offset=log.row_offset(0))
        await pilot.pause()
        assert line(screen.record) == ["c3-d4"]
        assert log.current == 0
        assert [entry.ahead for entry in log.entries] == [False, True, True]
        assert await pilot.click(MoveLog, offset=log.row_offset(-1))
        await pilot.pause()
        assert line(screen.record) == []
        assert await pilot.click(MoveLog, offset=log.row_offset(2))
        await pilot.pause()
        assert line(screen.record) == list(OPENING)
