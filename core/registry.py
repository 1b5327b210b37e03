"""The registry of games: ``game_entries()``, ``find_game("martian-chess")`` and ``all_games()``.

Every sub-package of ``core.games`` that exports ``GAME`` (a ``Game`` instance) is a game.

Importing a game's rules takes time (a tenth of a second or more for the four games), and
the list of games needs only their names. So a game package may have an ``about`` module
with its ``ID``, ``NAME``, ``DESCRIPTION`` and ``ALIASES`` (its ``Game`` takes them from
there too): ``game_entries()`` reads those alone, without running the package's
``__init__``, and a game's rules are imported when it is first asked for, by ``load()`` or
``find_game``. A package without an ``about`` module is imported at once.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from dataclasses import dataclass, field
from functools import cache
from importlib.machinery import PathFinder
from types import ModuleType
from typing import Any

import core.games
from core.errors import UnknownGameError
from core.game import Game

#: The order games are listed in; any other registered game follows alphabetically.
LISTING_ORDER = ("martian-chess", "mac", "macadam", "chase")


@dataclass(frozen=True)
class GameEntry:
    """A game as the list of games shows it; ``load()`` gives the game itself."""

    id: str
    name: str
    description: str
    aliases: tuple[str, ...] = ()
    #: The package that exports the game as ``GAME`` ("" for a game given as it is).
    package: str = ""
    #: The game, when it is at hand already.
    game: Game[Any, Any] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, game: Game[Any, Any]) -> GameEntry:
        return cls(game.id, game.name, game.description, tuple(game.aliases), game=game)

    def load(self) -> Game[Any, Any]:
        """The game, its rules imported on first use."""
        if self.game is not None:
            return self.game
        return _load(self)

    def answers_to(self, name: str) -> bool:
        """Whether ``name`` is this game's id, name or an alias (case and dashes ignored)."""
        wanted = _key(name)
        return wanted in {_key(self.id), _key(self.name), *(_key(a) for a in self.aliases)}


@cache
def game_entries() -> tuple[GameEntry, ...]:
    """Every registered game, in listing order, without importing rules that have an
    ``about`` module."""
    entries: list[GameEntry] = []
    for info in pkgutil.iter_modules(core.games.__path__):
        if not info.ispkg:
            continue
        package = f"core.games.{info.name}"
        about = _about_module(package)
        if about is not None:
            entries.append(
                GameEntry(about.ID, about.NAME, about.DESCRIPTION, tuple(about.ALIASES), package)
            )
            continue
        game = getattr(importlib.import_module(package), "GAME", None)
        if isinstance(game, Game):
            entries.append(GameEntry.of(game))

    def order(entry: GameEntry) -> tuple[int, str]:
        rank = LISTING_ORDER.index(entry.id) if entry.id in LISTING_ORDER else len(LISTING_ORDER)
        return rank, entry.id

    return tuple(sorted(entries, key=order))


def _about_module(package: str) -> ModuleType | None:
    """``package.about`` run on its own: the package's ``__init__``, which imports the rules,
    is not run for it (when the package is imported later, this same module is used)."""
    name = f"{package}.about"
    if name in sys.modules:
        return sys.modules[name]
    parent = importlib.util.find_spec(package)
    locations = parent.submodule_search_locations if parent else None
    spec = PathFinder.find_spec(name, list(locations)) if locations else None
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


@cache
def _load(entry: GameEntry) -> Game[Any, Any]:
    game = getattr(importlib.import_module(entry.package), "GAME", None)
    if not isinstance(game, Game):
        raise UnknownGameError(f"{entry.package} does not export a game as GAME")
    if GameEntry.of(game) != GameEntry(entry.id, entry.name, entry.description, entry.aliases):
        raise UnknownGameError(f"{entry.package}: the game and its about module disagree")
    return game


@cache
def all_games() -> tuple[Game[Any, Any], ...]:
    """Every registered game, its rules imported."""
    return tuple(entry.load() for entry in game_entries())


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def find_entry(name: str) -> GameEntry:
    """The entry of the game called ``name`` (its id, its name or an alias; case and dashes
    ignored), without importing its rules."""
    for entry in game_entries():
        if entry.answers_to(name):
            return entry
    known = ", ".join(entry.id for entry in game_entries())
    raise UnknownGameError(f"there is no game called '{name}' (games: {known})")


def find_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (its id, its name or an alias; case and dashes ignored)."""
    return find_entry(name).load()
