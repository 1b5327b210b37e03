"""Chase knowledge for the search: gold.

A side loses when it cannot act or cannot pay a debt, and gold is what pays debts, claims
tiles and blocks the opponent, so the evaluation is the gold each side owns (loose coins and
the stacks with its coins on top). Move lists are long and random games longer, so playouts
are short and end in this evaluation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from core.ai.plugin import GamePlugin
from core.games.chase.state import ChaseState

#: A lead of this many coins is worth about 73%.
SCALE = 8.0


def gold_of(state: ChaseState, seat: int) -> int:
    """The coins ``seat`` owns: loose ones and every stack with its coins on top."""
    return state.loose[seat] + sum(size for _, size, owner in state.stacks if owner == seat)


class ChasePlugin(GamePlugin):
    algorithm = "mcts"
    playout_depth = 6

    def evaluate(self, state: ChaseState) -> Sequence[float]:
        lead = gold_of(state, 0) - gold_of(state, 1)
        south = 1.0 / (1.0 + math.exp(-lead / SCALE))
        return (south, 1.0 - south)


PLUGIN = ChasePlugin
