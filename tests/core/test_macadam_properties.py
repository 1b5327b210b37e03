"""Properties over random games in every option set, checked against the simple rules."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_macadam_support import (
    GAME,
    GOALS,
    NORTH,
    SOUTH,
    board_of,
    engine_paths,
    own_side,
    simple_moves,
    simple_winner,
)

from core import GameRecord
from core.games.macadam.state import MacadamState

OPTION_SETS = [
    {"start": start, "first": first} for start in ("dots", "free") for first in ("1", "2", "random")
]
options_sets = st.sampled_from(OPTION_SETS)
seeds = st.integers(0, 2**32)
MAX_PLIES = 200
#: Words each kind of ending puts in the outcome's reason.
REASON_WORDS = {
    "goal": "goal",
    "crossing": "pawns on",
    "repetition": "third time",
    "stuck": "no legal move",
}


def random_game(
    options: dict[str, str], seed: int, undoing: float = 0.0
) -> tuple[list[MacadamState], list[str]]:
    """The states of a random game (at most MAX_PLIES moves) and its moves in notation.

    With ``undoing`` > 0 a player takes back its own previous move that often when the rules
    allow, so positions come back and repetitions happen.
    """
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    states, notations = [state], []
    for _ in range(MAX_PLIES):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        move = rng.choice(moves)
        if len(notations) >= 2 and "-" in notations[-2] and rng.random() < undoing:
            start, *_, end = notations[-2].split("-")
            back = [m for m in moves if GAME.format_move(state, m) == f"{end}-{start}"]
            move = back[0] if back else move
        notations.append(GAME.format_move(state, move))
        state = GAME.apply(state, move)
        states.append(state)
    return states, notations


def records(state: MacadamState) -> list[tuple[int, int, int]]:
    """The battle positions of the history as (south, north, side to move), oldest first."""
    count = len(state.history) // 16
    result = []
    for number in range(count):
        value = int.from_bytes(state.history[16 * number : 16 * number + 16], "little")
        side = state.side ^ ((count - 1 - number) & 1)
        result.append((value & (2**64 - 1), value >> 64, side))
    return result


def expected_ending(state: MacadamState) -> tuple[tuple[int, ...], str] | None:
    """The outcome the simple rules give: winners and the kind of ending, or None."""
    board, mover = board_of(state), 1 - state.side
    if any(board.get(goal) == mover for goal in GOALS[state.side]):
        return (mover,), "goal"
    if simple_winner(board, mover):
        return (mover,), "crossing"
    history = records(state)
    if history.count(history[-1]) >= 3:
        return (), "repetition"
    if not simple_moves(board, state.side):
        return (mover,), "stuck"
    return None


def check_invariants(state: MacadamState) -> None:
    """Nothing the rules forbid is ever reached."""
    board = board_of(state)
    assert state.south & state.north == 0
    assert state.south < 2**64 and state.north < 2**64
    for seat in (SOUTH, NORTH):
        assert not any(board.get(goal) == seat for goal in GOALS[seat]), "pawn on its own goal"
    assert GAME.has_secrets(state) is False and GAME.view(state, 1) == state
    counts = [sum(1 for owner in board.values() if owner == seat) for seat in (SOUTH, NORTH)]
    if GAME.phase(state) == "placement":
        assert counts[0] - counts[1] == state.side, "South places first, then they alternate"
        assert counts[1] < 8
        assert all(own_side(square, owner) for square, owner in board.items())
        assert (state.history, state.seen, GAME.outcome(state)) == (b"", 0, None)
        return
    assert counts == [8, 8]
    assert not any(board.get(goal) == state.side for goal in GOALS[1 - state.side])
    history = records(state)
    assert history[-1] == (state.south, state.north, state.side)
    if len(history) > 1:
        (south, north, side), (later_south, later_north, _) = history[-2:]
        moved = ((south ^ later_south), (north ^ later_north))
        assert moved[side].bit_count() == 2 and moved[1 - side] == 0, "one pawn of the mover"
    outcome = GAME.outcome(state)
    expected = expected_ending(state)
    if expected is None:
        assert outcome is None
        assert GAME.legal_moves(state)
    else:
        assert outcome is not None and outcome.winners == expected[0]
        assert REASON_WORDS[expected[1]] in outcome.reason
        assert GAME.legal_moves(state) == []


@settings(max_examples=25, deadline=None)
@given(options=options_sets, seed=seeds, undoing=st.sampled_from([0.0, 0.9]))
def test_random_games_reach_only_legal_states(
    options: dict[str, str], seed: int, undoing: float
) -> None:
    states, _ = random_game(options, seed, undoing)
    for state in states:
        check_invariants(state)


def test_games_that_go_back_and_forth_end_in_repetition() -> None:
    """The back-and-forth games above do reach the repetition rule."""
    endings = [expected_ending(random_game({}, seed, 0.9)[0][-1]) for seed in range(10)]
    assert any(ending is not None and ending[1] == "repetition" for ending in endings)


@settings(max_examples=25, deadline=None)
@given(options=options_sets, seed=seeds)
def test_the_engine_and_the_simple_rules_list_the_same_moves(
    options: dict[str, str], seed: int
) -> None:
    states, _ = random_game(options, seed)
    for state in states:
        if GAME.phase(state) == "play" and GAME.outcome(state) is None:
            assert engine_paths(state) == simple_moves(board_of(state), state.side)


@settings(max_examples=15, deadline=None)
@given(options=options_sets, seed=seeds, undoing=st.sampled_from([0.0, 0.9]))
def test_position_text_round_trips_for_every_state(
    options: dict[str, str], seed: int, undoing: float
) -> None:
    states, _ = random_game(options, seed, undoing)
    for state in states:
        text = GAME.write_position(state)
        assert " " not in text.split(" ", 3)[3]
        assert GAME.read_position(text) == state


@settings(max_examples=25, deadline=None)
@given(options=options_sets, seed=seeds)
def test_every_legal_move_reads_back_from_its_notation(options: dict[str, str], seed: int) -> None:
    states, _ = random_game(options, seed)
    for state in states[:: max(1, len(states) // 40)]:
        for move in GAME.legal_moves(state):
            text = GAME.format_move(state, move)
            assert " " not in text
            assert GAME.parse_move(state, text) == move


@settings(max_examples=30, deadline=None)
@given(options=options_sets, seed=seeds)
def test_replaying_the_notation_reproduces_every_state(options: dict[str, str], seed: int) -> None:
    states, notations = random_game(options, seed)
    record = GameRecord(GAME, options, seed=seed)
    assert record.state == states[0]
    for text, expected in zip(notations, states[1:], strict=True):
        record.play_text(text)
        assert record.state == expected
