"""The tile masks kept from one position to the next (updated by one bit when a placement or a
pivot changes one square) always equal the masks worked out afresh from the exits."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_chase_support import GAME

from core.games.chase.board import TURNS
from core.games.chase.exit_masks import ExitMasks, exit_masks


def fresh(exits: tuple[int, ...]) -> ExitMasks:
    """The masks, square by square."""
    return ExitMasks(
        sum(1 << square for square, mask in enumerate(exits) if mask),
        sum(1 << square for square, mask in enumerate(exits) if len(TURNS[mask]) == 1),
        sum(1 << square for square, mask in enumerate(exits) if len(TURNS[mask]) == 3),
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([{}, {"mode": "tiles"}, {"pawns": "3"}]))
def test_kept_masks_equal_fresh_ones_over_random_games(seed: int, options: dict) -> None:
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for _ in range(120):
        assert exit_masks(state.exits) == fresh(state.exits)
        moves = GAME.legal_moves(state)
        if not moves:
            break
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
