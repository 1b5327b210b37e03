"""Every game states its own state and move types, and its computer plug-in the same ones.

``Game[S, M]`` is what lets the type checker hold each game's methods to its own positions
and moves; these checks hold the declarations to what the game really hands out.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Hashable
from typing import Any

import pytest

from core import all_games
from core.ai.plugin import GamePlugin, plugin_for
from core.game import Game

GAMES = [pytest.param(game, id=game.id) for game in all_games()]
#: The games with a plug-in of their own (the generic ``GamePlugin`` serves the others).
PLUGGED = [
    pytest.param(game, id=game.id)
    for game in all_games()
    if type(plugin_for(game)) is not GamePlugin
]


def declared_types(cls: type, generic: type) -> tuple[Any, ...]:
    """The type arguments ``cls`` gives ``generic`` among its bases (``()`` if none)."""
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is generic:
                return typing.get_args(base)
    return ()


def is_concrete(declared: object) -> bool:
    """A class or a union of classes: not a type variable, ``Any`` or ``Hashable``."""
    if isinstance(declared, type):
        return declared is not Hashable
    return typing.get_origin(declared) in (typing.Union, type(int | str)) and all(
        is_concrete(member) for member in typing.get_args(declared)
    )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_declares_its_own_state_and_move_types(game: Game[Any, Any]) -> None:
    state_type, move_type = declared_types(type(game), Game)
    assert is_concrete(state_type), f"{game.id} state type {state_type!r}"
    assert is_concrete(move_type), f"{game.id} move type {move_type!r}"


@pytest.mark.parametrize("game", GAMES)
def test_the_states_and_moves_a_game_hands_out_are_of_its_declared_types(
    game: Game[Any, Any],
) -> None:
    state_type, move_type = declared_types(type(game), Game)
    rng = random.Random(7)
    state = game.new(seed=7)
    for _ in range(60):
        assert isinstance(state, state_type)
        assert isinstance(game.view(state, game.to_move(state)), state_type)
        moves = list(game.legal_moves(state))
        if not moves:
            break
        assert all(isinstance(move, move_type) for move in moves)
        move = moves[rng.randrange(len(moves))]
        assert isinstance(game.parse_move(state, game.format_move(state, move)), move_type)
        state = game.apply(state, move)
    assert isinstance(game.read_position(game.write_position(state)), state_type)


@pytest.mark.parametrize("game", PLUGGED)
def test_a_games_plugin_declares_the_games_own_types(game: Game[Any, Any]) -> None:
    state_type, move_type = declared_types(type(plugin_for(game)), GamePlugin)
    assert (state_type, move_type) == declared_types(type(game), Game)
