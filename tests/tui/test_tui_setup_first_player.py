"""The setup form offers as Martian Chess's first player only the seats the game has: 1, 2 or
random in a game of two, 1 to 4 or random in a game of four, and a seat that goes away with a
change of the player count falls back to the first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import OptionList, Select
from tui_helpers import SIZE, app_test, board_screen, make_app

from core import find_game
from tui.screens.setup import SetupScreen

MARTIAN = find_game("martian-chess")
TWO = ["1", "2", "random"]
FOUR = ["1", "2", "3", "4", "random"]


async def open_setup(pilot: Any) -> SetupScreen:
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen) and screen.game is MARTIAN
    return screen


async def focus(pilot: Any, screen: SetupScreen, field: str) -> None:
    """Tab from field to field until ``field`` has the focus."""
    for _ in range(12):
        if screen.focused is not None and screen.focused.id == field:
            return
        await pilot.press("tab")
        await pilot.pause()
    raise AssertionError(f"{field} never had the focus")


async def offered(pilot: Any, screen: SetupScreen, field: str) -> list[str]:
    """The values listed when the player opens ``field``'s drop-down (closed again after)."""
    await focus(pilot, screen, field)
    await pilot.press("enter")
    await pilot.pause()
    listing = screen.query_one(f"#{field}", Select).query_one(OptionList)
    prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
    await pilot.press("escape")
    await pilot.pause()
    return prompts


async def choose(pilot: Any, screen: SetupScreen, field: str, value: str) -> None:
    """Open ``field``'s drop-down, move down to ``value`` and choose it, as a player does."""
    await focus(pilot, screen, field)
    await pilot.press("enter")
    await pilot.pause()
    select = screen.query_one(f"#{field}", Select)
    listing = select.query_one(OptionList)
    prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
    target = prompts.index(value)
    while listing.highlighted != target:
        await pilot.press("down" if (listing.highlighted or 0) < target else "up")
        await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert select.value == value


@app_test
async def test_the_first_player_is_one_of_the_seats_of_the_count(data_dir: Path) -> None:
    app = make_app(data_dir, games=[MARTIAN])
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        assert await offered(pilot, screen, "option-first") == TWO
        await choose(pilot, screen, "option-players", "4")
        assert await offered(pilot, screen, "option-first") == FOUR
        await choose(pilot, screen, "option-first", "4")
        await pilot.click("#start")
        await pilot.pause()
        record = board_screen(app).record
        assert record.options["players"] == "4" and record.options["first"] == "4"
        assert MARTIAN.to_move(record.state) == 3


@app_test
async def test_a_seat_gone_with_two_players_falls_back_to_the_first(data_dir: Path) -> None:
    app = make_app(data_dir, games=[MARTIAN])
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        await choose(pilot, screen, "option-players", "4")
        await choose(pilot, screen, "option-first", "2")
        await choose(pilot, screen, "option-players", "2")
        assert screen.query_one("#option-first", Select).value == "2"  # both counts have it
        await choose(pilot, screen, "option-players", "4")
        await choose(pilot, screen, "option-first", "4")
        await choose(pilot, screen, "option-players", "2")
        assert screen.query_one("#option-first", Select).value == "1"
        assert await offered(pilot, screen, "option-first") == TWO
        await pilot.click("#start")
        await pilot.pause()
        record = board_screen(app).record  # the game starts: nothing refused
        assert record.options["players"] == "2" and record.options["first"] == "1"
        assert MARTIAN.to_move(record.state) == 0
