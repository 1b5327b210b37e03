"""`?` in the library names the library's keys in its own words: Enter opens a game and the
arrows move, though its table takes those keys with Textual's own bindings; Textual's tab,
copying and scrolling keys are not listed."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import SIZE, app_test, make_app
from waiting import wait_for

from tui.screens.help import HelpScreen
from tui.screens.library import LibraryScreen

TEXTUAL_WORDS = {"Focus Next", "Copy selected text", "Page Left", "Cursor up", "Select"}


@app_test
async def test_the_library_help_names_its_keys(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await wait_for(lambda: isinstance(app.screen, LibraryScreen), what="the library")
        await pilot.press("question_mark")
        await wait_for(lambda: isinstance(app.screen, HelpScreen), what="the help")
        rows = {description: keys for keys, description in app.screen.rows}  # type: ignore[attr-defined]
        assert rows["Open"] == "⏎" and rows["Up"] == "↑ k" and rows["Down"] == "↓ j"
        assert rows["Filter"] == "/" and rows["Back"] == "esc"
        assert not TEXTUAL_WORDS & set(rows)
