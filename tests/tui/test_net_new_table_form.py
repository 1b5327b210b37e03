"""The form that opens a table over SSH shows only the options that have an effect, as the
setup screen does (teams with four players, portal squares in Dark Chess), marks the row of
the focused field by its label in reverse video, and its help names Tab and Shift+Tab in the
app's words."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from drawn_text import drawn
from net_helpers import make_hall
from test_list_highlights_without_colour import marked_rows
from textual.pilot import Pilot
from textual.widgets import Label
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.new_table import NewTableScreen
from tui.play.hall import TableHall
from tui.play.identity import PlayerIdentity
from tui.screens.help import HelpScreen

MARTIAN = find_game("martian-chess")
MAC = find_game("mac")
SIZE = (80, 24)
#: What Textual's own bindings say: not the app's words.
TEXTUAL_WORDS = {"Focus Next", "Focus Previous"}

Scenario = Callable[[NetApp, NewTableScreen, Pilot[Any]], Awaitable[None]]


def run(tmp_path: Path, scenario: Scenario) -> None:
    """Dave in the lobby presses `n` for the form."""
    hall: TableHall = make_hall(tmp_path, games=[MARTIAN, MAC])

    async def main() -> None:
        app = NetApp(hall, PlayerIdentity("dave"), ascii_board=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await wait_for(lambda: isinstance(app.screen, NewTableScreen), what="the form")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewTableScreen)
            await scenario(app, screen, pilot)

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


def shown_options(screen: NewTableScreen) -> list[str]:
    labels = screen.query("#new-table-options Label")
    return [str(label.render()) for label in labels if label.display]


def test_teams_show_only_with_four_players(tmp_path: Path) -> None:
    async def scenario(app: NetApp, screen: NewTableScreen, pilot: Pilot[Any]) -> None:
        assert shown_options(screen) == ["Players", "Calling the clock", "First player"]
        assert not any("Teams" in line for line in drawn(app).lines)
        await pilot.press("tab", "enter", "down", "enter")  # Players: 4
        await wait_for(lambda: "Teams" in shown_options(screen), what="the teams")
        assert shown_options(screen) == ["Players", "Teams", "Calling the clock", "First player"]
        await pilot.pause()
        assert any("Teams" in line for line in drawn(app).lines)
        await pilot.press("enter", "up", "enter")  # Players: 2 again
        await wait_for(lambda: "Teams" not in shown_options(screen), what="no teams")
        assert screen.chosen_options()["players"] == "2"

    run(tmp_path, scenario)


def test_portal_squares_show_only_in_dark_chess(tmp_path: Path) -> None:
    async def scenario(app: NetApp, screen: NewTableScreen, pilot: Pilot[Any]) -> None:
        await pilot.press("enter", "down", "enter")  # the game: MAC
        await wait_for(lambda: screen.game is MAC, what="MAC")
        await wait_for(lambda: "Mode" in shown_options(screen), what="MAC's options")
        assert shown_options(screen) == ["Mode", "Power tokens"]
        await pilot.press("tab", "enter", "down", "enter")  # Mode: dark
        await wait_for(lambda: len(shown_options(screen)) == 3, what="the portal squares")
        assert shown_options(screen) == ["Mode", "Power tokens", "Portal squares (dark)"]
        await pilot.press("enter", "up", "enter")  # Mode: standard again
        await wait_for(lambda: len(shown_options(screen)) == 2, what="no portal squares")

    run(tmp_path, scenario)


def test_the_help_names_tab_and_shift_tab(tmp_path: Path) -> None:
    async def scenario(app: NetApp, screen: NewTableScreen, pilot: Pilot[Any]) -> None:
        await pilot.press("question_mark")
        await wait_for(lambda: isinstance(app.screen, HelpScreen), what="the help")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        rows = {description: keys for keys, description in help_screen.rows}
        assert rows["Next field"] == "tab" and rows["Previous field"] == "shift+tab"
        assert rows["Back"] == "esc"
        assert not TEXTUAL_WORDS & set(rows)

    run(tmp_path, scenario)


def test_the_focused_field_s_row_is_marked_without_colour(tmp_path: Path) -> None:
    """Tab from the game's list to the first option, then round to the seats: the label of the
    row whose field has the focus is drawn in reverse video, which reads without colour."""

    async def scenario(app: NetApp, screen: NewTableScreen, pilot: Pilot[Any]) -> None:
        assert marked(app, screen) == []  # the game's drop-down has the focus
        await pilot.press("tab")
        await pilot.pause()
        assert marked(app, screen) == ["Players"]
        for _ in range(6):  # on through the options to South's seat
            await pilot.press("tab")
            focused = app.focused
            if focused is not None and focused.id == "seat-0":
                break
        await pilot.pause()
        assert marked(app, screen) == ["South"]

    run(tmp_path, scenario)


def marked(app: NetApp, screen: NewTableScreen) -> list[str]:
    """The labels drawn in reverse video, as a terminal without colour shows them."""
    labels = screen.query("#new-table-form Label").results(Label)
    return [text for label in labels if label.display for text in marked_rows(app, label.region)]
