"""What a move repaints in the move log: every row whose text or style changed (a row or
two), or the whole log when it scrolls; never a row left stale."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.geometry import Region
from tui_helpers import SIZE, app_test, board_screen, make_app, martian_record

from core import find_game
from tui.widgets.move_log import MoveLog

GAME = find_game("martian-chess")


def shown_rows(log: MoveLog) -> list[list[tuple[str, Any]]]:
    """Each row in view as its segments' text and style."""
    return [
        [(segment.text, segment.style) for segment in log.render_line(y)]
        for y in range(log.scrollable_content_region.height)
    ]


class Repaints:
    """The rows (in view) the log asks to repaint, or ``whole``."""

    def __init__(self, log: MoveLog, monkeypatch: Any) -> None:
        self.rows: set[int] = set()
        self.whole = False
        original = log.refresh

        def refresh(*regions: Region, **options: Any) -> Any:
            if not regions:
                self.whole = True
            for region in regions:
                self.rows.update(range(region.y, region.bottom))
            return original(*regions, **options)

        monkeypatch.setattr(log, "refresh", refresh)

    def clear(self) -> None:
        self.rows.clear()
        self.whole = False


@app_test
async def test_stepping_repaints_the_rows_that_changed_and_no_row_stays_stale(
    data_dir: Path, monkeypatch: Any
) -> None:
    """Moves played (a new row: the log is laid out again), then undo and redo at random
    (same rows: only the rows that changed are repainted)."""
    app = make_app(data_dir, record=martian_record())
    rng = random.Random(11)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        log = screen.query_one(MoveLog)
        repaints = Repaints(log, monkeypatch)
        partial = 0
        for step in range(64):
            before_top, before_region = log.scroll_offset.y, log.scrollable_content_region
            before, rows = shown_rows(log), len(log.entries)
            repaints.clear()
            if step >= 24:
                await pilot.press(rng.choice(["u", "ctrl+y"]))
            else:
                moves = GAME.legal_moves(screen.record.state)
                assert moves
                screen.play(rng.choice(moves))
            await pilot.pause()
            after = shown_rows(log)
            top = log.scroll_offset.y
            assert log.current + 1 - top in range(len(after)), "the current row is in view"
            if log.scrollable_content_region != before_region or rows != len(log.entries):
                continue  # laid out anew (a row more, or a panel above grew): drawn whole
            if top != before_top:
                assert repaints.whole
                continue
            changed = {
                y for y, (old, new) in enumerate(zip(before, after, strict=True)) if old != new
            }
            assert repaints.whole or changed <= repaints.rows
            partial += not repaints.whole
            if not repaints.whole:  # nothing outside the span of the rows that changed
                assert repaints.rows <= set(range(min(changed), max(changed) + 1))
        # Most undo and redo steps repaint a few rows, and the log did scroll on the way.
        assert partial >= 20
        assert max(log.scroll_offset.y, before_top) > 0
