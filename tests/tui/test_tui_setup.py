"""Choosing a game and setting it up: options, a name per seat, start."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Label, OptionList, Select, Static
from tui_helpers import MARTIAN, SIZE, app_test, board_screen, make_app

from core import all_games
from tui.screens.game_select import GameSelectScreen
from tui.screens.setup import SetupScreen


def _seat_labels(screen: SetupScreen) -> list[str]:
    return [str(label.render()) for label in screen.query("#setup-players Label").results(Label)]


@app_test
async def test_the_game_list_shows_every_game(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameSelectScreen)
        listed = screen.query_one(OptionList)
        options = [listed.get_option_at_index(i) for i in range(listed.option_count)]
        games = [option for option in options if not option.disabled]
        assert [option.id for option in games] == [game.id for game in all_games()]
        for option, game in zip(games, all_games(), strict=True):
            assert str(option.prompt) == f"{game.name}\n{game.description}"
        assert screen.current_game() is all_games()[0]


@app_test
async def test_setup_starts_a_game_with_the_chosen_options_and_names(data_dir: Path) -> None:
    app = make_app(data_dir, new_seed=lambda: 4242)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.game is MARTIAN
        assert _seat_labels(screen) == ["South", "North"]
        screen.query_one("#option-players", Select).value = "4"
        await pilot.pause()
        assert _seat_labels(screen) == ["South-West", "North-West", "North-East", "South-East"]
        screen.query_one("#option-teams", Select).value = "off"
        screen.query_one("#player-0", Input).value = "Ann"
        screen.query_one("#player-2", Input).value = "Cy"
        await pilot.click("#start")
        await pilot.pause()
        record = board_screen(app).record
        assert record.game is MARTIAN
        assert record.options["players"] == "4"
        assert record.options["teams"] == "off"
        assert record.seed == 4242
        assert record.players == ["Ann", "North-West", "Cy", "South-East"]


@app_test
async def test_names_typed_before_the_seats_change_are_kept(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#player-1", Input).value = "Bob"
        screen.query_one("#option-players", Select).value = "4"
        await pilot.pause()
        assert screen.query_one("#player-1", Input).value == "Bob"
        assert screen.player_names() == ["South-West", "Bob", "North-East", "South-East"]


@app_test
async def test_options_the_game_refuses_keep_the_setup_open(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#option-time-control", Input).value = "soon"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.screen is screen
        message = str(screen.query_one("#setup-message", Static).render())
        assert message and "soon" in message


@app_test
async def test_escape_goes_back_to_the_game_list(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameSelectScreen)


@app_test
async def test_a_click_on_a_game_sets_it_up(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#game-list")
        await pilot.press("down")  # the highlight is elsewhere: one click still picks
        assert await pilot.click("#game-list", offset=(4, games.styles.gutter.top))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.game is app.games[0]
