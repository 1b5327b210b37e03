"""Random games in every mode: round trips, replay, invariants and hidden information."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_mac_helpers import GAME

from core.games.mac.board import HALVES, SIZE
from core.games.mac.legal import is_legal
from core.games.mac.pieces import (
    ARMY_COUNTS,
    EMPTY,
    FACE_DOWN,
    FACE_UP_COLOUR,
    FLIPPABLE,
    HIDDEN,
    PEEK,
    PIECE,
    PLUS_ONE,
    PORTAL,
    TOKENS_PER_KIND,
    UNKNOWN_TOKEN,
    colour_of,
    is_boosted,
    printed,
)
from core.games.mac.state import DARK, ITEM_COUNT, PORTAL_ITEM, QUIET_LIMIT, STANDARD, MacState

MODES = [
    {"mode": mode, "tokens": tokens}
    for mode in ("standard", "dark", "light")
    for tokens in ("off", "on")
]
MAX_PLIES = 120
MOVES_CHECKED_PER_PLY = 6


def check_invariants(state: MacState, moves: list | None = None) -> None:
    """Everything a state reached by the rules must satisfy."""
    board = state.board
    assert len(board) == SIZE
    assert HIDDEN not in board
    for code in board:
        assert code in (EMPTY, PORTAL) or (code >= PIECE and printed(code) <= 10)
        if code >= PIECE and code & FACE_DOWN:
            assert state.mode == DARK and not is_boosted(code)
    assert state.portals == tuple(s for s in range(SIZE) if board[s] == PORTAL)
    for colour in (0, 1):
        counts = [0] * 11
        for code in board:
            if code >= PIECE and colour_of(code) == colour:
                counts[printed(code)] += 1
        if state.to_place:
            assert all(
                board[s] == EMPTY or s in HALVES[colour] or colour_of(board[s]) != colour
                for s in range(SIZE)
                if board[s] >= PIECE
            )
            placed = [a + b for a, b in zip(counts, state.to_place[colour], strict=False)]
            assert placed == list(ARMY_COUNTS)
        else:
            assert all(c <= m for c, m in zip(counts, ARMY_COUNTS, strict=True))
    if state.to_place:
        assert state.mode == STANDARD and len(state.to_place) == 2
        assert all(len(counts) == ITEM_COUNT for counts in state.to_place)
        assert all(
            counts[PORTAL_ITEM] + sum(1 for p in state.portals if p in HALVES[seat]) == 1
            for seat, counts in enumerate(state.to_place)
        )
        assert state.quiet == 0 and state.history == ()
    else:
        assert len(state.portals) == 2
    face_up = [code for code in board if FACE_UP_COLOUR[code] >= 0]
    if state.mode == STANDARD:
        assert state.colour_of_seat == (0, 1)
    elif state.colour_of_seat == (-1, -1):
        assert state.mode == DARK and not face_up
    else:
        assert sorted(state.colour_of_seat) == [0, 1]
    tokens = [*state.hands[0], *state.hands[1], *state.pile]
    if not state.tokens:
        assert tokens == []
    assert UNKNOWN_TOKEN not in tokens
    assert all(list(hand) == sorted(hand) for hand in state.hands)
    for kind in range(4):
        assert tokens.count(kind) <= TOKENS_PER_KIND
    boosted = sum(1 for code in board if code >= PIECE and is_boosted(code))
    assert boosted + tokens.count(PLUS_ONE) <= TOKENS_PER_KIND
    assert (PEEK in tokens) <= (state.mode == DARK)
    for seen in state.peeked:
        assert list(seen) == sorted(set(seen))
        assert all(FLIPPABLE[board[s]] for s in seen)
    assert 0 <= state.quiet <= QUIET_LIMIT and len(state.history) <= state.quiet
    for before, after in zip((*state.history, board), (*state.history, board)[1:], strict=False):
        changed = [s for s in range(SIZE) if before[s] != after[s]]
        assert len(changed) == 2
        origin, target = changed if after[changed[1]] != EMPTY else changed[::-1]
        assert before[target] == EMPTY and after[origin] == EMPTY
        assert before[origin] == after[target]
    if moves is None:
        moves = GAME.legal_moves(state)
    assert bool(moves) == (state.result is None)


def check_view(state: MacState, seat: int | None) -> None:
    """The seat's view hides what that seat may not know, and still writes as text."""
    seen = GAME.view(state, seat)
    assert GAME.read_position(GAME.write_position(seen)) == seen
    GAME.board_view(seen)
    if state.result is not None:
        assert seen == state
        return
    known = set(state.peeked[seat]) if seat is not None else set()
    for square, code in enumerate(state.board):
        if FLIPPABLE[code] and square not in known:
            assert seen.board[square] == HIDDEN
        else:
            assert seen.board[square] == code
    for other, hand in enumerate(state.hands):
        expected = hand if other == seat else (UNKNOWN_TOKEN,) * len(hand)
        assert seen.hands[other] == expected
    assert seen.pile == (UNKNOWN_TOKEN,) * len(state.pile)
    hidden_text = GAME.write_position(seen).split()[1]
    lower_case = sum(ch in "rb" for ch in hidden_text)
    assert lower_case == sum(1 for s in known if FLIPPABLE[state.board[s]])


def random_game(options: dict[str, str], seed: int, chooser: random.Random) -> None:
    start = GAME.new(options, seed)
    state = start
    played: list[str] = []
    earlier: list = []
    for ply in range(MAX_PLIES):
        moves = GAME.legal_moves(state)
        check_invariants(state, moves)
        assert GAME.read_position(GAME.write_position(state)) == state
        if ply % 2 == 0:
            check_view(state, (0, 1, None)[ply % 3])
        if not moves:
            break
        for move in chooser.sample(moves, min(len(moves), MOVES_CHECKED_PER_PLY)):
            text = GAME.format_move(state, move)
            assert " " not in text
            assert GAME.parse_move(state, text) == move
            assert GAME.move_path(state, move)
        # The legality test used by play() and parse_move() agrees with the full list.
        legal = set(moves)
        for move in earlier:
            assert is_legal(state, move) == (move in legal)
        earlier = chooser.sample(moves, min(len(moves), 6))
        move = chooser.choice(moves)
        played.append(GAME.format_move(state, move))
        state = GAME.apply(state, move)
    replay = GAME.new(options, seed)
    for text in played:
        replay = GAME.play(replay, GAME.parse_move(replay, text))
    assert replay == state


@pytest.mark.parametrize("options", MODES, ids=[f"{o['mode']}-tokens-{o['tokens']}" for o in MODES])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), choices=st.randoms(use_true_random=False))
def test_random_games_keep_every_property(options, seed, choices):
    random_game(options, seed, choices)


def test_a_long_game_reaches_its_end():
    state = GAME.new({}, 11)
    chooser = random.Random(11)
    while GAME.outcome(state) is None:
        state = GAME.apply(state, chooser.choice(GAME.legal_moves(state)))
    check_invariants(state)
    assert GAME.legal_moves(state) == []
