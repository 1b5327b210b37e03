"""How a game ended: who won (or that nobody did) and why, in words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game.

    ``winners`` lists the winning seats (both seats of a winning team); it is empty for a
    draw. ``reason`` says why the game ended, e.g. "North's zone is empty".
    """

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def result(self, seats: int) -> str:
        """The result tag of a save file: ``1-0``, ``0-1``, ``1/2-1/2`` or the winning seats."""
        if seats == 2 and len(self.winners) == 1:
            return "1-0" if self.winners[0] == 0 else "0-1"
        if self.is_draw:
            return "1/2-1/2"
        return "+".join(str(seat + 1) for seat in self.winners)
