"""How a finished game of Macadam is described."""

from __future__ import annotations

from core.games.macadam.board import HALF, SEAT_NAMES
from core.games.macadam.state import (
    CROSSED_OVER,
    GOAL_REACHED,
    OPPONENT_STUCK,
    REPETITION,
    MacadamState,
)
from core.outcome import Outcome


def outcome_of(state: MacadamState) -> Outcome:
    """The outcome of a finished game (``state.result`` is not ``ONGOING``)."""
    if state.result == REPETITION:
        return Outcome((), "the same position occurred for the third time")
    loser = state.side
    winner = 1 - loser
    won, lost = SEAT_NAMES[winner], SEAT_NAMES[loser]
    if state.result == GOAL_REACHED:
        reason = f"{won} reached {lost}'s goal"
    elif state.result == CROSSED_OVER:
        across = (state.pawns(winner) & HALF[loser]).bit_count()
        held = (state.pawns(loser) & HALF[winner]).bit_count()
        reason = f"{won} has {across} pawns on {lost}'s side and {lost} only {held} on {won}'s"
    elif state.result == OPPONENT_STUCK:
        reason = f"{lost} has no legal move"
    else:
        raise ValueError(f"result code {state.result} is not an ending")
    return Outcome((winner,), reason)
