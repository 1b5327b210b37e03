"""Martian Chess moves: a piece going from one square to another, or a keyed action."""

from __future__ import annotations

from typing import NamedTuple


class Move(NamedTuple):
    """A piece moving from ``src`` to ``dst`` (square indices).

    Whether the move is a plain step, a capture or a field promotion (merge) follows from
    the position it is played in, so one value names the move in every case. The two keyed
    actions use negative squares: ``CLOCK`` (call the clock) and ``PASS``.
    """

    src: int
    dst: int

    @property
    def is_action(self) -> bool:
        """True for the keyed actions, which no square selects."""
        return self.src < 0


#: Calling the clock: its own entry in the move list; the same seat then moves.
CLOCK = Move(-1, -1)
#: Passing: only legal when none of the mover's pieces can move.
PASS = Move(-2, -2)
