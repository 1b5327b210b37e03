"""What a key press on the board redraws: the lines of the squares that changed, never the
screen's layout (except the move log growing by a move), and never a board that differs from
one drawn whole."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from tui_helpers import (
    MARTIAN,
    SIZE,
    app_test,
    board_screen,
    cursor_to,
    make_app,
    martian_record,
    square,
)

from core import GameRecord, find_game
from tui.widgets.board import BoardWidget
from tui.widgets.move_log import MoveLog


def drawn(board: BoardWidget) -> list[list[tuple[str, Any]]]:
    """Every line of the board's content as its segments' text and style."""
    height = board.content_size.height
    return [strip_parts(board.render_line(y)) for y in range(height)]


def strip_parts(strip: Strip) -> list[tuple[str, Any]]:
    return [(segment.text, segment.style) for segment in strip]


def drawn_whole(board: BoardWidget) -> list[list[tuple[str, Any]]]:
    """The board drawn from scratch, as it would be after a resize."""
    board.on_resize(None)  # type: ignore[arg-type]
    return drawn(board)


class RefreshLog:
    """The regions a widget asks to have repainted (``whole`` for the whole widget)."""

    def __init__(self, widget: BoardWidget, monkeypatch: Any) -> None:
        self.regions: list[Region | str] = []
        original = widget.refresh

        def refresh(*regions: Region, **options: Any) -> Any:
            self.regions.extend(regions or ["whole"])
            return original(*regions, **options)

        monkeypatch.setattr(widget, "refresh", refresh)


def count_layouts(monkeypatch: Any) -> list[int]:
    """A counter of the screen layouts done from now on."""
    layouts = [0]
    original = Screen._refresh_layout

    def counted(self: Screen[Any], *args: Any, **options: Any) -> None:
        layouts[0] += 1
        original(self, *args, **options)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts


@app_test
async def test_moving_the_cursor_redraws_the_lines_of_two_squares(
    data_dir: Path, monkeypatch: Any
) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await cursor_to(pilot, "c3")
        screen = board_screen(app)
        board = screen.query_one(BoardWidget)
        log = RefreshLog(board, monkeypatch)
        before = drawn(board)
        await pilot.press("up")
        await pilot.pause()
        geometry = board.geometry
        assert geometry is not None
        origin = board._board_origin(geometry)
        lines = set()
        for name in ("c3", "c4"):
            region = geometry.square_region(square(MARTIAN, screen.record, name))
            lines |= set(range(origin.y + region.y, origin.y + region.bottom))
        assert "whole" not in log.regions
        assert {region.y for region in log.regions if isinstance(region, Region)} == lines
        after = drawn(board)
        changed = {y for y, (old, new) in enumerate(zip(before, after, strict=True)) if old != new}
        assert changed == lines
        assert after == drawn_whole(board)


@app_test
async def test_keys_that_play_no_move_lay_nothing_out(data_dir: Path, monkeypatch: Any) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await cursor_to(pilot, "c3")
        layouts = count_layouts(monkeypatch)
        shown = []
        monkeypatch.setattr(MoveLog, "show", lambda log, *args: shown.append(args))
        await pilot.press("enter", "up", "right", "escape", "left", "down")
        await pilot.pause()
        assert layouts == [0]
        assert shown == []  # selecting a piece leaves the move log alone
        await pilot.press("enter", "up", "right", "enter")  # c3-d4
        await pilot.pause()
        assert len(shown) == 1


async def check_a_random_game(pilot: Any, game_name: str, moves: int, rng: random.Random) -> None:
    """Play random moves by selecting their squares, undo now and then, and check after
    every step that the board as drawn bit by bit is the board drawn whole."""
    game = find_game(game_name)
    screen = board_screen(pilot.app)
    board = screen.query_one(BoardWidget)
    for _ in range(moves):
        state = screen.record.state
        choices = [move for move in game.legal_moves(state) if game.move_path(state, move)]
        if not choices:
            break
        move = rng.choice(choices)
        path = game.move_path(state, move)
        for step in path[:-1]:
            screen.select_square(step)
            await pilot.pause()
            assert drawn(board) == drawn_whole(board)
        if rng.random() < 0.2:
            await pilot.press("u")
        else:
            screen.play(move)
        await pilot.pause()
        assert drawn(board) == drawn_whole(board)


@app_test
async def test_martian_chess_drawn_bit_by_bit_is_drawn_right(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await check_a_random_game(pilot, "martian-chess", 25, random.Random(3))


@app_test
async def test_chase_drawn_bit_by_bit_is_drawn_right(data_dir: Path) -> None:
    chase = find_game("chase")
    record = GameRecord(chase, {}, 5, ["Sam", "Nat"])
    app = make_app(data_dir, record=record, games=[chase])
    async with app.run_test(size=SIZE) as pilot:
        await check_a_random_game(pilot, "chase", 15, random.Random(4))
