"""Since when each seated person at a table has been away, and whether the one to move has been
gone long enough for the others to claim the win (``tui.play.abandonment`` claims it).

A person is away while no session of theirs shows the table in any process of the server
(``Table.is_present``). The table notes who is away at every change of it and whenever the
hall tends its clocks, on the table's own time (a fake one in tests), so the grace period is
counted from the first moment this process saw the player gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.time_control import DAY, TimeControlError, time_control_of
from tui.play.describe import seat_label

if TYPE_CHECKING:
    from tui.play.table import Table

#: How long the player to move may be away before the others may claim the win: a minute for
#: a live game (with a clock or without one), a day for a correspondence game.
GRACE_SECONDS = 60.0
GRACE_CORRESPONDENCE = DAY
#: The key that claims the win at the table (free among the board's and the table's keys).
CLAIM_KEY = "W"
#: What the table's help says of the key.
CLAIM_HELP = (
    f"Claim the win from the player to move gone {GRACE_SECONDS / 60:g} min"
    f" ({GRACE_CORRESPONDENCE / DAY:g} day by correspondence)"
)


def grace_seconds(table: Table) -> float:
    """How long the player to move at ``table`` may be away before the win may be claimed."""
    try:
        correspondence = time_control_of(table.record.tags).kind == "correspondence"
    except TimeControlError:
        correspondence = False
    return GRACE_CORRESPONDENCE if correspondence else GRACE_SECONDS


def grace_text(table: Table) -> str:
    """The grace period of ``table`` in words: "1 minute", "1 day"."""
    seconds = grace_seconds(table)
    count, unit = (seconds / DAY, "day") if seconds >= DAY else (seconds / 60, "minute")
    return f"{count:g} {unit}{'s' if count != 1 else ''}"


class AwaySeats:
    """The seats of a table whose players are away, each with the time they went."""

    def __init__(self) -> None:
        #: Each away seat's time of going, by the table's time.
        self.since: dict[int, float] = {}
        #: The seats whose leaving the table has announced (once per absence).
        self.told: set[int] = set()

    def note(self, table: Table) -> None:
        """Note who is away at ``table`` now: a player who came back is no longer."""
        if not table.live:
            self.since.clear()
            self.told.clear()
            return
        now = table.time()
        for seat, holder in enumerate(table.holders):
            if holder is None or holder.is_computer or table.is_present(seat):
                self.since.pop(seat, None)
                self.told.discard(seat)
            else:
                self.since.setdefault(seat, now)

    def gone(self, table: Table) -> int | None:
        """The seat to move, if its player has been away for the grace period."""
        self.note(table)
        if not table.live:
            return None
        mover = table.record.game.to_move(table.record.state)
        since = self.since.get(mover)
        if since is None or table.time() - since < grace_seconds(table):
            return None
        return mover

    def check(self, table: Table) -> None:
        """Have every screen at ``table`` look again, once, when the grace period of the
        player to move has run out (each player left there is then offered the win)."""
        seat = self.gone(table)
        if seat is not None and seat not in self.told:
            self.told.add(seat)
            table.tell("presence", "")


def claim_offer_text(table: Table, seat: int) -> str:
    """What the players still at ``table`` are told once ``seat``'s player has gone."""
    return f"{seat_label(table.record, seat)} left: press {CLAIM_KEY} to claim the win"
