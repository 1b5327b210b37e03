"""Hidden information: the search sees only its seat's view and fills the rest in by chance.

Secret take-away: a pile of stones, take 1-3 a turn; each seat also holds a secret card. When
the pile runs out, the player who took the last stone wins if the two cards add up to an even
number, and loses if they add up to an odd one. The game records every state the search hands
it, so a search that looked at the true cards would be caught.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import pytest

from core.ai import GamePlugin, Level, Searcher, plugin_for
from core.game import Game
from core.outcome import Outcome
from core.view import BoardView

UNKNOWN = -1
#: A card value the determinizations never draw: seeing it means seeing the truth.
TRUE_CARD = 9


class Table(NamedTuple):
    stones: int
    to_move: int
    cards: tuple[int, int]
    last: int = -1


class SecretTakeAway(Game):
    id = "secret-take-away"
    name = "Secret take-away"
    description = "a test game"

    def __init__(self) -> None:
        self.seen: list[Table] = []
        self.views_determinized: list[Table] = []

    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        return ("A", "B")

    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> Table:
        return Table(10, 0, (0, 0))

    def legal_moves(self, state: Table) -> Sequence[int]:
        self.seen.append(state)
        return [take for take in (1, 2, 3) if take <= state.stones]

    def apply(self, state: Table, move: int) -> Table:
        self.seen.append(state)
        return Table(state.stones - move, 1 - state.to_move, state.cards, state.to_move)

    def outcome(self, state: Table) -> Outcome | None:
        if state.stones:
            return None
        winner = state.last if sum(state.cards) % 2 == 0 else 1 - state.last
        return Outcome((winner,), "the pile is empty")

    def to_move(self, state: Table) -> int:
        return state.to_move

    def view(self, state: Table, seat: int | None) -> Table:
        cards = tuple(card if s == seat else UNKNOWN for s, card in enumerate(state.cards))
        return state._replace(cards=cards)

    def has_secrets(self, state: Table) -> bool:
        return True

    def format_move(self, state: Table, move: int) -> str:
        return str(move)

    def parse_move(self, state: Table, text: str) -> int:
        return int(text)

    def write_position(self, state: Table) -> str:
        return f"{state.stones} {state.to_move} {state.cards}"

    def read_position(self, text: str) -> Table:
        raise AssertionError("the search never reads a position from text")

    def board_view(self, state: Table) -> BoardView:
        return BoardView(1, 1, ())

    def move_path(self, state: Table, move: int) -> tuple[int, ...]:
        return ()


class WithHook(SecretTakeAway):
    """The game with a way to deal the unknown cards: 0 or 1 with equal chance."""

    def deal(self, view: Table, seat: int, rng: random.Random) -> Table:
        self.views_determinized.append(view)
        cards = tuple(rng.choice((0, 1)) if card == UNKNOWN else card for card in view.cards)
        return view._replace(cards=cards)


class Dealing(GamePlugin):
    """The plug-in that declares the determinization hook: the game's ``deal``."""

    def determinize(self, view: Table, seat: int, rng: random.Random) -> Table:
        return self.game.deal(view, seat, rng)


LEVEL = Level("test", "Test", seconds=None, algorithm="mcts", playouts=800)


def searcher(game: SecretTakeAway, state: Table, level: Level = LEVEL, seed: int = 0) -> Searcher:
    """A search of ``game`` from ``state`` by the plug-in that deals the hidden cards."""
    return Searcher(game, state, level, seed=seed, plugin=Dealing(game))


def test_the_search_never_sees_the_hidden_card() -> None:
    game = WithHook()
    truth = Table(10, 0, (0, TRUE_CARD))
    move = searcher(game, truth, seed=1).run()
    assert move in (1, 2, 3)
    assert game.seen, "the search ran"
    assert all(state.cards[1] != TRUE_CARD for state in game.seen)
    # It searched complete positions drawn from the view, both card values among them.
    assert {state.cards[1] for state in game.seen} == {UNKNOWN, 0, 1}
    # The hook was only ever given the view: its own card known, the other one masked.
    assert game.views_determinized
    assert all(view.cards == (0, UNKNOWN) for view in game.views_determinized)


def test_several_determinizations_are_searched() -> None:
    game = WithHook()
    searcher(game, Table(10, 0, (0, 1)), seed=1).run()
    assert len(game.views_determinized) == 8


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_choice_depends_only_on_the_view(seed: int) -> None:
    game = WithHook()
    one = searcher(game, Table(10, 1, (0, 0)), seed=seed)
    other = searcher(game, Table(10, 1, (1, 0)), seed=seed)
    assert one.run() == other.run()
    assert one._engine.move_stats() == other._engine.move_stats()


def test_the_hidden_card_would_change_the_answer() -> None:
    # The test above means something: knowing B's card, A's best move differs. From 3 stones
    # with even cards taking all three wins; with odd cards A takes 2 and leaves B the last.
    game = OpenCards()
    assert Searcher(game, Table(3, 0, (0, 0)), LEVEL, seed=0).run() == 3
    assert Searcher(game, Table(3, 0, (0, 1)), LEVEL, seed=0).run() == 2


class OpenCards(SecretTakeAway):
    """The same game played with the cards face up."""

    def view(self, state: Table, seat: int | None) -> Table:
        return state


def test_without_a_hook_the_view_itself_is_searched() -> None:
    game = SecretTakeAway()
    Searcher(game, Table(10, 0, (0, TRUE_CARD)), LEVEL, seed=1).run()
    assert {state.cards for state in game.seen} == {(0, UNKNOWN)}


def test_the_hook_is_the_one_the_plugin_declares() -> None:
    class AlwaysOne(GamePlugin):
        def determinize(self, view: Table, seat: int, rng: random.Random) -> Table:
            return view._replace(cards=tuple(1 if c == UNKNOWN else c for c in view.cards))

    game = WithHook()
    Searcher(game, Table(10, 0, (0, TRUE_CARD)), LEVEL, seed=1, plugin=AlwaysOne(game)).run()
    assert not game.views_determinized
    # The root view itself (for the seat's own moves) and the plug-in's determinizations.
    assert {state.cards for state in game.seen} == {(0, UNKNOWN), (0, 1)}


def test_a_game_method_named_determinize_is_no_hook() -> None:
    # Only the plug-in declares the hook: the generic plug-in of a game outside the
    # registry has none, whatever methods the game has.
    class GameMethod(SecretTakeAway):
        def determinize(self, view: Table, seat: int, rng: random.Random) -> Table:
            raise AssertionError("the search looked for a hook on the game")

    game = GameMethod()
    plugin = plugin_for(game)
    assert type(plugin) is GamePlugin
    assert not plugin.has_determinizer
    assert plugin.determinizer() is None
    Searcher(game, Table(10, 0, (0, TRUE_CARD)), LEVEL, seed=1).run()
    assert {state.cards for state in game.seen} == {(0, UNKNOWN)}


def test_hidden_information_uses_monte_carlo_even_when_alphabeta_is_asked() -> None:
    class Evaluating(Dealing):
        algorithm = "alphabeta"

        def evaluate(self, state: Table) -> Sequence[float]:
            return (0.5, 0.5)

    game = WithHook()
    level = Level("ab", "AB", seconds=None, algorithm="alphabeta", depth=3, playouts=200)
    assert Searcher(game, Table(10, 0, (0, 1)), level, plugin=Evaluating(game)).algorithm == "mcts"
    assert Searcher(
        OpenCards(), Table(10, 0, (0, 1)), level, plugin=Evaluating(game)
    ).algorithm == ("alphabeta")
