"""Who plays each seat: a person at this keyboard or the computer at one of its levels.

The choice is kept in the record's tags, one per computer seat (``Seat2Type "computer:hard"``),
so a saved or autosaved game comes back with the same opponents. A seat without a tag is
played by a person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.ai import LEVELS
from core.record import GameRecord

HUMAN = "human"
COMPUTER_PREFIX = "computer:"

#: Every seat type, as written in the tags, with the label the setup screen shows.
SEAT_TYPES: tuple[tuple[str, str], ...] = (
    (HUMAN, "Human"),
    *((COMPUTER_PREFIX + name, f"Computer · {level.label}") for name, level in LEVELS.items()),
)


def tag_name(seat: int) -> str:
    """The tag holding the type of ``seat`` (counted from 0): ``Seat1Type`` for the first."""
    return f"Seat{seat + 1}Type"


def computer_type(level: str) -> str:
    """The seat type of the computer at ``level``: ``computer:hard``."""
    return COMPUTER_PREFIX + level


def level_of(seat_type: str) -> str | None:
    """The computer level a seat type names, or ``None`` for a person (or an unknown type,
    which is played by a person rather than refused: the game stays playable)."""
    if not seat_type.startswith(COMPUTER_PREFIX):
        return None
    level = seat_type[len(COMPUTER_PREFIX) :].strip().lower()
    return level if level in LEVELS else None


def computer_levels(tags: Mapping[str, str], seats: int) -> dict[int, str]:
    """The computer seats among ``seats`` and the level of each, from a record's tags."""
    levels = {}
    for seat in range(seats):
        level = level_of(tags.get(tag_name(seat), HUMAN))
        if level is not None:
            levels[seat] = level
    return levels


def record_levels(record: GameRecord) -> dict[int, str]:
    """The computer seats of ``record`` and their levels."""
    return computer_levels(record.tags, len(record.seat_names))


def seat_tags(types: Sequence[str]) -> dict[str, str]:
    """The tags for these seat types: one per computer seat, none for a person."""
    return {tag_name(seat): kind for seat, kind in enumerate(types) if level_of(kind) is not None}


def default_player_name(seat_type: str, seat_name: str) -> str:
    """The name of a seat whose player gave none: ``Hard computer`` or the seat's own name."""
    level = level_of(seat_type)
    return seat_name if level is None else f"{LEVELS[level].label} computer"
