"""The first screen lists the registry's games, in the registry's order, each by its name and
description; choosing one opens the setup of the game its entry loads. The list moves with
`j`/`k` as the board does, and its help names the app's keys, not Textual's."""

from __future__ import annotations

from pathlib import Path

import pytest
from drawn_text import drawn
from textual.widgets import OptionList
from tui_helpers import SIZE, app_test, make_app
from waiting import wait_for

from core.registry import GAMES
from tui.app import PawnshopApp
from tui.screens.game_select import GameSelectScreen
from tui.screens.help import HelpScreen
from tui.screens.setup import SetupScreen
from tui.widgets.list_keys import KeyedOptionList


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


#: What Textual's own bindings say (tab, copying, scrolling): not keys of the app.
TEXTUAL_WORDS = {"Focus Next", "Focus Previous", "Copy selected text", "Page Left", "Scroll Left"}


def declared(*owners: type) -> set[str]:
    """The descriptions of the keys ``owners`` declare."""
    return {binding.description for owner in owners for binding in owner.BINDINGS}  # type: ignore[attr-defined,union-attr]


@app_test
async def test_j_and_k_move_through_the_games(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("j", "j", "j", "k", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.game is GAMES[2].load()


@app_test
async def test_the_help_of_the_game_list_names_the_apps_keys(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        rows = {description: keys for keys, description in screen.rows}
        assert rows["Down"] == "j ↓" and rows["Up"] == "k ↑"
        assert rows["Set up the game"] == "⏎" and rows["Load game"] == "l"
        assert not TEXTUAL_WORDS & set(rows)
        assert set(rows) <= declared(GameSelectScreen, KeyedOptionList, PawnshopApp)


@app_test
async def test_the_footer_of_the_game_list_shows_j_and_k(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE):
        await wait_for(lambda: "Keys" in drawn(app).lines[-1], what="the footer")
        footer = drawn(app).lines[-1]
        assert "j k Down/up" in footer and "? Keys" in footer
