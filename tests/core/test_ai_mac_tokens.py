"""MAC with power tokens in the search: a representative set of moves instead of every one.

A token before every action multiplies a turn's moves; the searches keep every action without
a token and only the token moves that capture what no plain action could.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_mac_helpers import GAME
from test_mac_tokens import tokens

from core.ai import Level, Searcher, plugin_for
from core.games.mac.state import MacState

PLUGIN = plugin_for(GAME)
QUICK = Level("test", "Test", seconds=None, algorithm="alphabeta", depth=2)


def searched(state: MacState) -> set[str]:
    moves = GAME.legal_moves(state)
    return {GAME.format_move(state, move) for move in PLUGIN.search_moves(state, moves)}


def test_a_plus_one_is_searched_when_it_makes_a_capture_possible() -> None:
    # Legal: a1-b1, +1:a1;a1-b1 and +1:a1;a1xa2 (the 3 becomes a 4 and takes the 4).
    state = tokens(".... .... .... .... .... B4... R3...", "+/-")
    assert searched(state) == {"a1-b1", "+1:a1;a1xa2"}


def test_a_token_spent_on_a_capture_the_action_makes_anyway_is_not_searched() -> None:
    # The 5 takes the 4 without help: +1 before it (or before a quiet move) adds nothing.
    state = tokens(".... .... .... .... .... B4... R5...", "+/-")
    assert searched(state) == {"a1-b1", "a1xa2"}


def test_a_double_step_is_searched_when_it_ends_on_a_capture() -> None:
    state = tokens(".... .... .... .... B4... .... R5...", "d/-")
    assert searched(state) == {"a1-a2", "a1-b1", "ds:a1-a2xa3"}


def test_a_push_is_searched_when_it_brings_a_piece_into_reach() -> None:
    # Pushing the Blue 4 from c1 onto b1 lets the Red 5 take it.
    state = tokens(".... .... .... .... .... .... R5.B4.", "p/-")
    assert searched(state) == {"a1-a2", "a1-b1", "push:c1-b1;a1xb1"}


def test_without_tokens_every_move_is_searched() -> None:
    state = tokens(".... .... .... .... .... B4... R3...", "-/+")
    assert searched(state) == {"a1-b1"}
    assert PLUGIN.search_moves(state, GAME.legal_moves(state)) == GAME.legal_moves(state)


def test_peek_is_left_out_of_the_search() -> None:
    # After the first flip both seats have a colour; the seat to move holds two Peeks.
    state = GAME.new({"mode": "dark", "tokens": "on"}, 3)
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    hands = ((3, 3), ()) if state.to_move == 0 else ((), (3, 3))
    state = state._replace(hands=hands)
    moves = GAME.legal_moves(state)
    assert any(move.token == "k" for move in moves)
    kept = PLUGIN.search_moves(state, moves)
    assert kept and not any(move.token for move in kept)
    assert len(kept) < len(moves)


def test_the_capture_search_follows_token_captures_best_first() -> None:
    # +1 lets the 3 take the 4 on a2; the 5 on d1 takes the 2 on d2.
    state = tokens(".... .... .... .... .... B4..B2 R3..R5", "+/-")
    tactical = PLUGIN.tactical_moves(state, PLUGIN.searched_moves(state))
    assert [GAME.format_move(state, move) for move in tactical] == ["+1:a1;a1xa2", "d1xd2"]


def test_the_capture_search_at_the_leaves_follows_plain_captures_only() -> None:
    # The main search tries the +1 capture; the capture search at its leaves does not.
    state = tokens(".... .... .... .... .... B4..B2 R3.B0R5", "+/-")
    leaves = PLUGIN.capture_search_moves(state)
    assert [GAME.format_move(state, move) for move in leaves] == ["d1xc1", "d1xd2"]  # cannon first
    assert "+1:a1;a1xa2" in searched(state)


def random_token_state(seed: int, plies: int) -> MacState:
    """A position of a game with tokens after up to ``plies`` random turns, captures first
    (so that hands fill up)."""
    rng = random.Random(seed)
    state = GAME.new({"tokens": "on", "mode": rng.choice(["standard", "light", "dark"])}, seed)
    for _ in range(plies):
        moves = GAME.legal_moves(state)
        captures = [move for move in moves if move.kind == "move" and state.board[move.path[-1]]]
        after = GAME.apply(state, rng.choice(captures or moves))
        if GAME.outcome(after) is not None:
            break
        state = after
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 90))
def test_the_searched_moves_are_legal_never_empty_and_keep_every_plain_action(
    seed: int, plies: int
) -> None:
    state = random_token_state(seed, plies)
    moves = GAME.legal_moves(state)
    kept = PLUGIN.search_moves(state, moves)
    assert kept and set(kept) <= set(moves)
    assert {move for move in moves if not move.token} <= set(kept)
    assert PLUGIN.search_moves(state, kept) == kept  # searching the set again changes nothing
    direct = PLUGIN.searched_moves(state)  # built directly: the same moves
    assert len(direct) == len(kept) and set(direct) == set(kept)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(32, 90))
def test_the_search_plays_a_legal_move_with_tokens(seed: int, plies: int) -> None:
    state = random_token_state(seed, plies)
    move = Searcher(GAME, state, QUICK, seed).run()
    assert move in GAME.legal_moves(state)
