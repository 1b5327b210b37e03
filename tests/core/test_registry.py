"""The registry is one explicit list of games: it lists them without importing their rules,
imports a game's rules only when that game is asked for, and names each game's computer
player."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from core.ai import plugin_for
from core.errors import UnknownGameError
from core.registry import GAMES, GameEntry, all_games, find_entry, find_game, game_entries


def run_python(code: str) -> str:
    """``code`` run in a fresh interpreter (nothing imported yet); what it prints."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return result.stdout.strip()


#: The modules inside a game's package that were imported, its ``about`` aside (a game
#: package itself imports nothing of the rules).
RULES_IMPORTED = (
    "sorted(m for m in sys.modules if m.startswith('core.games.') and m.count('.') > 2"
    " and not m.endswith('.about'))"
)


def test_listing_the_games_imports_no_rules() -> None:
    printed = run_python(
        "import sys\n"
        "from core.registry import game_entries\n"
        "print([entry.id for entry in game_entries()])\n"
        f"print({RULES_IMPORTED})\n"
    )
    ids, imported = printed.splitlines()
    assert ids == "['martian-chess', 'mac', 'macadam', 'chase']"
    assert imported == "[]"


def test_the_list_imports_no_rules_and_no_computer_player() -> None:
    printed = run_python(
        "import sys\n"
        "import core.registry\n"
        "entries = core.registry.game_entries()\n"
        "print(len(entries))\n"
        "print(sorted(m for m in sys.modules if m.startswith('core.games.')))\n"
        "print(sorted(m for m in sys.modules if m.startswith('core.ai')))\n"
    )
    count, games_modules, ai_modules = printed.splitlines()
    assert count == "4"
    for package in ("martian_chess", "mac", "macadam", "chase"):
        assert f"'core.games.{package}.about'" in games_modules
        assert f"'core.games.{package}.game'" not in games_modules
        assert f"'core.games.{package}.rules'" not in games_modules
    assert ai_modules == "[]"


def test_the_list_is_explicit_and_in_listing_order() -> None:
    assert game_entries() is GAMES
    assert [(entry.id, entry.name) for entry in GAMES] == [
        ("martian-chess", "Martian Chess"),
        ("mac", "MAC: March and Chomp"),
        ("macadam", "Macadam"),
        ("chase", "Chase"),
    ]


@pytest.mark.parametrize("entry", GAMES, ids=lambda entry: entry.id)
def test_each_entry_names_its_rules_and_its_computer_player(entry: GameEntry) -> None:
    game = entry.load()
    assert game.id == entry.id
    assert game is importlib.import_module(entry.rules).GAME
    plugin = plugin_for(game)
    assert type(plugin) is importlib.import_module(entry.computer_player).PLUGIN
    assert type(plugin).__module__ == entry.computer_player
    assert plugin.game is game


def test_finding_a_game_imports_that_game_alone() -> None:
    printed = run_python(
        "import sys\n"
        "from core.registry import find_game\n"
        "print(find_game('Macadam').name)\n"
        f"print({RULES_IMPORTED})\n"
    )
    name, imported = printed.splitlines()
    assert name == "Macadam"
    assert "core.games.macadam.game" in imported
    for other in ("martian_chess", "mac.", "chase"):
        assert f"core.games.{other}" not in imported


def test_the_entries_say_what_the_games_say() -> None:
    games = all_games()
    assert [entry.id for entry in game_entries()] == [game.id for game in games]
    for entry, game in zip(game_entries(), games, strict=True):
        assert entry.load() is game
        assert (entry.name, entry.description, entry.aliases) == (
            game.name,
            game.description,
            game.aliases,
        )


def test_a_game_is_found_by_id_name_or_alias_ignoring_case_and_dashes() -> None:
    assert find_game("martian-chess") is find_game("MARTIAN CHESS") is find_game("mc")
    assert find_game("MAC: March and Chomp") is find_game("mac") is find_game("march-and-chomp")
    assert find_game("macadam").name == "Macadam"
    assert find_game("march and chomp").id == "mac"
    assert find_entry("chase-chess").id == "chase"


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    with pytest.raises(UnknownGameError) as error:
        find_game("chess")
    assert str(error.value) == (
        "there is no game called 'chess' (games: martian-chess, mac, macadam, chase)"
    )


def test_an_entry_of_a_game_at_hand_gives_that_game() -> None:
    game = find_game("chase")
    entry = GameEntry.of(game)
    assert entry.load() is game
    assert entry.answers_to("Chase Chess")
    assert not entry.answers_to("mac")
