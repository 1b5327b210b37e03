"""The first screen lists the registry's games, in the registry's order, each by its name and
description; choosing one opens the setup of the game its entry loads."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList
from tui_helpers import SIZE, app_test, make_app

from core.registry import GAMES
from tui.screens.game_select import GameSelectScreen
from tui.screens.setup import SetupScreen


@app_test
async def test_the_game_list_is_the_registrys(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameSelectScreen)
        games = app.screen.query_one("#game-list", OptionList)
        shown = [games.get_option_at_index(i) for i in range(games.option_count)]
        assert [option.id for option in shown] == [entry.id for entry in GAMES]
        assert [str(option.prompt) for option in shown] == [
            f"{entry.name}\n{entry.description}" for entry in GAMES
        ]


@pytest.mark.parametrize("place", range(len(GAMES)))
@app_test
async def test_choosing_a_game_sets_up_the_game_its_entry_loads(data_dir: Path, place: int) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * place, "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.game is GAMES[place].load()
