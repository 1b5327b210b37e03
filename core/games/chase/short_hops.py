"""Past the path search's limit (see ``search``): every result of a route of fewer than
``TAUNT_TILES`` squares that hops an enemy pawn, found exactly.

With the floods the search makes where it stops (they find every result that hops no pawn),
this leaves out of the move list only results that no route of fewer than ``TAUNT_TILES``
squares gives (every taunt is one). A route that short stays close to where it began, so
walking all of them is quick; the walk goes square by square only while a hop is still
within reach, and floods on from there once none is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games.chase.board import BIT, SINGLE, STEP_MASKS, STEPS
from core.games.chase.walks import TAUNT_TILES, Events, pass_events

if TYPE_CHECKING:
    from core.games.chase.search import Path, _Search


def short_hops(search: _Search, landings: list[tuple[int, Events, int]]) -> None:
    """Record every result of a route of fewer than ``TAUNT_TILES`` squares (its start
    included) whose sweep hops an enemy pawn: without a jump, and after each of ``landings``
    (``(square, events, pawns jumped)``). No such route earns a taunt."""
    if not search.hops:
        return
    explored: dict[tuple[int, int, Events, int], list[tuple[int, int]]] = {}
    start = search.start
    _short(search, explored, start, BIT[start], (start,), (), 0, 0)
    for square, events, jumped in landings:
        path = (start, square)
        _short(search, explored, square, BIT[square], path, events, jumped, len(events))


def _short(
    search: _Search,
    explored: dict[tuple[int, int, Events, int], list[tuple[int, int]]],
    here: int,
    visited: int,
    path: Path,
    events: Events,
    jumped: int,
    jump_events: int,
) -> None:
    """``short_hops`` on from ``here`` (``path`` led there; its first ``jump_events``
    events are the jump's)."""
    # Nothing new comes of a branch if one at the same square, with the same pawns hopped and
    # debts (as many of them the jump's), had visited only some of these tiles and used no
    # more squares.
    key = (here, jumped, events, jump_events)
    used = len(path)
    earlier = explored.setdefault(key, [])
    for before, before_used in earlier:
        if before & visited == before and before_used <= used:
            return
    earlier.append((visited, used))
    room = TAUNT_TILES - 1 - used  # squares the route may still add
    if room <= 0:
        return
    left = search.free & ~visited
    hop_from = 0
    for before, over, land in search.hops:
        if not jumped & BIT[over] and not visited & BIT[land]:
            hop_from |= BIT[before]
    # With no hop within reach (a hop takes one square of the room), what is left is a
    # flood, needed only after a hop (the search's floods found the rest).
    if not hop_from & (BIT[here] | _spread(here, left, search.exits, room - 1)):
        if len(events) > jump_events:
            _bounded_flood(search, path, visited, events, room)
        return
    squares, _, hopped = search.successors(here, left, jumped)
    start = search.start
    for square in squares:
        step_events, step_jumped = events, jumped
        if square in hopped:
            over = hopped[square]
            step_events = events + pass_events(search.board, over)
            step_jumped = jumped | BIT[over]
        longer = path + SINGLE[square]
        if len(step_events) > jump_events and square != start:
            search.record(square, step_events, longer)
        _short(
            search,
            explored,
            square,
            visited | BIT[square],
            longer,
            step_events,
            step_jumped,
            jump_events,
        )


def _spread(here: int, unseen: int, exits: tuple[int, ...], rounds: int) -> int:
    """The tiles of ``unseen`` that at most ``rounds`` sweep steps reach from ``here``."""
    reached = 0
    new = BIT[here]
    for _ in range(rounds):
        spread = 0
        while new:
            square = new.bit_length() - 1
            spread |= STEP_MASKS[square][exits[square]]
            new ^= BIT[square]
        new = spread & unseen & ~reached
        if not new:
            break
        reached |= new
    return reached


def _bounded_flood(search: _Search, path: Path, visited: int, events: Events, room: int) -> None:
    """Record the tiles at most ``room`` sweep steps on from the end of ``path``, with
    ``events``, by the shortest way."""
    exits, start = search.exits, search.start
    unseen = search.free & ~visited
    frontier = [path]
    for _ in range(room):
        step_from = frontier
        frontier = []
        for route in step_from:
            end = route[-1]
            open_steps = STEP_MASKS[end][exits[end]] & unseen
            if not open_steps:
                continue
            unseen ^= open_steps
            for step in STEPS[end][exits[end]]:
                if BIT[step] & open_steps:
                    longer = route + SINGLE[step]
                    if step != start:
                        search.record(step, events, longer)
                    frontier.append(longer)
