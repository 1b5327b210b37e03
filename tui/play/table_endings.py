"""Ending a game at a table where its rules would let it go on, and what follows its end: a
player resigns, the players agree to a draw, and a finished table's players ask for a rematch.

Each is asked for by one player and checked here (only a seated player, only while the game
goes on, or only once it is over for a rematch); a refusal is a ``TableRefusal`` sentence.
The ending itself is the table's (``Table.end``): kept, filed and rated as any result.

A draw needs every person at the table; a computer never agrees to one (it plays every game
to its end), and the next move withdraws the offer. A rematch needs every person who played;
a computer always agrees, and the hall opens it (``Table.open_rematch``, see
``tui.play.rematch``).

The players may be on different processes of the server: who offers a draw in a process is
said in the store's presence (``offering_number``, apart from the rematch's askers) and read
by the others (``heard_offering``).
A move withdraws every offer (each process its own, as the move reaches it); a draw declined
in one process is forgotten there, while the offerer's process keeps it until the next move.
"""

from __future__ import annotations

from core.outcome import Outcome
from core.time_outcome import DRAW_AGREED, outcome_on_resignation
from tui.play.describe import seat_label, winners_text
from tui.play.identity import PlayerIdentity
from tui.play.table import Table, TableRefusal


def resigner_seat(table: Table, player: PlayerIdentity) -> int:
    """``player``'s seat if they may resign now; otherwise a refusal saying why not."""
    seat = table.seat_of(player)
    if seat is None:
        raise TableRefusal("You are watching this table: only its players resign.")
    table.check_live()
    return seat


def resign(table: Table, player: PlayerIdentity) -> None:
    """``player`` gives the game up: the other sides win ("North resigned")."""
    seat = resigner_seat(table, player)
    record = table.record
    outcome = outcome_on_resignation(record.game, record.options, seat)
    table.end(outcome, f"game over: {winners_text(record, outcome)} ({outcome.reason})")


def offer_draw(table: Table, player: PlayerIdentity) -> None:
    """``player`` offers a draw, or accepts the one offered: once every person playing has,
    the game ends drawn by agreement."""
    seat = table.seat_of(player)
    if seat is None:
        raise TableRefusal("You are watching this table: only its players offer a draw.")
    table.check_live()
    if any(holder is not None and holder.is_computer for holder in table.holders):
        raise TableRefusal("The computer plays every game to its end: it takes no draw.")
    if seat in offered_seats(table):
        raise TableRefusal("You have offered a draw: the other players must accept it.")
    table.draw_offered.add(seat)
    name = seat_label(table.record, seat)
    if len(offered_seats(table)) < len(table.holders):
        table.tell("draw", f"{name} offers a draw")
        return
    table.end(Outcome((), DRAW_AGREED), f"{name} accepts: game over, a draw ({DRAW_AGREED})")


def decline_draw(table: Table, player: PlayerIdentity) -> None:
    """``player`` declines the draw offered to them; the game goes on."""
    seat = table.seat_of(player)
    offered = offered_seats(table)
    if seat is None or not offered or seat in offered:
        raise TableRefusal("No draw is offered to you.")
    table.draw_offered = set()
    table.draw_elsewhere = set()
    table.tell("draw", f"{seat_label(table.record, seat)} declines the draw")


def draw_offer_text(table: Table, seat: int | None) -> str:
    """Who offers the draw put to ``seat`` now: ``alice (South) offers a draw`` (the offer
    itself says it, whatever the table's news has said since)."""
    names = [
        seat_label(table.record, offered)
        for offered in sorted(offered_seats(table))
        if offered != seat
    ]
    if not names:
        return ""
    return f"{' and '.join(names)} {'offers' if len(names) == 1 else 'offer'} a draw"


def offered_seats(table: Table) -> set[int]:
    """The seats whose players offer a draw now, in this process or in another."""
    return table.draw_offered | {
        seat
        for seat, holder in enumerate(table.holders)
        if holder is not None and holder.identity in table.draw_elsewhere
    }


#: Where presence says who offers a draw: below every number the rematch's askers take.
OFFERS_BASE = 1 << 32


def offering_number(number: int) -> int:
    """Where in the store's presence the people offering a draw at table ``number`` in one
    process are said, for the others (apart from the rematch's, ``rematch.asking_number``)."""
    return -(OFFERS_BASE + number)


def offered_at(number: int) -> int | None:
    """The table whose draw offers presence says at ``number``, if it says those."""
    return -number - OFFERS_BASE if number <= -OFFERS_BASE else None


def offering(table: Table) -> dict[str, int]:
    """The people offering a draw in this process, as presence says them."""
    holders = [table.holders[seat] for seat in sorted(table.draw_offered)]
    return {holder.identity: 1 for holder in holders if holder is not None}


def heard_offering(table: Table, identities: set[str]) -> None:
    """The people offering a draw in the other processes are now ``identities``: everyone
    here hears of each newcomer among them; once every person playing offers, the game ends
    drawn here too (the store keeps one ending, whichever process keeps it first)."""
    new = identities - table.draw_elsewhere
    if identities == table.draw_elsewhere:
        return
    table.draw_elsewhere = identities
    for seat, holder in enumerate(table.holders):
        if holder is not None and holder.identity in new and table.live:
            table.tell("draw", f"{seat_label(table.record, seat)} offers a draw")
    if not new:  # an offer withdrawn elsewhere: the question put here goes
        table.tell("draw", "")


def rematch_text(table: Table, seat: int | None) -> str:
    """What the rematch stands at for ``seat``, from the table itself: where it begins, or
    who asks for it (in this process or another)."""
    if table.rematch_number is not None:
        return f"the rematch begins at table {table.rematch_number}, seats swapped"
    asking = [
        seat_label(table.record, asker)
        for asker, holder in enumerate(table.holders)
        if asker != seat
        and holder is not None
        and (asker in table.rematch_asked or holder.identity in table.rematch_elsewhere)
    ]
    if not asking:
        return ""
    verb = "asks" if len(asking) == 1 else "ask"
    return f"{' and '.join(asking)} {verb} for a rematch: m to accept"


def ask_rematch(table: Table, player: PlayerIdentity) -> None:
    """``player`` asks for a rematch of the finished game; once every person who played has,
    it begins at a new table and everyone at this one hears its number."""
    seat = table.seat_of(player)
    if seat is None:
        raise TableRefusal("You are watching this table: only its players ask for a rematch.")
    if not table.finished:
        raise TableRefusal("A rematch is for a finished game: this one goes on.")
    if table.rematch_number is not None:
        raise TableRefusal(f"The rematch is at table {table.rematch_number}.")
    if seat in table.rematch_asked:
        raise TableRefusal("You have asked for a rematch: the other players must agree.")
    people = {s for s, holder in enumerate(table.holders) if holder and not holder.is_computer}
    elsewhere = {
        s
        for s, holder in enumerate(table.holders)
        if s in people and holder and holder.identity in table.rematch_elsewhere
    }
    if not people <= table.rematch_asked | elsewhere | {seat}:
        table.rematch_asked.add(seat)
        name = seat_label(table.record, seat)
        table.tell("rematch", f"{name} asks for a rematch: m to accept")
        return
    if table.open_rematch is None:
        raise TableRefusal("This table cannot start a rematch.")
    again = table.open_rematch(table)
    table.rematch_asked.add(seat)
    table.rematch_number = again.number
    table.tell("rematch", f"the rematch begins at table {again.number}, seats swapped")
