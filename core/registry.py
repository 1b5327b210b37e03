"""The registry of games: ``GAMES``, one explicit list, and ``find_game("martian-chess")``.

Each entry names a game (its id, name, description and aliases, taken from the game's
``about`` module), the module of its rules and the module of its computer player. The list
of games needs only the names, and importing the rules takes time (a tenth of a second or
more for the four games): an ``about`` module imports nothing of the rules, and a game
package imports its rules only when its ``GAME`` is first asked for. So listing the games
imports no rules; ``load()`` (or ``find_game``) imports one game's rules, and
``core.ai.plugin_for`` its computer player.

Adding a game: its rules in a package ``core/games/<game>/`` (an ``about`` module, and a
``GAME`` its package gives), its computer player in ``core/ai/<game>.py`` (a ``PLUGIN``,
see ``core.ai.plugin``), and one entry in ``GAMES`` below, where its place is its place in
the list of games.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

from core.errors import UnknownGameError
from core.game import Game
from core.games.chase import about as chase
from core.games.mac import about as mac
from core.games.macadam import about as macadam
from core.games.martian_chess import about as martian_chess


@dataclass(frozen=True)
class GameEntry:
    """A game as the list of games shows it; ``load()`` gives the game itself."""

    id: str
    name: str
    description: str
    aliases: tuple[str, ...] = ()
    #: The module that exports the game as ``GAME`` ("" for a game given as it is).
    rules: str = ""
    #: The module that exports its computer player as ``PLUGIN`` ("": the generic one),
    #: imported by ``core.ai.plugin_for``.
    computer_player: str = ""
    #: The game, when it is at hand already.
    game: Game[Any, Any] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, game: Game[Any, Any]) -> GameEntry:
        """The entry of a game at hand, outside the registry (its computer player generic)."""
        return cls(game.id, game.name, game.description, tuple(game.aliases), game=game)

    @classmethod
    def about(cls, about: ModuleType, rules: str, computer_player: str) -> GameEntry:
        """The entry of a game whose names are in its ``about`` module."""
        return cls(
            about.ID, about.NAME, about.DESCRIPTION, tuple(about.ALIASES), rules, computer_player
        )

    def load(self) -> Game[Any, Any]:
        """The game, its rules imported on first use."""
        if self.game is not None:
            return self.game
        return _load(self)

    def answers_to(self, name: str) -> bool:
        """Whether ``name`` is this game's id, name or an alias (case and dashes ignored)."""
        wanted = _key(name)
        return wanted in {_key(self.id), _key(self.name), *(_key(a) for a in self.aliases)}


#: Every game, in the order the list of games shows them.
GAMES: tuple[GameEntry, ...] = (
    GameEntry.about(martian_chess, "core.games.martian_chess", "core.ai.martian_chess"),
    GameEntry.about(mac, "core.games.mac", "core.ai.mac"),
    GameEntry.about(macadam, "core.games.macadam", "core.ai.macadam"),
    GameEntry.about(chase, "core.games.chase", "core.ai.chase"),
)


def game_entries() -> tuple[GameEntry, ...]:
    """Every game, in listing order, without importing their rules."""
    return GAMES


@cache
def _load(entry: GameEntry) -> Game[Any, Any]:
    game = getattr(importlib.import_module(entry.rules), "GAME", None)
    if not isinstance(game, Game):
        raise UnknownGameError(f"{entry.rules} does not export a game as GAME")
    if GameEntry.of(game) != GameEntry(entry.id, entry.name, entry.description, entry.aliases):
        raise UnknownGameError(f"{entry.rules}: the game and its registry entry disagree")
    return game


@cache
def all_games() -> tuple[Game[Any, Any], ...]:
    """Every game, its rules imported."""
    return tuple(entry.load() for entry in GAMES)


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def find_entry(name: str) -> GameEntry:
    """The entry of the game called ``name`` (its id, its name or an alias; case and dashes
    ignored), without importing its rules."""
    for entry in GAMES:
        if entry.answers_to(name):
            return entry
    known = ", ".join(entry.id for entry in GAMES)
    raise UnknownGameError(f"there is no game called '{name}' (games: {known})")


def find_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (its id, its name or an alias; case and dashes ignored)."""
    return find_entry(name).load()
