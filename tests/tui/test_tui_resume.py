"""The offer to resume the autosaved game at start, and a bad autosave."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static
from tui_helpers import NOW, SIZE, app_test, board_screen, line, make_app, martian_record

from saves.autosave import write_autosave
from saves.format import load, save
from saves.paths import autosave_dir, autosave_file, autosave_files
from tui.screens.game_select import GameSelectScreen
from tui.screens.resume import ResumeScreen


@app_test
async def test_yes_resumes_the_autosaved_game(data_dir: Path) -> None:
    record = martian_record(("c3-d4", "b6-a5"))
    write_autosave(record, data_dir, now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        question = str(app.screen.query_one(".dialog-text", Static).render())
        assert question == "Resume your Martian Chess game (Alice vs Bob, 2 moves)?"
        await pilot.press("y")
        await pilot.pause()
        resumed = board_screen(app).record
        assert line(resumed) == ["c3-d4", "b6-a5"]
        assert resumed.state == record.state
        assert resumed.players == ["Alice", "Bob"]


@app_test
async def test_no_keeps_the_game_selection(data_dir: Path) -> None:
    write_autosave(martian_record(("c3-d4",)), data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameSelectScreen)
        assert autosave_file(data_dir).exists()
        message = str(app.screen.query_one("#select-message", Static).render())
        assert message == "Your unfinished game waits in the library: l, then u."


@app_test
async def test_a_bad_autosave_is_reported_and_kept_aside(data_dir: Path) -> None:
    path = autosave_file(data_dir)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00\xff junk")
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameSelectScreen)
        message = str(screen.query_one("#select-message", Static).render())
        assert message.startswith("current.pawn ")
        assert "kept as current.bad-" in message
        assert not path.exists()
        assert len(list(autosave_dir(data_dir).glob("current.bad-*.pawn"))) == 1


@app_test
async def test_the_autosave_of_earlier_versions_is_resumed_and_kept_under_a_name_of_its_own(
    data_dir: Path,
) -> None:
    legacy = autosave_dir(data_dir) / "current.pawn"
    save(martian_record(("c3-d4", "b6-a5")), legacy, now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("colon", *"d2xa5", "enter")
        await pilot.pause()
        assert line(board_screen(app).record) == ["c3-d4", "b6-a5", "d2xa5"]
    assert not legacy.exists()
    (kept,) = autosave_files(data_dir)
    assert "-martian-chess-" in kept.name  # named when it was last played, and which game
    assert line(load(kept)) == ["c3-d4", "b6-a5", "d2xa5"]
