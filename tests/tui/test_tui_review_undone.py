"""Moves taken back in a live game are not the main line: the log shows them as a variation,
the saved file writes them after ``|`` and review reads them as a variation."""

from __future__ import annotations

from pathlib import Path

from review_helpers import MAIN, notations, open_game
from textual.widgets import Input
from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    line,
    make_app,
    martian_record,
    play_by_keys,
)

from saves.format import dumps, load
from saves.paths import games_dir
from tui.play.move_tree_rows import TreeRow
from tui.play.review_game import variation_start
from tui.widgets.move_tree import MoveTree


def move_rows(tree: MoveTree) -> list[TreeRow]:
    return [row for row in tree.entries if isinstance(row, TreeRow) and not row.is_comment]


@app_test
async def test_two_moves_taken_back_are_saved_as_a_variation(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(MAIN[:2]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        await play_by_keys(pilot, ("d2", "a5"), ("a7", "b6"))  # MAIN[2] and MAIN[3]
        assert line(screen.record) == list(MAIN)
        await pilot.press("u", "u")
        await pilot.pause()
        record = screen.record
        assert line(record) == list(MAIN[:2])
        assert notations(record.mainline()) == list(MAIN[:2])
        rows = move_rows(screen.query_one(MoveTree))
        assert [(row.notation, row.depth, row.opens, row.closes) for row in rows] == [
            (MAIN[0], 0, False, 0),
            (MAIN[1], 0, False, 0),
            (MAIN[2], 1, True, 0),
            (MAIN[3], 1, False, 1),
        ]
        assert [row.ahead for row in rows] == [False, False, True, True]

        await pilot.press("ctrl+s")
        app.screen.query_one("#save-name", Input).value = "taken back"
        await pilot.press("enter")
        await pilot.pause()
        path = games_dir(data_dir) / "taken-back.pawn"
        text = path.read_text(encoding="utf-8")
        assert '[Plies "2"]' in text and '[Current "0.0"]' in text
        assert text.endswith(f"1. {MAIN[0]} 2. {MAIN[1]} | (3. {MAIN[2]} 4. {MAIN[3]}) *\n")
        saved = load(path)
        assert notations(saved.mainline()) == list(MAIN[:2])
        assert saved.current is saved.mainline()[-1] and saved.current.line_ends
        assert [node.notation for node in saved.current.children] == [MAIN[2]]
        assert dumps(saved) == text


@app_test
async def test_review_treats_moves_taken_back_as_a_variation(data_dir: Path) -> None:
    record = martian_record(MAIN)
    record.undo(main=True)
    record.undo(main=True)
    path = games_dir(data_dir) / "taken-back.pawn"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(record), encoding="utf-8")
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "taken-back.pawn")
        screen = board_screen(app)
        assert screen.reviewing
        assert line(screen.record) == list(MAIN[:2])
        rows = move_rows(screen.query_one(MoveTree))
        assert [(row.notation, row.depth) for row in rows] == [
            (MAIN[0], 0),
            (MAIN[1], 0),
            (MAIN[2], 1),
            (MAIN[3], 1),
        ]
        await pilot.press("right")  # into the moves taken back, as into any variation
        await pilot.pause()
        assert line(screen.record) == list(MAIN[:3])
        start = variation_start(screen.record.current)
        assert start is not None and start.notation == MAIN[2]
        await pilot.press("plus")  # promoted: the main line goes on through them
        await pilot.pause()
        assert notations(screen.record.mainline()) == list(MAIN)
        assert not any(node.line_ends for node in screen.record.walk())
