"""A rematch at a finished table, and the seats a new table is opened with.

When every person who played at a finished table has asked for a rematch (a computer seat
always agrees), the hall opens the rematch: the same game, options and time control, rated
or casual as before, with the seats swapped (each holder moves one seat on: in a two-player
game the players change sides). It is a new table with a number of its own, since the
finished game stays filed and archived under the old one; every screen at the old table,
spectators' too, goes on to the new one (``Table.rematch_number``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.time_control import TIME_CONTROL_TAG
from tui.play.rated_games import RATED_TAG
from tui.play.table import SeatHolder


def swapped(holders: Sequence[SeatHolder | None]) -> list[SeatHolder | None]:
    """The rematch's seats: each holder one seat on (two players change sides)."""
    return [*holders[-1:], *holders[:-1]]


def rematch_tags(tags: Mapping[str, str]) -> dict[str, str]:
    """What the rematch keeps of the finished game's tags: its time control and whether it
    is rated."""
    return {name: tags[name] for name in (TIME_CONTROL_TAG, RATED_TAG) if name in tags}
