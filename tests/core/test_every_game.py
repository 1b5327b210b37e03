"""Properties every registered game must have, checked over random games in every option set.

Each game's own test files check its rules sentence by sentence; this file checks the
contract of the game interface, so a new game gets these checks by being registered.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import GameRecord, IllegalMoveError, NotationError, all_games
from core.game import Game


def option_sets(game: Game) -> list[dict[str, str]]:
    """The defaults, then each option set to each of its other allowed values."""
    sets: list[dict[str, str]] = [{}]
    for spec in game.option_specs:
        for value in spec.choices:
            if value != spec.default:
                candidate = {spec.name: value}
                try:
                    game.new(candidate, 0)
                except ValueError:
                    continue
                sets.append(candidate)
    return sets


CASES = [
    pytest.param(game, options, id=f"{game.id}-{'-'.join(options.values()) or 'default'}")
    for game in all_games()
    for options in option_sets(game)
]


def random_line(game: Game, options: dict[str, str], seed: int, plies: int) -> list:
    rng = random.Random(seed)
    state = game.new(options, seed)
    states = [state]
    for _ in range(plies):
        moves = list(game.legal_moves(state))
        if not moves:
            break
        state = game.apply(state, rng.choice(moves))
        states.append(state)
    return states


def test_games_are_registered() -> None:
    assert "martian-chess" in [game.id for game in all_games()]


@pytest.mark.parametrize(("game", "options"), CASES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**20), plies=st.integers(0, 150))
def test_random_games_keep_the_contract(game: Game, options: dict, seed: int, plies: int) -> None:
    rng = random.Random(seed)
    record = GameRecord(game, options, seed=seed)
    states = [record.state]
    notations = []
    for _ in range(plies):
        state = record.state
        moves = list(game.legal_moves(state))
        outcome = game.outcome(state)
        assert (outcome is None) == bool(moves), "moves exist exactly while the game goes on"
        if not moves:
            break
        assert len(set(moves)) == len(moves), "no move listed twice"
        for move in moves:
            text = game.format_move(state, move)
            assert " " not in text
            assert game.parse_move(state, text) == move
        assert game.read_position(game.write_position(state)) == state
        view = game.board_view(state)
        assert len(view.cells) == view.width * view.height
        move = rng.choice(moves)
        notations.append(game.format_move(state, move))
        record.play(move)
        states.append(record.state)
    # undo walks back through exactly the same states
    for expected in reversed(states[:-1]):
        assert record.undo()
        assert record.state == expected
    # replaying the notation from a fresh record reproduces every state
    replay = GameRecord(game, options, seed=seed)
    for text, expected in zip(notations, states[1:], strict=True):
        replay.play_text(text)
        assert replay.state == expected


@pytest.mark.parametrize(("game", "options"), CASES)
def test_gibberish_is_a_notation_error_and_nothing_else(game: Game, options: dict) -> None:
    state = game.new(options, 0)
    for text in ["", "zz", "!!!", "a1-", "q9q9q9", "-" * 40]:
        with pytest.raises((NotationError, IllegalMoveError)):
            game.parse_move(state, text)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_seat_view_is_a_drawable_position(game: Game, options: dict) -> None:
    for state in random_line(game, options, seed=3, plies=60):
        seats = len(game.seat_names(game.resolve_options(options)))
        for seat in [*range(seats), None]:
            seen = game.view(state, seat)
            view = game.board_view(seen)
            assert len(view.cells) == view.width * view.height
            game.read_position(game.write_position(seen))
