"""The searches on small games whose answers are known, independent of the real games.

Take-away: a pile of stones, each turn takes 1, 2 or 3, whoever takes the last stone wins.
The player to move wins exactly when the pile is not a multiple of 4, by taking ``pile % 4``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from random import Random
from typing import NamedTuple

import pytest

from core.ai import LEVELS, Budget, GamePlugin, Level, Searcher, choose_move, find_level
from core.ai.alphabeta import AlphaBetaSearch
from core.ai.levels import EASY
from core.ai.mcts import MonteCarloSearch
from core.game import Game
from core.outcome import Outcome
from core.view import BoardView


class Pile(NamedTuple):
    stones: int
    to_move: int
    seats: int = 2
    last: int = -1  # who took the last stones


class TakeAway(Game):
    """Take 1-3 stones; taking the last one wins. Any number of seats, in turn."""

    id = "take-away"
    name = "Take-away"
    description = "a test game"

    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        return ("A", "B")

    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> Pile:
        return Pile(21, 0)

    def legal_moves(self, state: Pile) -> Sequence[int]:
        return [take for take in (1, 2, 3) if take <= state.stones]

    def apply(self, state: Pile, move: int) -> Pile:
        return Pile(
            state.stones - move, (state.to_move + 1) % state.seats, state.seats, state.to_move
        )

    def outcome(self, state: Pile) -> Outcome | None:
        return Outcome((state.last,), "took the last stone") if state.stones == 0 else None

    def to_move(self, state: Pile) -> int:
        return state.to_move

    def format_move(self, state: Pile, move: int) -> str:
        return str(move)

    def parse_move(self, state: Pile, text: str) -> int:
        return int(text)

    def write_position(self, state: Pile) -> str:
        return f"{state.stones} {state.to_move}"

    def read_position(self, text: str) -> Pile:
        stones, to_move = text.split()
        return Pile(int(stones), int(to_move))

    def board_view(self, state: Pile) -> BoardView:
        return BoardView(1, 1, ())

    def move_path(self, state: Pile, move: int) -> tuple[int, ...]:
        return ()


class NeutralEvaluation(GamePlugin):
    """An evaluation that knows nothing: every unfinished position is even."""

    def evaluate(self, state: Pile) -> Sequence[float]:
        return [0.5] * state.seats


GAME = TakeAway()
MCTS_ONLY = Level("test-mcts", "MCTS", seconds=None, algorithm="mcts", playouts=3000)


def alphabeta(depth: int, noise: float = 0.0) -> Level:
    return Level("test-ab", "AB", seconds=None, algorithm="alphabeta", depth=depth, noise=noise)


# -- levels ---------------------------------------------------------------------------------


def test_levels_are_data_weakest_first() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard"]
    assert LEVELS["normal"].seconds == pytest.approx(1.0)
    assert LEVELS["hard"].seconds == pytest.approx(5.0)
    assert EASY.noise > 0 and EASY.depth is not None


def test_find_level_ignores_case_and_names_the_choices() -> None:
    assert find_level(" Hard ") is LEVELS["hard"]
    assert find_level(EASY) is EASY
    with pytest.raises(ValueError, match="levels: easy, normal, hard"):
        find_level("grandmaster")


def test_a_level_needs_a_limit_and_a_known_algorithm() -> None:
    with pytest.raises(ValueError, match="needs a time"):
        Level("x", "X", seconds=None)
    with pytest.raises(ValueError, match="unknown algorithm"):
        Level("x", "X", seconds=1.0, algorithm="minimax")


# -- finding the win ------------------------------------------------------------------------


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_generic_monte_carlo_finds_the_winning_take(stones: int) -> None:
    move = Searcher(GAME, Pile(stones, 0), MCTS_ONLY, seed=stones).run()
    assert move == stones % 4


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11, 13, 14, 15])
def test_alphabeta_finds_the_winning_take(stones: int) -> None:
    searcher = Searcher(
        GAME, Pile(stones, 0), alphabeta(stones), seed=0, plugin=NeutralEvaluation(GAME)
    )
    assert searcher.algorithm == "alphabeta"
    assert searcher.run() == stones % 4
    # A forced win ends the deepening as soon as it is proven.
    assert searcher.stats.depth <= stones


def test_alphabeta_takes_an_immediate_win() -> None:
    # From 3 stones taking all three wins at once; taking 1 or 2 hands the win over.
    searcher = Searcher(GAME, Pile(3, 0), alphabeta(1), seed=0, plugin=NeutralEvaluation(GAME))
    assert searcher.run() == 3


def test_alphabeta_shallow_search_cannot_see_the_win() -> None:
    # The test above is meaningful: with depth 1 from 6 stones every move looks even.
    searcher = Searcher(GAME, Pile(6, 0), alphabeta(1), seed=0, plugin=NeutralEvaluation(GAME))
    searcher.run()
    values = {move: value for move, (value, _) in searcher._engine.scores.items()}
    assert values == {1: 0.5, 2: 0.5, 3: 0.5}


def test_without_an_evaluation_alphabeta_falls_back_to_monte_carlo() -> None:
    assert Searcher(GAME, Pile(9, 0), alphabeta(3)).algorithm == "mcts"


def test_three_seats_monte_carlo_takes_the_last_stones() -> None:
    # Whoever can take the last stones wins at once, whatever the number of seats. (The
    # searcher plays a move that wins at once without searching, so the engine is run here.)
    for stones in (1, 2, 3):
        state = Pile(stones, 1, seats=3)
        engine = MonteCarloSearch(
            GAME, GamePlugin(GAME), state, 1, GAME.legal_moves(state), Random(1)
        )
        engine.run(Budget(playouts=300))
        assert engine.choose(0.0, Random(1)) == stones


def test_three_seats_paranoid_alphabeta_takes_the_last_stones() -> None:
    plugin = NeutralEvaluation(GAME)
    for stones in (1, 2, 3):
        state = Pile(stones, 2, seats=3)
        engine = AlphaBetaSearch(GAME, plugin, state, 2, GAME.legal_moves(state), Random(1))
        engine.run(Budget(depth=2))
        assert engine.choose(0.0, Random(1)) == stones


def test_a_move_that_wins_at_once_is_played_without_searching() -> None:
    searcher = Searcher(GAME, Pile(3, 0), MCTS_ONLY)
    assert searcher.run() == 3
    assert searcher.stats.work == 0


# -- noise ----------------------------------------------------------------------------------


def test_noise_picks_among_equal_moves_but_never_a_worse_one() -> None:
    # 9 stones: taking 1 wins, 2 and 3 lose. A noisy search still always takes 1 ...
    plugin = NeutralEvaluation(GAME)
    for seed in range(10):
        searcher = Searcher(GAME, Pile(9, 0), alphabeta(9, noise=0.3), seed=seed, plugin=plugin)
        assert searcher.run() == 1
    # ... while among moves it cannot tell apart (depth 1 from 6 stones) it varies.
    chosen = {
        Searcher(GAME, Pile(6, 0), alphabeta(1, noise=0.1), seed=seed, plugin=plugin).run()
        for seed in range(20)
    }
    assert chosen == {1, 2, 3}


def test_noisy_monte_carlo_still_takes_the_immediate_win() -> None:
    level = Level("noisy", "Noisy", seconds=None, algorithm="mcts", playouts=600, noise=0.2)
    for seed in range(5):
        assert Searcher(GAME, Pile(2, 0), level, seed=seed).run() == 2


# -- determinism, budgets, anytime ----------------------------------------------------------


def test_same_seed_same_search() -> None:
    first = Searcher(GAME, Pile(40, 0), MCTS_ONLY, seed=7)
    second = Searcher(GAME, Pile(40, 0), MCTS_ONLY, seed=7)
    assert first.run() == second.run()
    assert first._engine.move_stats() == second._engine.move_stats()
    assert first.stats.work == second.stats.work == 3000


def test_the_playout_budget_is_exact() -> None:
    searcher = Searcher(GAME, Pile(30, 0), MCTS_ONLY, seed=1)
    searcher.run(playouts=123)
    assert searcher.stats.work == 123
    assert sum(stats.visits for stats in searcher._engine.move_stats()) == 123


def test_a_deadline_stops_a_long_search() -> None:
    unlimited = Level("long", "Long", seconds=60.0, algorithm="mcts")
    start = time.monotonic()
    move = Searcher(GAME, Pile(400, 0), unlimited).run(deadline=start + 0.3)
    elapsed = time.monotonic() - start
    assert move in (1, 2, 3)
    assert 0.25 <= elapsed < 2.0


def test_the_level_time_limits_a_search_without_deadline() -> None:
    short = Level("short", "Short", seconds=0.2, algorithm="mcts")
    start = time.monotonic()
    Searcher(GAME, Pile(400, 0), short).run()
    assert time.monotonic() - start < 2.0


def test_alphabeta_deadline_keeps_the_last_finished_depth() -> None:
    level = Level("ab", "AB", seconds=60.0, algorithm="alphabeta")
    searcher = Searcher(GAME, Pile(400, 0), level, plugin=NeutralEvaluation(GAME))
    start = time.monotonic()
    move = searcher.run(deadline=start + 0.3)
    assert time.monotonic() - start < 2.0
    assert move in (1, 2, 3)
    assert searcher.stats.depth >= 1


class OddTakesOnly(NeutralEvaluation):
    """Builds its searched moves itself: only odd takes (1 and 3), and counts the calls."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.built = 0

    def searched_moves(self, state: Pile) -> Sequence[int]:
        self.built += 1
        return [take for take in (1, 3) if take <= state.stones]


@pytest.mark.parametrize("algorithm", ["mcts", "alphabeta"])
def test_the_searches_expand_the_moves_the_plugin_builds(algorithm: str) -> None:
    plugin = OddTakesOnly(GAME)
    level = Level("t", "T", seconds=None, algorithm=algorithm, playouts=400, depth=6)
    searcher = Searcher(GAME, Pile(12, 0), level, plugin=plugin)
    searcher.run()
    assert plugin.built > 1
    engine = searcher._engine
    if isinstance(engine, AlphaBetaSearch):
        below_root = {best for _, _, _, best in engine.table.values()}
    else:
        assert isinstance(engine, MonteCarloSearch)
        below_root, nodes = set(), list(engine.trees[0].root.children)
        while nodes:
            node = nodes.pop()
            below_root |= {child.move for child in node.children}
            nodes += node.children
    assert below_root and below_root <= {1, 3}


class EndlessCaptures(GamePlugin):
    """Every move counts as a capture and each position takes a millisecond to evaluate: the
    first depth's capture search alone would take half a minute."""

    quiescence_depth = 16

    def evaluate(self, state: Pile) -> Sequence[float]:
        time.sleep(0.001)
        first = (state.stones * 7919 % 101) / 101
        return [first, 1.0 - first]

    def tactical_moves(self, state: Pile, moves: Sequence[int]) -> Sequence[int]:
        return moves


def test_a_first_depth_that_explodes_stops_at_twice_the_time() -> None:
    level = Level("ab", "AB", seconds=0.2, algorithm="alphabeta")
    searcher = Searcher(GAME, Pile(400, 0), level, plugin=EndlessCaptures(GAME))
    start = time.monotonic()
    move = searcher.run()
    assert time.monotonic() - start < 2.0
    assert move in (1, 2, 3)
    assert searcher.stats.depth == 0  # the first depth was cut short


@pytest.mark.parametrize("algorithm", ["mcts", "alphabeta"])
def test_a_stop_flag_ends_the_search_early(algorithm: str) -> None:
    level = Level("long", "Long", seconds=60.0, algorithm=algorithm)
    searcher = Searcher(GAME, Pile(400, 0), level, plugin=NeutralEvaluation(GAME))
    stop = threading.Event()
    timer = threading.Timer(0.3, stop.set)
    timer.start()
    start = time.monotonic()
    move = searcher.run(stop=stop)
    timer.join()
    assert time.monotonic() - start < 5.0
    assert move in (1, 2, 3)


def test_best_so_far_is_available_while_the_search_runs() -> None:
    level = Level("long", "Long", seconds=60.0, algorithm="mcts")
    searcher = Searcher(GAME, Pile(9, 0), level, seed=3)
    assert searcher.best_so_far() in (1, 2, 3)  # before any search
    stop = threading.Event()
    thread = threading.Thread(target=searcher.run, kwargs={"stop": stop})
    thread.start()
    seen = []
    deadline = time.monotonic() + 30.0  # only a bound: the search finds it in a moment
    try:
        # Ask while the search runs until it answers the right move (with a deadline).
        while not seen or seen[-1] != 1 or searcher.stats.work == 0:
            assert time.monotonic() < deadline, "the search never settled on taking one"
            time.sleep(0.005)
            seen.append(searcher.best_so_far())
    finally:
        stop.set()
        thread.join()
    assert set(seen) <= {1, 2, 3}
    assert searcher.stats.work > 0
    assert searcher.best_so_far() == 1  # 9 stones: take one


def test_a_monte_carlo_search_needs_some_limit() -> None:
    endless = Level("endless", "Endless", seconds=None, algorithm="mcts", depth=3)
    with pytest.raises(ValueError, match="time or playout limit"):
        Searcher(GAME, Pile(9, 0), endless).run()


def test_a_finished_game_has_no_move_to_choose() -> None:
    with pytest.raises(ValueError, match="the game is over"):
        choose_move(GAME, Pile(0, 1, last=0), "easy")


def test_choose_move_uses_the_level_and_seed() -> None:
    assert choose_move(GAME, Pile(7, 0), "easy", seed=2) == 3
