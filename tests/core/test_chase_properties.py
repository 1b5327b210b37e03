"""Properties of random games in every mode: invariants, position texts, notation, replay, and
agreement with the simple implementation in test_chase_support."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_chase_support import (
    FILES,
    GAME,
    Simple,
    check_invariants,
    engine_walk_results,
    simple_count,
)

from core.games.chase.moves import Walk
from core.games.chase.state import ChaseState

OPTION_SETS = [
    {},
    {"pawns": "3"},
    {"gold": "12", "first": "north"},
    {"mode": "tiles"},
    {"mode": "tiles", "pawns": "2"},
    {"mode": "gold"},
    {"mode": "gold", "pawns": "3", "gold": "12"},
]


def random_game(options: dict, seed: int, plies: int) -> tuple[list[ChaseState], list[str]]:
    """The states and move texts of a seeded random game."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    states, texts = [state], []
    for _ in range(plies):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        texts.append(GAME.format_move(state, move))
        state = GAME.apply(state, move)
        states.append(state)
    return states, texts


def starting_gold(options: dict) -> int:
    resolved = GAME.resolve_options(options)
    return 0 if resolved["mode"] == "tiles" else int(resolved["gold"])


@settings(max_examples=30, deadline=None)
@given(
    options=st.sampled_from(OPTION_SETS),
    seed=st.integers(0, 2**16),
    plies=st.integers(1, 100),
)
def test_random_games_keep_every_invariant_and_replay(options: dict, seed: int, plies: int):
    states, texts = random_game(options, seed, plies)
    pawns = int(GAME.resolve_options(options)["pawns"])
    for state in states:
        check_invariants(state, starting_gold(options), pawns)
        assert GAME.read_position(GAME.write_position(state)) == state
        assert (GAME.outcome(state) is None) == (len(GAME.legal_moves(state)) > 0)
        assert not GAME.has_secrets(state) and GAME.view(state, 1) == state
    replay = GAME.new(options, seed)
    for text, expected in zip(texts, states[1:], strict=True):
        replay = GAME.play(replay, GAME.parse_move(replay, text))
        assert replay == expected


@settings(max_examples=25, deadline=None)
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**16))
def test_every_legal_move_reads_back_and_none_is_listed_twice(options: dict, seed: int):
    states, _ = random_game(options, seed, random.Random(seed).randrange(60))
    state = states[-1]
    moves = list(GAME.legal_moves(state))
    assert len(set(moves)) == len(moves)
    for move in moves:
        text = GAME.format_move(state, move)
        assert " " not in text
        assert GAME.parse_move(state, text) == move
        assert GAME.move_path(state, move)


@settings(max_examples=25, deadline=None)
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**16))
def test_the_engine_and_the_simple_implementation_agree(options: dict, seed: int):
    # Early positions, where trying every path is quick: the same number of moves, and each
    # listed pawn move a legal path with a result of its own.
    states, _ = random_game(options, seed, random.Random(seed).randrange(45))
    for state in states[-3:]:
        assert simple_count(state) == len(GAME.legal_moves(state))
        results = engine_walk_results(state)
        assert len(set(results.values())) == len(results)


@settings(max_examples=20, deadline=None)
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**16))
def test_every_path_to_a_result_plays_like_the_listed_one(options: dict, seed: int):
    # Ruling: routes with the same end and the same debts in the same order are one move.
    states, _ = random_game(options, seed, random.Random(seed).randrange(45))
    state = states[-1]
    listed = {}
    for path, result in engine_walk_results(state).items():
        listed[result] = path
    for path, result in Simple(state).walk_results().items():
        move = Walk(tuple(FILES.index(name[0]) + 8 * (int(name[1:]) - 1) for name in path))
        same = GAME.parse_move(state, "-".join(listed[result]))
        assert GAME.play(state, move) == GAME.play(state, same)
