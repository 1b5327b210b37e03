"""Taking a move back at a shared table, as on online boards: one player asks, the others agree.

The position restored is the one before the asker's own last move, so it is their turn again;
any replies played since go back with it. The moves taken back stay in the record as a
variation, as after an undo in a game at one keyboard.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.record import GameRecord, Node


@dataclass(eq=False)
class Takeback:
    """A request under way: ``seat`` asks to go back to ``target`` (the position before its
    move ``move``); ``waiting`` holds the seats that have not agreed yet."""

    seat: int
    target: Node
    move: str
    waiting: set[int] = field(default_factory=set)


def takeback_target(record: GameRecord, seat: int) -> Node | None:
    """The node before ``seat``'s last move on the line played so far, or ``None`` if that seat
    has not moved yet."""
    game = record.game
    node = record.current
    while node.parent is not None:
        if game.to_move(node.parent.state) == seat:
            return node.parent
        node = node.parent
    return None
