"""The computer's judgement as players read it: win chances, and the verdict on a move.

Kept apart from ``core.analysis`` (which runs the searches) so that reading and writing
annotated save files needs nothing of the computer player. The reasons for the thresholds
are in ``core.analysis``.
"""

from __future__ import annotations

#: Drops in the mover's win chance that make a move an inaccuracy, a mistake, a blunder.
INACCURACY_DROP = 0.10
MISTAKE_DROP = 0.20
BLUNDER_DROP = 0.30
#: The NAGs of the verdicts (PGN's): ``$6`` ?!, ``$2`` ?, ``$4`` ??.
INACCURACY, MISTAKE, BLUNDER = 6, 2, 4
VERDICT_NAGS = (INACCURACY, MISTAKE, BLUNDER)
#: The symbol of each verdict's NAG.
VERDICT_SYMBOLS = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}


def win_chance(value: float) -> float:
    """A search value (reward units for the seat to move) as a win chance from 0 to 1."""
    return min(1.0, max(0.0, value))


def format_evaluation(chance: float) -> str:
    """A win chance as the protocol and save files write it: two decimals, 0.00 to 1.00."""
    return f"{win_chance(chance):.2f}"


def verdict(drop: float) -> int | None:
    """The NAG of a move that lowered its player's win chance by ``drop``, or ``None``."""
    if drop >= BLUNDER_DROP:
        return BLUNDER
    if drop >= MISTAKE_DROP:
        return MISTAKE
    if drop >= INACCURACY_DROP:
        return INACCURACY
    return None
