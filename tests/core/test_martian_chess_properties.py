"""Martian Chess properties over random games in every mode: position text and notation
round trips, replay from the move list, and an invariant checker run on every position."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core import find_game
from core.games.martian_chess import rules
from core.games.martian_chess.moves import CLOCK, PASS
from core.games.martian_chess.state import make_state

GAME = find_game("martian-chess")
MODES = [
    {},
    {"clock": "off"},
    {"first": "random"},
    {"players": "4"},
    {"players": "4", "teams": "off"},
    {"players": "4", "clock": "off", "first": "random"},
]
PIPS_PER_SEAT = 3 * (1 + 2 + 3)
MAX_PLIES = 200


def zone_of(state, square: int) -> int:
    width = 4 if len(state.board) == 32 else 8
    file, rank = square % width, square // width
    if width == 4:
        return int(rank >= 4)
    return {(False, False): 0, (False, True): 1, (True, True): 2, (True, False): 3}[
        file >= 4, rank >= 4
    ]


def check_state(state, options: dict[str, str]) -> None:
    """Everything that must hold in any position reached by play."""
    players = int(options.get("players", "2"))
    assert len(state.board) == (32 if players == 2 else 64)
    assert set(state.board) <= {0, 1, 2, 3}
    assert len(state.scores) == players and min(state.scores) >= 0
    assert 0 <= state.to_move < players
    # Pips are never lost: what is not on the board has been captured and scored.
    assert sum(state.board) + sum(state.scores) == PIPS_PER_SEAT * players
    assert state.occupied == sum(1 << sq for sq, piece in enumerate(state.board) if piece)
    empty = [
        seat
        for seat in range(players)
        if not any(p for sq, p in enumerate(state.board) if zone_of(state, sq) == seat)
    ]
    assert len(empty) <= 1
    assert state.empty_zone == (empty[0] if empty else -1)
    assert state.teams == (players == 4 and options.get("teams", "on") == "on")
    if options.get("clock") == "off":
        assert state.clock == -2
    else:
        assert -1 <= state.clock <= 7
    if state.crossing is not None:
        assert players == 2
        assert zone_of(state, state.crossing.dst) == state.to_move
        assert zone_of(state, state.crossing.src) != state.to_move
        assert state.board[state.crossing.src] == 0 and state.board[state.crossing.dst]
    assert GAME.view(state, 0) == state and not GAME.has_secrets(state)


def check_move(before, move, after) -> None:
    """What one move may change: a capture scores its pips for the mover, a merge joins two
    pieces into their sum, anything else only moves a piece."""
    pieces_before = sum(1 for p in before.board if p)
    pieces_after = sum(1 for p in after.board if p)
    gained = [b - a for a, b in zip(before.scores, after.scores, strict=True)]
    if move == CLOCK:
        assert after == before._replace(clock=0)
        assert before.clock == -1
        return
    assert after.to_move == (before.to_move + 1) % len(before.scores)
    if move == PASS:
        assert after.board == before.board and not any(gained)
        return
    src, dst = move
    assert zone_of(before, src) == before.to_move
    piece, target = before.board[src], before.board[dst]
    assert after.board[src] == 0
    if target and zone_of(before, dst) != before.to_move:
        assert after.board[dst] == piece
        assert pieces_after == pieces_before - 1
        assert gained[before.to_move] == target and sum(gained) == target
        assert after.clock in (-2, 0) or (before.clock == -1 and after.clock == -1)
    else:
        assert not any(gained)
        assert after.board[dst] == piece + target
        assert pieces_after == pieces_before - (1 if target else 0)
        if target:
            assert {piece, target} in ({1}, {1, 2})
        if before.clock >= 0:
            assert after.clock == before.clock + 1
    changed = [sq for sq in range(len(before.board)) if before.board[sq] != after.board[sq]]
    assert set(changed) <= {src, dst}


def random_game(options: dict[str, str], seed: int, rng: random.Random):
    """Play a random game; yields (state, move, next state) for every ply."""
    state = GAME.new(options, seed)
    for _ in range(MAX_PLIES):
        moves = GAME.legal_moves(state)
        if not moves:
            assert GAME.outcome(state) is not None
            return
        assert GAME.outcome(state) is None
        move = rng.choice(moves)
        after = GAME.apply(state, move)
        yield state, move, after
        state = after


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(MODES), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_random_games_keep_the_invariants(options, seed, rng):
    for before, move, after in random_game(options, seed, rng):
        check_state(before, options)
        check_move(before, move, after)
        check_state(after, options)
        moves = GAME.legal_moves(before)
        assert len(set(moves)) == len(moves)
        assert PASS not in moves
        if GAME.outcome(after) is not None:
            assert GAME.legal_moves(after) == []
            outcome = GAME.outcome(after)
            assert outcome.reason and set(outcome.winners) <= set(range(len(after.scores)))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(MODES), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_position_text_and_notation_round_trip(options, seed, rng):
    for before, _, after in random_game(options, seed, rng):
        assert GAME.read_position(GAME.write_position(before)) == before
        assert GAME.read_position(GAME.write_position(after)) == after
        for move in GAME.legal_moves(before):
            text = GAME.format_move(before, move)
            assert " " not in text
            assert GAME.parse_move(before, text) == move
            assert GAME.parse_move(before, text.upper()) == move


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(MODES), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_replaying_the_move_list_reproduces_the_game(options, seed, rng):
    states, notations = [GAME.new(options, seed)], []
    for before, move, after in random_game(options, seed, rng):
        notations.append(GAME.format_move(before, move))
        states.append(after)
    replayed = GAME.new(options, seed)
    for text, expected in zip(notations, states[1:], strict=True):
        replayed = GAME.play(replayed, GAME.parse_move(replayed, text))
        assert replayed == expected
    assert GAME.outcome(replayed) == GAME.outcome(states[-1])


@st.composite
def crowded_positions(draw):
    """Any arrangement of pieces (not only reachable ones), the mover's zone not empty."""
    size = draw(st.sampled_from([32, 64]))
    players = 2 if size == 32 else 4
    board = draw(st.lists(st.sampled_from([0, 0, 1, 2, 3]), min_size=size, max_size=size))
    to_move = draw(st.integers(0, players - 1))
    state = make_state(tuple(board), to_move, (0,) * players, None, -2, players == 4)
    return state


@settings(max_examples=50, deadline=None)
@given(crowded_positions())
def test_a_zone_with_pieces_always_has_a_move(state):
    # Why passing never happens: the piece of the zone nearest a canal can always move.
    mover_has_pieces = any(
        p for sq, p in enumerate(state.board) if zone_of(state, sq) == state.to_move
    )
    if mover_has_pieces:
        assert rules.board_moves(state)
