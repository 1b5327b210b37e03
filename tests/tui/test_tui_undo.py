"""Undo, redo, jumping in the move log, and what a move after an undo does to the tree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    line,
    make_app,
    martian_record,
    play_by_keys,
)

from core import GameRecord
from core.squares import square_name
from saves.format import dumps, load
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
async def test_undo_and_redo_say_which_move_they_took_back_or_played_again(
    data_dir: Path,
) -> None:
    app = make_app(data_dir, record=martian_record(OPENING))
    async with app.run_test(size=SIZE) as pilot:
        status = board_screen(app).query_one("#status")
        await pilot.press("u")
        assert (status.message, status.is_error) == ("Took back 3. d2xa5", False)
        await pilot.press("ctrl+z")
        assert status.message == "Took back 2. b6-a5"
        await pilot.press("ctrl+y")
        assert status.message == "Played again 2. b6-a5"
        assert line(board_screen(app).record) == ["c3-d4", "b6-a5"]


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


async def play_a_move(pilot: Pilot[Any], record: GameRecord, pick: int = 0) -> str:
    """Play a legal move of two squares by keys (the ``pick``-th): its notation."""
    game, state = record.game, record.state
    moves = [move for move in game.legal_moves(state) if len(game.move_path(state, move)) == 2]
    move = moves[pick]
    width = game.board_view(state).width
    await play_by_keys(pilot, tuple(square_name(s, width) for s in game.move_path(state, move)))
    return game.format_move(state, move)


@app_test
async def test_clicking_the_log_in_a_live_game_only_looks_back(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(OPENING))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        record = screen.record
        await play_a_move(pilot, record)
        game = [node.notation for node in record.mainline()]
        assert len(game) == 4
        kept = dumps(load(autosave_file(data_dir)))
        status = screen.query_one("#status")
        log = screen.query_one(MoveLog)
        # Clicking earlier moves shows them; the game, its tree and its file stay as they are.
        for row in (0, 2, 1):
            assert await pilot.click(MoveLog, offset=log.row_offset(row))
            await pilot.pause()
            assert line(record) == game[: row + 1]
            assert status.message == f"move {row + 1} of 4, End to return"
        assert [node.notation for node in record.mainline()] == game
        assert all(len(node.children) <= 1 for node in record.walk())
        assert dumps(load(autosave_file(data_dir))) == kept
        await pilot.press("u")
        assert line(record) == game[:1] and status.message == "move 1 of 4, End to return"
        await pilot.press("end")
        assert line(record) == game and status.message == "back to where the game stands"
        # A move played from a position looked at is played on purpose: the game goes on from
        # there, the moves after it a variation; looking back again nests nothing.
        assert await pilot.click(MoveLog, offset=log.row_offset(1))
        await pilot.pause()
        other = await play_a_move(pilot, record, pick=1)
        assert other != game[2]
        assert [node.notation for node in record.mainline()] == [*game[:2], other]
        assert await pilot.click(MoveLog, offset=log.row_offset(0))
        await pilot.pause()
        assert await pilot.click(MoveLog, offset=log.row_offset(-1))
        await pilot.pause()
        await pilot.press("end")
        assert line(record) == [*game[:2], other]
        branches = [node for node in record.walk() if len(node.children) > 1]
        assert [node.notation for node in branches] == [game[1]]
        saved = load(autosave_file(data_dir))
        assert [node.notation for node in saved.mainline()] == [*game[:2], other]
