"""The end of a game: the dialog, filing the game, and review / new game / quit."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static
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
from saves.paths import autosave_file, games_dir
from tui.screens.game_over import GameOverScreen
from tui.screens.game_select import GameSelectScreen

#: South's last piece, the queen on a4, can take the pawn on b5 and leave South's zone empty.
LAST_MOVE = "4/4/1p2/1p2/q3/4/4/4 1 0/0 - o"


def _text(screen: GameOverScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@app_test
async def test_the_last_move_opens_the_game_over_dialog(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(position=LAST_MOVE))
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("a4", "b5"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        assert _text(screen, "#over-headline") == "Alice (South) wins"
        assert _text(screen, "#over-reason") == "South's zone is empty: South wins 1 to 0"
        assert _text(screen, "#over-scores") == "Final scores: Alice (South) 1 · Bob (North) 0"
        filed = sorted(games_dir(data_dir).glob("*.pawn"))
        assert [path.name for path in filed] == ["2026-11-21_1403_martian-chess_alice-bob.pawn"]
        assert _text(screen, "#over-note") == f"Filed as {filed[0].name}"
        assert line(load(filed[0])) == ["a4xb5"]
        assert not autosave_file(data_dir).exists()


@app_test
async def test_a_move_that_does_not_end_the_game_opens_no_dialog(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(position=LAST_MOVE))
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("a4", "a3"))
        await pilot.pause()
        assert not isinstance(app.screen, GameOverScreen)
        assert line(board_screen(app).record) == ["a4-a3"]


@app_test
async def test_review_stays_on_the_board_to_step_through(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(position=LAST_MOVE))
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("a4", "b5"))
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = board_screen(app)
        assert screen.reviewing
        await pilot.press("enter")
        status = screen.query_one("#status")
        assert status.message == "the game is over here: u or ctrl+z steps back to try other moves"
        await pilot.press("u")
        assert line(screen.record) == []
        assert status.turn == "review · Alice (South) to move"
        await play_by_keys(pilot, ("a4", "a3"))
        assert line(screen.record) == ["a4-a3"]
        assert [node.notation for node in screen.record.mainline()] == ["a4xb5"]
        assert not isinstance(app.screen, GameOverScreen)
        assert not autosave_file(data_dir).exists()
        await pilot.press("ctrl+y")
        assert line(screen.record) == ["a4-a3"]


@app_test
async def test_new_game_goes_back_to_the_game_selection(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(position=LAST_MOVE))
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("a4", "b5"))
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameSelectScreen)
        assert len(app.screen_stack) == 1


@app_test
async def test_quit_leaves_the_app(data_dir: Path) -> None:
    app = make_app(data_dir, record=martian_record(position=LAST_MOVE))
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("a4", "b5"))
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
