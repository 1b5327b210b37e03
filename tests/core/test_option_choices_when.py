"""An option may offer fewer values under a value of another: Martian Chess's first player is
one of the seats the game has, so a game of two offers no third or fourth."""

from __future__ import annotations

import pytest

from core import OptionError, all_games, find_game
from core.options import OptionSpec, resolve_options

GAME = find_game("martian-chess")


def first_player() -> OptionSpec:
    return next(spec for spec in GAME.option_specs if spec.name == "first")


@pytest.mark.parametrize(
    ("players", "offered"),
    [("2", ("1", "2", "random")), ("4", ("1", "2", "3", "4", "random"))],
)
def test_the_first_player_is_one_of_the_seats(players: str, offered: tuple[str, ...]) -> None:
    options = GAME.resolve_options({"players": players})
    assert first_player().choices_under(options) == offered


@pytest.mark.parametrize("first", ["3", "4"])
def test_options_naming_a_seat_the_game_lacks_are_refused_when_read(first: str) -> None:
    with pytest.raises(OptionError, match=f"first cannot be '{first}' with players=2"):
        GAME.resolve_options({"players": "2", "first": first})
    assert GAME.resolve_options({"players": "4", "first": first})["first"] == first


def test_the_first_entry_that_holds_gives_the_choices() -> None:
    size = OptionSpec("size", "Size", "s", ("s", "m", "l"))
    cup = OptionSpec(
        "cup",
        "Cup",
        "a",
        ("a", "b", "c"),
        choices_when=(("size", "s", ("a",)), ("size", "m", ("a", "b"))),
    )
    assert cup.choices_under({"size": "s"}) == ("a",)
    assert cup.choices_under({"size": "m"}) == ("a", "b")
    assert cup.choices_under({"size": "l"}) == ("a", "b", "c")
    assert resolve_options((size, cup), {"size": "m", "cup": "b"}) == {"size": "m", "cup": "b"}
    with pytest.raises(OptionError, match="allowed: a, b"):
        resolve_options((size, cup), {"size": "m", "cup": "c"})


def test_every_narrowing_names_an_option_and_keeps_the_default() -> None:
    for game in all_games():
        specs = {spec.name: spec for spec in game.option_specs}
        for option in game.option_specs:
            for name, value, choices in option.choices_when:
                assert name in specs and name != option.name, (game.id, option.name)
                assert value in specs[name].choices, (game.id, option.name)
                assert option.default in choices, (game.id, option.name)
                assert set(choices) <= set(option.choices), (game.id, option.name)
