"""Choosing a local game's time control on the setup screen: typed into its field, kept in
the record's TimeControl tag, and a bad one refused in one sentence with the setup kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static
from tui_helpers import SIZE, app_test, board_screen, make_app
from waiting import wait_for

from core.time_control import TIME_CONTROL_TAG
from tui.screens.setup import TIME_CONTROL_NOTE, SetupScreen


async def type_time_control(pilot: Pilot[Any], typed: str) -> None:
    await pilot.press("enter")  # Martian Chess, the first game
    await wait_for(lambda: isinstance(pilot.app.screen, SetupScreen), what="the setup")
    await pilot.click("#option-time-control")
    await pilot.pause()
    await pilot.press("end", "backspace", *typed, "enter")


@app_test
async def test_a_time_control_typed_at_setup_is_the_games(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for(lambda: isinstance(app.screen, SetupScreen), what="the setup")
        await pilot.click("#option-time-control")
        await pilot.pause()
        note = str(app.screen.query_one("#setup-note", Static).render())
        assert note == TIME_CONTROL_NOTE.replace("\n", " ")
        await pilot.press("end", "backspace", *"5+3", "enter")
        await wait_for(lambda: not isinstance(app.screen, SetupScreen), what="the board")
        assert board_screen(app).record.tags[TIME_CONTROL_TAG] == "300+3"


@app_test
async def test_a_game_set_up_without_a_clock_has_no_time_control(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for(lambda: isinstance(app.screen, SetupScreen), what="the setup")
        await pilot.click("#start")
        await wait_for(lambda: not isinstance(app.screen, SetupScreen), what="the board")
        assert TIME_CONTROL_TAG not in board_screen(app).record.tags


@app_test
async def test_a_bad_time_control_is_one_sentence_and_the_setup_stays(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await type_time_control(pilot, "[b]90[/b]")
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        message = str(screen.query_one("#setup-message", Static).render())
        assert message.startswith("'[b]90[/b]' is not a time control: type minutes+seconds")
        await pilot.press(*["backspace"] * 9, *"3d", "enter")
        await wait_for(lambda: not isinstance(app.screen, SetupScreen), what="the board")
        assert board_screen(app).record.tags[TIME_CONTROL_TAG] == "1/259200"
