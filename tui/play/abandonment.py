"""Claiming the win from a player who has gone: when the player to move at a table has been
away from every process of the server for the grace period (``tui.play.away_seats``), each
other player still there is offered the win, and the game ends when one claims it.

The result is that of a flag fallen (``core.time_outcome.outcome_on_leaving``): every other
side wins, or a draw where the rules leave none of them a way to win; the reason says
"South left the game". The ending is the table's (``Table.end``): kept, filed and rated as any
result. A player who comes back before the claim takes the offer away.
"""

from __future__ import annotations

from core.time_outcome import outcome_on_leaving
from tui.play.away_seats import CLAIM_KEY, grace_text
from tui.play.describe import seat_label, winners_text
from tui.play.identity import PlayerIdentity
from tui.play.table import Table, TableRefusal


def claim_offer(table: Table, player: PlayerIdentity) -> str:
    """What ``player`` is offered at ``table`` now: "South left: press W to claim the win",
    or nothing (a spectator, a game not over the grace period, the one who left)."""
    gone = table.away.gone(table)
    seat = table.seat_of(player)
    if gone is None or seat is None or seat == gone:
        return ""
    return f"{seat_label(table.record, gone)} left: press {CLAIM_KEY} to claim the win"


def claim_win(table: Table, player: PlayerIdentity) -> None:
    """``player`` claims the win from the player to move, gone for the grace period."""
    seat = table.seat_of(player)
    if seat is None:
        raise TableRefusal("You are watching this table: only its players claim a win.")
    table.check_live()
    gone = table.away.gone(table)
    if gone is None or gone == seat:
        grace = grace_text(table)
        raise TableRefusal(f"No win to claim yet: the player to move must be away for {grace}.")
    record = table.record
    outcome = outcome_on_leaving(record.game, record.options, record.state, gone)
    table.end(outcome, f"game over: {winners_text(record, outcome)} ({outcome.reason})")
