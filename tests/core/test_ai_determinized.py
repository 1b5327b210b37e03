"""Alpha-beta on determinizations: a plug-in that allows it searches complete positions drawn
from the seat's view, never the truth, and plays the move best on average over them.

Played on the secret take-away game of ``test_ai_hidden``: whoever takes the last stone wins
if the two secret cards add up to an even number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from test_ai_hidden import (
    TRUE_CARD,
    UNKNOWN,
    Dealing,
    OpenCards,
    SecretTakeAway,
    Table,
    WithHook,
)

from core.ai import GamePlugin, Level, Searcher
from core.ai.determinized import DRAWS, DeterminizedAlphaBeta

AB = Level("ab", "AB", seconds=None, algorithm="alphabeta", depth=6)


class Evaluating(Dealing):
    """A neutral evaluation; alpha-beta allowed on determinizations of the game's deal."""

    algorithm = "alphabeta"
    hidden_alphabeta = True

    def evaluate(self, state: Table) -> Sequence[float]:
        return (0.5, 0.5)


class CardsOfOne(WithHook):
    """The unknown card is always drawn as 1 (so every draw agrees: the sum is odd)."""

    def deal(self, view: Table, seat: int, rng: random.Random) -> Table:
        self.views_determinized.append(view)
        return view._replace(cards=tuple(1 if card == UNKNOWN else card for card in view.cards))


def test_the_plugin_lets_alphabeta_search_the_draws() -> None:
    game = WithHook()
    searcher = Searcher(game, Table(10, 0, (0, TRUE_CARD)), AB, seed=1, plugin=Evaluating(game))
    assert searcher.algorithm == "alphabeta"
    assert isinstance(searcher._engine, DeterminizedAlphaBeta)
    assert searcher.run() in (1, 2, 3)
    assert len(searcher._engine.engines) == DRAWS
    assert len(game.views_determinized) == DRAWS
    assert all(view.cards == (0, UNKNOWN) for view in game.views_determinized)
    assert all(state.cards[1] != TRUE_CARD for state in game.seen), "it saw the hidden card"
    assert searcher.stats.algorithm == "alphabeta"
    assert searcher.stats.work > 0


def test_a_plugin_that_does_not_allow_it_keeps_monte_carlo() -> None:
    class Plain(Evaluating):
        hidden_alphabeta = False

    game = WithHook()
    assert Searcher(game, Table(10, 0, (0, 1)), AB, plugin=Plain(game)).algorithm == "mcts"

    # Without a hook there is nothing to draw from: Monte Carlo on the view.
    class NoHook(GamePlugin):
        algorithm = "alphabeta"
        hidden_alphabeta = True

        def evaluate(self, state: Table) -> Sequence[float]:
            return (0.5, 0.5)

    bare = SecretTakeAway()
    assert Searcher(bare, Table(10, 0, (0, 1)), AB, plugin=NoHook(bare)).algorithm == "mcts"


def test_the_move_best_in_every_draw_is_played() -> None:
    # From 3 stones with an odd sum, A must take 2 (taking all three loses); with the cards
    # open, alpha-beta says the same.
    game = CardsOfOne()
    chosen = Searcher(game, Table(3, 0, (0, TRUE_CARD)), AB, seed=2, plugin=Evaluating(game)).run()
    assert chosen == 2
    open_game = OpenCards()
    plugin = Evaluating(open_game)
    assert Searcher(open_game, Table(3, 0, (0, 1)), AB, seed=2, plugin=plugin).run() == 2


def test_the_choice_depends_only_on_the_view() -> None:
    for seed in range(3):
        game = WithHook()
        one = Searcher(game, Table(7, 1, (0, 0)), AB, seed=seed, plugin=Evaluating(game))
        other = Searcher(game, Table(7, 1, (1, 0)), AB, seed=seed, plugin=Evaluating(game))
        assert one.run() == other.run()
        assert one._engine.average_values() == other._engine.average_values()


def test_a_time_limit_still_searches_at_least_one_draw() -> None:
    game = WithHook()
    quick = Level("quick", "Quick", seconds=0.0, algorithm="alphabeta")
    searcher = Searcher(game, Table(10, 0, (0, 1)), quick, seed=1, plugin=Evaluating(game))
    assert searcher.run() in (1, 2, 3)
    assert 1 <= len(searcher._engine.engines) <= DRAWS
