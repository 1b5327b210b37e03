"""Each game's plug-in: found by game id, and its evaluation points the right way."""

from __future__ import annotations

import random

import pytest
from test_ai_hidden import SecretTakeAway

from core import all_games, find_game
from core.ai import GamePlugin, plugin_for
from core.ai.chase import ChasePlugin
from core.ai.mac import CANNON_VALUE, MacPlugin, piece_value
from core.ai.macadam import MacadamPlugin
from core.ai.martian_chess import MartianChessPlugin
from core.games.mac.pieces import BLUE, RED, piece
from core.registry import GameEntry, game_entries

PLUGINS = {
    "martian-chess": MartianChessPlugin,
    "mac": MacPlugin,
    "macadam": MacadamPlugin,
    "chase": ChasePlugin,
}


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_game_has_its_plugin(game) -> None:  # type: ignore[no-untyped-def]
    plugin = plugin_for(game)
    assert type(plugin) is PLUGINS[game.id]
    assert plugin.game is game
    assert plugin.has_evaluation


def test_a_game_outside_the_registry_gets_the_generic_plugin() -> None:
    # No naming convention: an id that spells a computer player's module is not an entry.
    class Underscored(SecretTakeAway):
        id = "martian_chess"

    game = Underscored()
    plugin = plugin_for(game)
    assert type(plugin) is GamePlugin
    assert plugin.game is game


def test_the_plugin_is_the_one_the_registry_entry_names(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = GameEntry(SecretTakeAway.id, "Secret", "a test game", computer_player="core.ai.mac")
    monkeypatch.setattr("core.ai.plugin.game_entries", lambda: (*game_entries(), entry))
    game = SecretTakeAway()
    assert type(plugin_for(game)) is MacPlugin
    unnamed = GameEntry(SecretTakeAway.id, "Secret", "a test game")
    monkeypatch.setattr("core.ai.plugin.game_entries", lambda: (unnamed,))
    assert type(plugin_for(game)) is GamePlugin


def test_only_a_game_with_hidden_information_declares_a_determinizer() -> None:
    hooks = {game.id: plugin_for(game).has_determinizer for game in all_games()}
    assert hooks == {"martian-chess": False, "mac": True, "macadam": False, "chase": False}
    mac = plugin_for(find_game("mac"))
    assert mac.determinizer() == mac.determinize


def test_a_game_without_a_module_gets_the_generic_plugin() -> None:
    class Unknown:
        id = "no-such-game"

    plugin = plugin_for(Unknown())  # type: ignore[arg-type]
    assert type(plugin) is GamePlugin
    assert not plugin.has_evaluation
    assert plugin.evaluate(object()) is None
    assert plugin.determinizer() is None


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_evaluations_are_probabilities_that_add_up(game) -> None:  # type: ignore[no-untyped-def]
    plugin = plugin_for(game)
    rng = random.Random(4)
    state = game.new({}, 4)
    for _ in range(30):
        values = plugin.evaluate(state)
        assert all(0.0 <= value <= 1.0 for value in values)
        assert sum(values) == pytest.approx(1.0)
        moves = game.legal_moves(state)
        after = game.apply(state, rng.choice(list(moves)))
        if game.outcome(after) is not None:
            break
        state = after


def test_macadam_favours_the_side_further_forward() -> None:
    game = find_game("macadam")
    plugin = plugin_for(game)
    start = game.read_position("8/p1p2p1p/1p1pp1p1/8/8/1P1PP1P1/P1P2P1P/8 s play -")
    assert plugin.evaluate(start) == pytest.approx((0.5, 0.5))
    # Two South pawns across the lane (d5, d7), one of them next to North's goal.
    ahead = game.read_position("8/p1pP1p1p/1p1pp1p1/3P4/8/1P2P1P1/P1P2P2/8 s play -")
    south, north = plugin.evaluate(ahead)
    assert south > 0.8 > 0.2 > north


def test_mac_counts_material_and_values_cannons() -> None:
    game = find_game("mac")
    plugin = plugin_for(game)
    assert piece_value(piece(0, RED)) == CANNON_VALUE
    assert piece_value(piece(1, BLUE)) > piece_value(piece(2, BLUE))
    assert piece_value(piece(9, RED, boosted=True)) > piece_value(piece(9, RED))
    even = game.read_position(
        "standard ..../..R9B9/..../..../..../..../.@../B3R3@. 0 RB - -/- - -/- 0 -"
    )
    assert plugin.evaluate(even) == pytest.approx((0.5, 0.5))
    red_up = game.read_position(
        "standard ..../..R9B7/..../..../..../..../.@../B3R5@. 0 RB - -/- - -/- 0 -"
    )
    red, blue = plugin.evaluate(red_up)
    assert red > 0.5 > blue
    # In Random Light Chess seat 0 may play Blue: the same board is bad for it.
    swapped = game.read_position(
        "light ..../..R9B7/..../..../..../..../.@../B3R5@. 0 BR - -/- - -/- 0 -"
    )
    assert plugin.evaluate(swapped)[0] == pytest.approx(blue)


def test_mac_playouts_prefer_the_biggest_capture() -> None:
    game = find_game("mac")
    plugin = MacPlugin(game)
    state = game.read_position(
        "standard ..../..R9B7/..../..../..../..../.@../B3R5@. 0 RB - -/- - -/- 0 -"
    )
    moves = game.legal_moves(state)

    class AlwaysGreedy(random.Random):
        def random(self) -> float:
            return 0.0

    move = plugin.playout_move(state, moves, AlwaysGreedy())
    assert game.format_move(state, move) == "c7xd7"
    tactical = plugin.tactical_moves(state, moves)
    assert [game.format_move(state, m) for m in tactical] == ["c7xd7", "b1xa1"]


def test_chase_counts_gold_loose_and_in_stacks() -> None:
    game = find_game("chase")
    plugin = plugin_for(game)
    start = game.new()
    assert plugin.evaluate(start) == pytest.approx((0.5, 0.5))
    richer = start._replace(loose=(start.loose[0] - 4, start.loose[1]), stacks=((0, 12, 0),))
    south, north = plugin.evaluate(richer)
    assert south > 0.5 > north
