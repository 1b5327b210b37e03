"""MAC's hidden information in the search: face-down pieces, the other hand, the token pile.

The plug-in's ``determinize`` deals what a seat cannot see; whatever it deals, the seat must
see exactly what it saw before, and the search's choice must depend on nothing else.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from core import find_game
from core.ai import Level, Searcher, plugin_for
from core.games.mac.pieces import ARMY, HIDDEN, PIECE, UNKNOWN_TOKEN, colour_of, printed
from core.games.mac.state import MacState

GAME = find_game("mac")
PLUGIN = plugin_for(GAME)
MODES = [{"mode": "dark"}, {"mode": "dark", "tokens": "on"}, {"tokens": "on"}]
SEARCH = Level("test", "Test", seconds=None, algorithm="mcts", playouts=300)


def random_state(options: dict[str, str], seed: int, plies: int) -> MacState:
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for _ in range(plies):
        moves = GAME.legal_moves(state)
        after = GAME.apply(state, moves[rng.randrange(len(moves))])
        if GAME.outcome(after) is not None:
            break
        state = after
    return state


@settings(max_examples=40, deadline=None)
@given(
    options=st.sampled_from(MODES),
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 120),
    deal=st.integers(0, 10**6),
)
def test_a_determinization_looks_the_same_to_the_seat(
    options: dict[str, str], seed: int, plies: int, deal: int
) -> None:
    state = random_state(options, seed, plies)
    seat = GAME.to_move(state)
    view = GAME.view(state, seat)
    dealt = PLUGIN.determinize(view, seat, random.Random(deal))
    assert GAME.view(dealt, seat) == view
    # Nothing is left unknown, and no piece exists more often than in the two armies.
    assert HIDDEN not in dealt.board
    assert UNKNOWN_TOKEN not in dealt.pile and all(UNKNOWN_TOKEN not in h for h in dealt.hands)
    pieces = Counter((colour_of(c), printed(c)) for c in dealt.board if c >= PIECE)
    army = Counter(ARMY)
    assert all(count <= army[number] for (_, number), count in pieces.items())
    # The dealt position is one the rules can play on.
    assert all(GAME.apply(dealt, move) is not None for move in GAME.legal_moves(dealt)[:5])


def test_a_fully_known_position_is_left_alone() -> None:
    state = random_state({}, 3, 40)
    assert PLUGIN.determinize(GAME.view(state, 0), 0, random.Random(1)) == state


def test_dark_chess_search_depends_only_on_the_view() -> None:
    # Two deals of the pieces that look the same to South: all face down, portals alike.
    # (Without power tokens, whose move lists run to thousands of moves and slow the test.)
    one = GAME.new({"mode": "dark"}, 1)
    other = GAME.new({"mode": "dark"}, 2)
    assert one != other and GAME.view(one, 0) == GAME.view(other, 0)
    first = Searcher(GAME, one, SEARCH, seed=5)
    second = Searcher(GAME, other, SEARCH, seed=5)
    assert first.run() == second.run()
    assert first._engine.move_stats() == second._engine.move_stats()
    assert len(first._engine.trees) == 8  # several deals were searched


def test_dark_chess_search_plays_legal_moves_mid_game() -> None:
    for seed in range(3):
        state = random_state({"mode": "dark"}, seed, 30 + 10 * seed)
        move = Searcher(GAME, state, SEARCH, seed=seed).run()
        assert move in set(GAME.legal_moves(state))
