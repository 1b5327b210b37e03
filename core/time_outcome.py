"""How a game ends when a seat's clock runs out: the other side wins "on time", unless the
rules leave it no way to win from the position, which is then a draw.

Of the games here only Martian Chess has such positions. It is won on points: the game ends
when a zone empties (or on deadlock) and the highest score wins, a tie going to the player
who made the last move. A side can gain at most the pip value of every piece still on the
board, so one whose score plus all of that stays below another side's score can never win.
The other games have no such bound: MAC is won by taking every enemy piece or leaving the
opponent no move, Macadam by a pawn reaching a goal, a 6-2 majority or the opponent having no
move, Chase by the opponent having no action or an unpayable debt; a side with pieces on the
board can, by the rules, still get there, however unlikely, so running out of time loses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.game import Game
from core.outcome import Outcome

ON_TIME = "on time"
#: The reason of a game a player gave up.
RESIGNED = "resigned"
#: The reason of a game its players agreed to end in a draw.
DRAW_AGREED = "drawn by agreement"
#: The reason of a game whose player to move went away and whose opponent claimed the win.
LEFT = "left the game"


def ended_by_a_player(termination: str) -> bool:
    """Whether a save's Termination tag says the game ended where its rules would have let it
    go on: a flag fallen, a resignation, a draw agreed or a player gone (the Result tag then
    says who won)."""
    return any(reason in termination for reason in (ON_TIME, RESIGNED, DRAW_AGREED, LEFT))


def _sides(game: Game[Any, Any], options: Mapping[str, str]) -> tuple[tuple[int, ...], ...]:
    """The sides that win or lose together: the teams of four-player Martian Chess, else
    one seat each."""
    seats = len(game.seat_names(options))
    if game.id == "martian-chess" and seats == 4 and options.get("teams") == "on":
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(seats))


def _may_still_win(
    game: Game[Any, Any], state: Any, side: tuple[int, ...], others: list[tuple[int, ...]]
) -> bool:
    """Whether the rules leave ``side`` any way to win from ``state`` against ``others``."""
    scores = game.scores(state)
    if game.id != "martian-chess" or scores is None:
        return True
    best = sum(scores[seat] for seat in side) + sum(state.board)
    return all(best >= sum(scores[seat] for seat in other) for other in others)


def outcome_of_result(result: str, reason: str) -> Outcome:
    """The outcome a save's Result tag (``1-0``, ``0-1``, ``1/2-1/2``, ``1+3``) and
    Termination tag give."""
    if result == "1-0":
        return Outcome((0,), reason)
    if result == "0-1":
        return Outcome((1,), reason)
    if result == "1/2-1/2":
        return Outcome((), reason)
    return Outcome(tuple(int(seat) - 1 for seat in result.split("+")), reason)


def outcome_on_time(
    game: Game[Any, Any], options: Mapping[str, str], state: Any, fallen: int
) -> Outcome:
    """The end of a game (with ``options``) whose seat ``fallen`` ran out of time in
    ``state``: every other side wins, or, where none of them has a way left to win, a draw."""
    options = game.resolve_options(options)
    sides = _sides(game, options)
    winners = tuple(
        seat
        for side in sides
        if fallen not in side
        and _may_still_win(game, state, side, [other for other in sides if other != side])
        for seat in side
    )
    names = game.seat_names(options)
    if not winners:
        return Outcome((), f"{names[fallen]} lost {ON_TIME}, but nobody can still win: a draw")
    return Outcome(winners, f"{names[fallen]} lost {ON_TIME}")


def outcome_on_leaving(
    game: Game[Any, Any], options: Mapping[str, str], state: Any, gone: int
) -> Outcome:
    """The end of a game (with ``options``) whose seat ``gone`` went away in ``state`` and
    whose opponents claimed the win: as if its flag fell (every other side that still may win
    wins, else a draw), said as "South left the game"."""
    timed = outcome_on_time(game, options, state, gone)
    name = game.seat_names(game.resolve_options(options))[gone]
    if not timed.winners:
        return Outcome((), f"{name} {LEFT}, but nobody can still win: a draw")
    return Outcome(timed.winners, f"{name} {LEFT}")


def outcome_on_resignation(
    game: Game[Any, Any], options: Mapping[str, str], resigned: int
) -> Outcome:
    """The end of a game (with ``options``) that seat ``resigned`` gave up: every other side
    wins."""
    options = game.resolve_options(options)
    winners = tuple(seat for side in _sides(game, options) if resigned not in side for seat in side)
    return Outcome(winners, f"{game.seat_names(options)[resigned]} {RESIGNED}")
