"""Who won and why: sides (players or teams), their totals and the outcome in words."""

from __future__ import annotations

from core.games.martian_chess.board import layout_of, team_of
from core.games.martian_chess.state import DEADLOCK_TURNS, NO_EMPTY_ZONE, State
from core.outcome import Outcome

DEADLOCK_REASON = f"deadlock: {DEADLOCK_TURNS} turns without a capture after the clock was called"


def sides(state: State) -> tuple[tuple[int, ...], ...]:
    """The scoring sides: one seat each, or the two teams of opposite corners."""
    if state.teams and state.players == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(state.players))


def side_total(state: State, seat: int) -> int:
    """The score that counts for ``seat``: its own, or its team's total."""
    if state.teams and state.players == 4:
        return sum(state.scores[s] for s in team_of(seat))
    return state.scores[seat]


def _names(state: State, seats: tuple[int, ...]) -> str:
    names = layout_of(state.board).seat_names
    return _and([names[seat] for seat in seats])


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def outcome(state: State) -> Outcome | None:
    """The end of the game, or ``None`` while it goes on.

    An empty zone ends the game even when the same move was the seventh quiet turn; only
    then does a tie at the top go to the side of the player who made the last move. A
    deadlock tie is a draw, or in a game without teams a win shared by the leaders (a draw
    when all four tie).
    """
    if state.empty_zone == NO_EMPTY_ZONE and state.clock < DEADLOCK_TURNS:
        return None
    names = layout_of(state.board).seat_names
    groups = sides(state)
    totals = [sum(state.scores[seat] for seat in side) for side in groups]
    top = max(totals)
    leaders = [side for side, total in zip(groups, totals, strict=True) if total == top]
    others = sorted((t for t in totals if t != top), reverse=True)
    zone_emptied = state.empty_zone != NO_EMPTY_ZONE
    reason = f"{names[state.empty_zone]}'s zone is empty" if zone_emptied else DEADLOCK_REASON
    if len(leaders) == 1:
        winner = leaders[0]
        verb = "wins" if len(winner) == 1 else "win"
        rest = _and([str(t) for t in others])
        return Outcome(winner, f"{reason}: {_names(state, winner)} {verb} {top} to {rest}")
    tied = tuple(seat for side in leaders for seat in side)
    if not zone_emptied:
        if len(groups) == 2:
            return Outcome((), f"{reason}; the tie at {top} is a draw")
        if len(leaders) == len(groups):
            return Outcome((), f"{reason}; all four tie at {top}: a draw")
        return Outcome(tied, f"{reason}; {_names(state, tied)} share the win with {top} each")
    last = state.last_mover
    winner = next(side for side in groups if last in side)
    if len(groups) > 2:
        tie = f"tie at {top} between {_and([_names(state, side) for side in leaders])}"
    else:
        tie = f"tie at {top}"
    if len(winner) == 1:
        ending = f"{names[last]} made the last move and wins"
    else:
        ending = f"{names[last]} made the last move, so {_names(state, winner)} win"
    return Outcome(winner, f"{reason}; {tie}: {ending}")
