"""The registry of games: ``find_game("martian-chess")`` and ``all_games()``.

Every sub-package of ``core.games`` that exports ``GAME`` (a ``Game`` instance) is a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import core.games
from core.errors import UnknownGameError
from core.game import Game

#: The order games are listed in; any other registered game follows alphabetically.
LISTING_ORDER = ("martian-chess", "mac", "macadam", "chase")


@cache
def all_games() -> tuple[Game, ...]:
    games: list[Game] = []
    for info in pkgutil.iter_modules(core.games.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"core.games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games.append(game)

    def order(game: Game) -> tuple[int, str]:
        rank = LISTING_ORDER.index(game.id) if game.id in LISTING_ORDER else len(LISTING_ORDER)
        return rank, game.id

    return tuple(sorted(games, key=order))


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def find_game(name: str) -> Game:
    """The game called ``name`` (its id, its name or an alias; case and dashes ignored)."""
    wanted = _key(name)
    for game in all_games():
        if wanted in {_key(game.id), _key(game.name), *(_key(a) for a in game.aliases)}:
            return game
    known = ", ".join(game.id for game in all_games())
    raise UnknownGameError(f"there is no game called '{name}' (games: {known})")
