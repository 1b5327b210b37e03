"""A rematch at a finished table, and the seats a new table is opened with.

When every person who played at a finished table has asked for a rematch (a computer seat
always agrees), the hall opens the rematch: the same game, options and time control, rated
or casual as before, with the seats swapped (each holder moves one seat on: in a two-player
game the players change sides). It is a new table with a number of its own, since the
finished game stays filed and archived under the old one; every screen at the old table,
spectators' too, goes on to the new one (``Table.rematch_number``).

The players may be on different processes of the server: each process says in the store's
presence who asks for the rematch there (at the table's number negated, ``asking_number``),
reads what the others say (``heard_asking``), and the one where the last player asks opens
the rematch, its game tagged with the old table's number (``REMATCH_TAG``), so that the other
processes send their screens on to it when it arrives (``rematch_arrived``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.record import GameRecord
from core.time_control import TIME_CONTROL_TAG
from tui.play.describe import seat_label
from tui.play.rated_games import RATED_TAG
from tui.play.table import SeatHolder, Table

#: The tag of a rematch's game: the number of the table whose game it is the rematch of.
REMATCH_TAG = "RematchOf"


def swapped(holders: Sequence[SeatHolder | None]) -> list[SeatHolder | None]:
    """The rematch's seats: each holder one seat on (two players change sides)."""
    return [*holders[-1:], *holders[:-1]]


def rematch_tags(tags: Mapping[str, str]) -> dict[str, str]:
    """What the rematch keeps of the finished game's tags: its time control and whether it
    is rated."""
    return {name: tags[name] for name in (TIME_CONTROL_TAG, RATED_TAG) if name in tags}


def rematch_record(table: Table, seed: int) -> GameRecord:
    """The rematch's game: the finished one's game and options, its clock and rating, and
    the number of the table it is the rematch of (``REMATCH_TAG``)."""
    record = table.record
    tags = {**rematch_tags(record.tags), REMATCH_TAG: str(table.number)}
    return GameRecord(record.game, record.options, seed=seed, tags=tags)


def asking_number(number: int) -> int:
    """Where in the store's presence the people asking for table ``number``'s rematch in
    one process are said, for the others (as who is online is said at number 0)."""
    return -number


def asking(table: Table) -> dict[str, int]:
    """The people asking for the rematch in this process, as presence says them (nobody
    once the rematch has begun)."""
    if table.rematch_number is not None:
        return {}
    holders = [table.holders[seat] for seat in sorted(table.rematch_asked)]
    return {holder.identity: 1 for holder in holders if holder is not None}


def heard_asking(table: Table, identities: set[str]) -> None:
    """The people asking for the rematch in the other processes are now ``identities``:
    everyone here hears of each newcomer among them."""
    new = identities - table.rematch_elsewhere
    table.rematch_elsewhere = identities
    for seat, holder in enumerate(table.holders):
        if holder is not None and holder.identity in new and table.rematch_number is None:
            name = seat_label(table.record, seat)
            table.tell("rematch", f"{name} asks for a rematch: m to accept")


def rematch_arrived(tables: Mapping[int, Table], table: Table) -> None:
    """``table``, opened by another process, may be the rematch of a table here: its
    screens then go on to it."""
    origin = tables.get(int(table.record.tags.get(REMATCH_TAG, "0") or 0))
    if origin is not None and origin.rematch_number is None:
        origin.rematch_number = table.number
        origin.tell("rematch", f"the rematch begins at table {table.number}, seats swapped")
