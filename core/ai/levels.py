"""Playing strengths as data: how long the computer thinks, how it searches, how much it errs."""

from __future__ import annotations

from dataclasses import dataclass

#: Search algorithms a level may ask for. ``auto`` takes the one the game's plug-in prefers.
ALGORITHMS = ("auto", "mcts", "alphabeta")


@dataclass(frozen=True, slots=True)
class Level:
    """One playing strength.

    ``seconds`` is the thinking time per move; ``playouts`` caps Monte Carlo iterations;
    ``depth`` caps alpha-beta plies (not counting the capture search at the leaves).
    ``noise`` is a margin in reward units (0 = certain loss, 1 = certain win): the move
    played is drawn at random from every move whose value is within ``noise`` of the best,
    so a weak level still never throws away a clearly better move such as a free capture.
    """

    name: str
    label: str
    seconds: float | None
    algorithm: str = "auto"
    playouts: int | None = None
    depth: int | None = None
    noise: float = 0.0
    description: str = ""

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise ValueError(f"level {self.name}: unknown algorithm '{self.algorithm}'")
        if self.seconds is None and self.playouts is None and self.depth is None:
            raise ValueError(f"level {self.name} needs a time, playout or depth limit")


EASY = Level(
    name="easy",
    label="Easy",
    seconds=0.3,
    algorithm="alphabeta",
    playouts=400,
    depth=1,
    noise=0.12,
    description="looks one move ahead and often settles for a move that is nearly as good",
)
NORMAL = Level(
    name="normal",
    label="Normal",
    seconds=1.0,
    description="searches for about a second a move",
)
HARD = Level(
    name="hard",
    label="Hard",
    seconds=5.0,
    description="searches for about five seconds a move",
)

#: Every level by name, weakest first.
LEVELS: dict[str, Level] = {level.name: level for level in (EASY, NORMAL, HARD)}


def find_level(level: Level | str) -> Level:
    """The level called ``level`` (case ignored); a ``Level`` is returned unchanged."""
    if isinstance(level, Level):
        return level
    found = LEVELS.get(level.strip().lower())
    if found is None:
        known = ", ".join(LEVELS)
        raise ValueError(f"there is no level called '{level}' (levels: {known})")
    return found
