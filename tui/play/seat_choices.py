"""The seats of a new table as its creator chooses them: themselves, a player to come, or a
computer."""

from __future__ import annotations

from collections.abc import Sequence

from tui.play.identity import PlayerIdentity
from tui.play.seat_types import level_of
from tui.play.table import SeatHolder, TableRefusal

#: What the creator of a table chooses for each seat: themselves, nobody yet, or a computer
#: seat type (``computer:normal``).
ME = "me"
OPEN = "open"


def chosen_holders(
    game_name: str, seat_names: Sequence[str], seats: Sequence[str], player: PlayerIdentity
) -> list[SeatHolder | None]:
    """The holders of a new table's seats as its creator chose them (``ME``, ``OPEN`` or a
    computer seat type for each); ``TableRefusal`` for a choice no table may have."""
    if len(seats) != len(seat_names):
        raise TableRefusal(f"{game_name} with these options has {len(seat_names)} seats.")
    if list(seats).count(ME) > 1:
        raise TableRefusal("You can take only one seat at a table.")
    holders: list[SeatHolder | None] = []
    for seat_name, choice in zip(seat_names, seats, strict=True):
        level = level_of(choice)
        if choice == ME:
            holders.append(SeatHolder.person(player))
        elif level is not None:
            holders.append(SeatHolder.computer(level, seat_name))
        else:
            holders.append(None)
    if all(holder is not None and holder.is_computer for holder in holders):
        raise TableRefusal("A table needs at least one seat for a person.")
    return holders
