"""What a move draws: opening the typed-move line redraws the bottom rows only; a new move
while the log's rows all fit repaints the log's new rows without laying the screen out."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.geometry import Region
from tui_helpers import SIZE, app_test, board_screen, make_app, martian_record

from core import find_game
from tui.widgets.move_log import MoveLog

GAME = find_game("martian-chess")


class Frames:
    """The screen rows each frame of the compositor draws (``None`` for a whole frame)."""

    def __init__(self, compositor: Any, monkeypatch: Any) -> None:
        self.frames: list[set[int] | None] = []
        partial, full = compositor.render_partial_update, compositor.render_full_update

        def render_partial_update() -> Any:
            regions = compositor._dirty_regions
            rows = {y for region in regions for y in range(region.y, region.bottom)}
            if rows:
                self.frames.append(rows)
            return partial()

        def render_full_update(*args: Any, **kwargs: Any) -> Any:
            self.frames.append(None)
            return full(*args, **kwargs)

        monkeypatch.setattr(compositor, "render_partial_update", render_partial_update)
        monkeypatch.setattr(compositor, "render_full_update", render_full_update)


@app_test
async def test_opening_and_closing_the_move_line_draws_the_bottom_rows_only(
    data_dir: Path, monkeypatch: Any
) -> None:
    app = make_app(data_dir, record=martian_record(["c3-d4"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.pause()
        frames = Frames(screen._compositor, monkeypatch)
        bottom = {SIZE[1] - 2, SIZE[1] - 1}  # the status line and the footer's row
        await pilot.press("colon")
        await pilot.pause()
        assert screen.move_line.is_open
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.move_line.is_open
        assert frames.frames, "something was drawn"
        assert all(rows is not None and rows <= bottom for rows in frames.frames), frames.frames


def quiet_moves(state: Any) -> list[Any]:
    """Moves that neither score nor call the clock, so the game goes on."""
    return [
        move
        for move in GAME.legal_moves(state)
        if GAME.format_move(state, move) != "clock"
        and GAME.apply(state, move).scores == state.scores
    ]


@app_test
async def test_a_move_while_the_rows_fit_repaints_rows_and_lays_nothing_out(
    data_dir: Path, monkeypatch: Any
) -> None:
    app = make_app(data_dir, record=martian_record())
    rng = random.Random(5)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        log = screen.query_one(MoveLog)
        await pilot.pause()
        requests: list[tuple[tuple[Region, ...], bool]] = []
        original = log.refresh

        def refresh(*regions: Region, layout: bool = False, **options: Any) -> Any:
            requests.append((regions, layout))
            return original(*regions, layout=layout, **options)

        monkeypatch.setattr(log, "refresh", refresh)
        fitted = 0
        while len(log.entries) < log.scrollable_content_region.height + 2:
            requests.clear()
            region = log.region
            screen.play(rng.choice(quiet_moves(screen.record.state)))
            await pilot.pause()
            rows, view = len(log.entries) + 1, log.scrollable_content_region.height
            assert log.virtual_size.height == max(rows, view)
            assert rows - 1 - log.scroll_offset.y in range(view), "the new row is in view"
            if rows <= view and log.region == region:  # (a panel above may grow and shrink it)
                fitted += 1
                assert requests and all(regions and not layout for regions, layout in requests)
                assert any(region.y <= rows - 1 < region.bottom for region in requests[-1][0])
        assert fitted >= 10
        assert log.scroll_offset.y > 0  # and once they no longer fit, the log scrolls


@app_test
async def test_opening_the_move_line_typing_and_playing_lay_nothing_out(
    data_dir: Path,
) -> None:
    """The move line is drawn in the footer's row and takes no focus: opening it, typing a
    move into it and playing the move arrange nothing on the screen."""
    app = make_app(data_dir, record=martian_record(["c3-d4"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await pilot.pause()
        layouts: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
        await pilot.press("colon")
        await pilot.pause()
        assert screen.move_line.is_open
        for key in "b6-a5":
            await pilot.press(key)
            await pilot.pause()
        assert screen.move_line.text == "b6-a5"
        await pilot.press("enter")
        await pilot.pause()
        assert [node.notation for node in screen.record.line()] == ["c3-d4", "b6-a5"]
        assert layouts == []
