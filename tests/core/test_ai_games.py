"""The computer player on every registered game: legal moves from random positions, in time.

Random positions come from seeded random games in each option set (defaults, then each option
set to each other value). The searches use each level's algorithm and noise with small caps,
so the tests stay quick; the time test uses a real deadline with loose bounds.
"""

from __future__ import annotations

import dataclasses
import random
import time

import pytest

from core import all_games
from core.ai import LEVELS, Searcher, choose_move
from core.game import Game, State


def option_sets(game: Game) -> list[dict[str, str]]:
    """The defaults, then each option on its own set to each other allowed value."""
    sets: list[dict[str, str]] = [{}]
    for spec in game.option_specs:
        for value in spec.choices:
            if value == spec.default:
                continue
            try:
                game.new({spec.name: value}, 0)
            except ValueError:
                continue  # a value that needs other options too (a fourth seat in a 2p game)
            sets.append({spec.name: value})
    return sets


def random_position(game: Game, options: dict[str, str], seed: int) -> State:
    """A position some random number of plies into a seeded random game, not finished."""
    rng = random.Random(seed)
    state = game.new(options, seed)
    for _ in range(rng.randrange(0, 40)):
        moves = game.legal_moves(state)
        after = game.apply(state, rng.choice(list(moves)))
        if not game.legal_moves(after):
            break
        state = after
    return state


CASES = [
    pytest.param(game, options, id=f"{game.id}-{'-'.join(options.values()) or 'default'}")
    for game in all_games()
    for options in option_sets(game)
]

#: Each level's algorithm and noise, capped so that a search takes a fraction of a second.
QUICK_LEVELS = {
    "easy": dataclasses.replace(LEVELS["easy"], seconds=0.5, playouts=60),
    "normal": dataclasses.replace(LEVELS["normal"], seconds=0.5, playouts=150, depth=2),
    "hard": dataclasses.replace(LEVELS["hard"], seconds=0.5, playouts=300, depth=3),
}


@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_level_plays_a_legal_move_in_random_positions(
    game: Game, options: dict[str, str]
) -> None:
    for seed in range(3 if not options else 1):  # defaults: more positions
        state = random_position(game, options, seed)
        legal = set(game.legal_moves(state))
        for name, level in QUICK_LEVELS.items():
            move = Searcher(game, state, level, seed).run()
            assert move in legal, f"{name} chose {move!r} in {game.write_position(state)}"


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_a_search_keeps_to_its_deadline(game: Game) -> None:
    state = random_position(game, {}, 11)
    start = time.monotonic()
    move = choose_move(game, state, "hard", seed=1, deadline=start + 0.3)
    elapsed = time.monotonic() - start
    assert move in set(game.legal_moves(state))
    assert elapsed < 0.3 + 1.5


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_the_same_seed_gives_the_same_move(game: Game) -> None:
    state = random_position(game, {}, 5)
    level = QUICK_LEVELS["normal"]
    capped = dataclasses.replace(level, seconds=None)
    assert Searcher(game, state, capped, 9).run() == Searcher(game, state, capped, 9).run()


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_computer_against_computer_stays_legal(game: Game) -> None:
    state = game.new({}, 3)
    level = dataclasses.replace(LEVELS["easy"], seconds=0.2, playouts=30)
    for ply in range(80):
        if game.outcome(state) is not None:
            break
        move = Searcher(game, state, level, ply).run()
        assert move in set(game.legal_moves(state))
        state = game.apply(state, move)
