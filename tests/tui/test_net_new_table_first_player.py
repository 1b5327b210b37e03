"""The form that opens a table over SSH offers Martian Chess's first player as the setup
screen does, from the same option specs: only the seats of the player count, a seat that goes
with a change of the count falling back to the first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_net_new_table_form import run
from textual.pilot import Pilot
from textual.widgets import OptionList, Select
from waiting import wait_for

from tui.net.app import NetApp
from tui.net.new_table import NewTableScreen

TWO = ["1", "2", "random"]
FOUR = ["1", "2", "3", "4", "random"]


async def focus(pilot: Pilot[Any], screen: NewTableScreen, field: str) -> None:
    for _ in range(12):
        if screen.focused is not None and screen.focused.id == field:
            return
        await pilot.press("tab")
        await pilot.pause()
    raise AssertionError(f"{field} never had the focus")


async def open_list(pilot: Pilot[Any], screen: NewTableScreen, field: str) -> OptionList:
    await focus(pilot, screen, field)
    await pilot.press("enter")
    await pilot.pause()
    return screen.query_one(f"#{field}", Select).query_one(OptionList)


def prompts(listing: OptionList) -> list[str]:
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def choose(pilot: Pilot[Any], screen: NewTableScreen, field: str, value: str) -> None:
    """Open ``field``'s drop-down, move to ``value`` and choose it, as a player does."""
    listing = await open_list(pilot, screen, field)
    target = prompts(listing).index(value)
    while listing.highlighted != target:
        await pilot.press("down" if (listing.highlighted or 0) < target else "up")
        await pilot.pause()
    await pilot.press("enter")
    select = screen.query_one(f"#{field}", Select)
    await wait_for(lambda: select.value == value, what=f"{field} {value}")


async def offered(pilot: Pilot[Any], screen: NewTableScreen) -> list[str]:
    listing = await open_list(pilot, screen, "option-first")
    found = prompts(listing)
    await pilot.press("escape")
    await pilot.pause()
    return found


def test_the_first_player_is_one_of_the_seats_of_the_count(tmp_path: Path) -> None:
    async def scenario(app: NetApp, screen: NewTableScreen, pilot: Pilot[Any]) -> None:
        assert await offered(pilot, screen) == TWO
        await choose(pilot, screen, "option-players", "4")
        assert await offered(pilot, screen) == FOUR
        await choose(pilot, screen, "option-first", "4")
        assert screen.chosen_options()["first"] == "4"
        await choose(pilot, screen, "option-players", "2")
        await wait_for(lambda: screen.chosen_options()["first"] == "1", what="the first seat again")
        assert await offered(pilot, screen) == TWO
        assert screen.chosen_options()["players"] == "2"

    run(tmp_path, scenario)
