"""An option may say under which values of the others it has any effect: Martian Chess's
teams with four players, MAC's portal squares in Dark Chess (a form leaves it out otherwise)."""

from __future__ import annotations

from core import all_games, find_game
from core.options import OptionSpec


def spec(game_id: str, name: str) -> OptionSpec:
    game = find_game(game_id)
    return next(spec for spec in game.option_specs if spec.name == name)


def test_teams_apply_with_four_players_only() -> None:
    teams = spec("martian-chess", "teams")
    game = find_game("martian-chess")
    assert teams.applies(game.resolve_options({"players": "4"}))
    assert not teams.applies(game.resolve_options({"players": "2"}))


def test_portal_squares_apply_in_dark_chess_only() -> None:
    portals = spec("mac", "portals")
    game = find_game("mac")
    assert portals.applies(game.resolve_options({"mode": "dark"}))
    for mode in ("standard", "light"):
        assert not portals.applies(game.resolve_options({"mode": mode}))


def test_an_option_without_conditions_always_applies() -> None:
    clock = spec("martian-chess", "clock")
    game = find_game("martian-chess")
    for players in ("2", "4"):
        assert clock.applies(game.resolve_options({"players": players}))


def test_every_condition_names_an_option_and_values_it_can_take() -> None:
    for game in all_games():
        specs = {spec.name: spec for spec in game.option_specs}
        for option in game.option_specs:
            for name, values in option.applies_when:
                assert name in specs and name != option.name, (game.id, option.name)
                assert set(values) <= set(specs[name].choices), (game.id, option.name)
