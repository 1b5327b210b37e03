"""Once the move log is full, every move scrolls it by a row and every row on view is drawn
again: a row is built once (its text cut to the log's width, styled) and drawn as built for as
long as it shows the same, so a scroll builds only the rows that changed, not the whole view.
With a screen at the table for each player and spectator over SSH, that was drawn again for
every screen at every move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_helpers import SIZE, app_test, board_screen, make_app, martian_record

from core import find_game
from tui.plain_text import clip
from tui.widgets.move_log import MoveLog

GAME = find_game("martian-chess")
#: Moves that never capture and never end the game: each side shuffles a piece.
SHUFFLES = (("b1-a1", "a1-b1"), ("c8-d8", "d8-c8"))


@app_test
async def test_a_scroll_builds_only_the_rows_that_changed(data_dir: Path, monkeypatch: Any) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        log = screen.query_one(MoveLog)
        built: list[int] = []
        row_text = log.row_text

        def counted(index: int) -> str:
            built.append(index)
            return row_text(index)

        monkeypatch.setattr(log, "row_text", counted)
        scrolls = 0
        for ply in range(60):
            top, was_width = log.scroll_offset.y, log.scrollable_content_region.width
            built.clear()
            move = SHUFFLES[ply % 2][(ply // 2) % 2]
            screen.play(GAME.parse_move(screen.record.state, move))
            await pilot.pause()
            width, height = log.scrollable_content_region.size
            shown = [log.render_line(y).text for y in range(height)]
            indices = [log.scroll_offset.y + y - 1 for y in range(height)]
            assert shown == [
                clip(row_text(index), width).ljust(width)
                if index < len(log.entries)
                else " " * width
                for index in indices
            ]
            if log.scroll_offset.y == top + 1 and width == was_width:  # no scrollbar came
                scrolls += 1
                # The new row, and the rows whose look changed: the current move's and the
                # one before it.
                assert len(set(built)) <= 3 < height
        assert scrolls >= 20


@app_test
async def test_a_longer_log_is_not_laid_out_again_and_draws_as_if_it_were(
    data_dir: Path, monkeypatch: Any
) -> None:
    """A log of a fixed height keeps its place when it grows: once it scrolls, a new row
    changes only its scrollbar, and the screen is not laid out again at every move (each
    screen at an SSH table did it for every move of the game). What shows is what a new
    layout would show."""
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        log = screen.query_one(MoveLog)
        layouts: list[int] = []
        refresh = log.refresh

        def counted(*regions: Any, **options: Any) -> Any:
            if options.get("layout"):
                layouts.append(len(log.entries))
            return refresh(*regions, **options)

        monkeypatch.setattr(log, "refresh", counted)
        scrolling = 0
        for ply in range(50):
            scrolled = log.show_vertical_scrollbar
            layouts.clear()
            move = SHUFFLES[ply % 2][(ply // 2) % 2]
            screen.play(GAME.parse_move(screen.record.state, move))
            await pilot.pause()
            if scrolled:
                scrolling += 1
                assert layouts == []
                bar = log.vertical_scrollbar
                assert bar.window_virtual_size == len(log.entries) + 1
                assert log.scroll_offset.y == log.max_scroll_y > 0
        assert scrolling >= 20
        drawn = app.export_screenshot()
        app.screen.refresh(layout=True)
        await pilot.pause()
        assert app.export_screenshot() == drawn
