"""Past the path search's limit (see ``search``): more results of long routes, taunts
above all, found by quick ways that need not find them all.

On a very large web of tiles, telling which taunts some route can earn is a question about
routes through nearly every tile, and going through them all takes seconds. So past its
limit the search makes a few long routes greedily (always on to the tile from which the most
tiles are still within reach, which keeps a route going longest) and records where each
leads with one change: cut short after any tile and one step on, or one tile left out and
stepped to last; it also floods on from each route cut short every few tiles. Routes that
hop an enemy pawn go to it by the shortest way and on from there, and after a jump the
shortest way to each hop is flooded on from.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from core.games.chase.board import BIT, SINGLE, STEP_MASKS, STEPS
from core.games.chase.sweep_steps import spread_from
from core.games.chase.walks import TAUNT_EVENT, Events, pass_events, taunt_gold

if TYPE_CHECKING:
    from core.games.chase.search import Path, _Search

#: How many greedy routes from each beginning at most; each costs the search about
#: ``ROUTE_BRANCHES`` of its branches.
ROUTES = 4
ROUTE_BRANCHES = 100
#: How much the later routes let chance sway the choice of the next tile (the first route
#: goes by the rule alone), in tiles within reach.
SWAY = 3.0
#: Every how many tiles a greedy route is also cut short and flooded on from.
CUT_EVERY = 3


def long_sweeps(search: _Search, landings: list[tuple[int, Events, int]]) -> None:
    """Record more results of sweeps: greedy long routes without a jump, and after each of
    ``landings`` (``(square, events, pawns jumped)``) the shortest way over each enemy pawn
    that can be hopped, flooded on from."""
    start = search.start
    routes = max(1, min(ROUTES, search.limit // ROUTE_BRANCHES))
    chance = random.Random(start)
    own_colour = search.own_colour
    for head, events in _hop_heads(search, (start,), BIT[start], (), 0):
        visited = own = 0
        for square in head:
            visited |= BIT[square]
            own += 1 if BIT[square] & own_colour else 0
        if len(head) > 1:
            search.counted_flood(head, visited, events, (len(head), own))
        for index in range(routes):
            route = _greedy(search, head, visited, chance, SWAY * index)
            _route_ends(search, route, len(head), events)
            _cut_floods(search, route, len(head), events)
    for square, events, jumped in landings:
        for head, hop_events in _hop_heads(search, (start, square), BIT[square], events, jumped):
            if len(hop_events) > len(events):
                visited = 0
                for tile in head[1:]:
                    visited |= BIT[tile]
                search.flood([head], visited, hop_events)


def _hop_heads(
    search: _Search, path: Path, visited: int, events: Events, jumped: int
) -> list[tuple[Path, Events]]:
    """``(path, events)`` as they stand, and continued by the shortest way of sweep steps to
    each hop within reach and over it."""
    heads = [(path, events)]
    for before, over, land in search.hops:
        if jumped & BIT[over] or visited & BIT[land]:
            continue
        way = _shortest(search, path, visited, before)
        if way is None or land in way[len(path) - 1 :]:
            continue
        heads.append(((*way, land), events + pass_events(search.board, over)))
    return heads


def _shortest(search: _Search, path: Path, visited: int, goal: int) -> Path | None:
    """``path`` continued by the shortest way of sweep steps to ``goal`` over free tiles not
    ``visited`` (None if there is none)."""
    exits = search.exits
    if path[-1] == goal:
        return path
    unseen = search.free & ~visited
    frontier: list[Path] = [path]
    while frontier:
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
                    if step == goal:
                        return route + SINGLE[step]
                    frontier.append(route + SINGLE[step])
    return None


def _greedy(search: _Search, head: Path, visited: int, chance: random.Random, sway: float) -> Path:
    """``head`` continued one step at a time to the free tile from which sweep steps reach
    the most tiles still free (give or take ``sway``), then the one with the fewest free
    tiles next to it: the route cuts off as little as it can."""
    exits, free = search.exits, search.free
    route = head
    here = route[-1]
    while True:
        left = free & ~visited
        best = -1
        best_score = (-1.0, 0)
        for step in STEPS[here][exits[here]]:
            bit = BIT[step]
            if bit & left:
                ahead = spread_from(step, left & ~bit, exits).bit_count()
                onward = (STEP_MASKS[step][exits[step]] & left & ~bit).bit_count()
                score = (ahead + chance.random() * sway if sway else float(ahead), -onward)
                if score > best_score:
                    best, best_score = step, score
        if best < 0:
            return route
        route += SINGLE[best]
        visited |= BIT[best]
        here = best


def _route_ends(search: _Search, route: Path, head: int, events: Events) -> None:
    """Record the ends that ``route`` leads to with one change: cut short after any of its
    tiles past the first ``head`` and one step on to a free tile off it, or one of its tiles
    left out (where the tile before it steps to the tile after it) and stepped to last."""
    exits, free, own_colour, found = search.exits, search.free, search.own_colour, search.found
    # Tiles of the route that can be left out, with their places.
    places: dict[int, int] = {}
    skippable = 0
    for index in range(max(head, 1), len(route) - 1):
        before = route[index - 1]
        if BIT[route[index + 1]] & STEP_MASKS[before][exits[before]]:
            skippable |= BIT[route[index]]
            places[route[index]] = index
    prefix = own = 0
    for length, here in enumerate(route, 1):
        prefix |= BIT[here]
        own += 1 if BIT[here] & own_colour else 0
        if length < head:
            continue
        around = STEP_MASKS[here][exits[here]]
        off = around & free & ~prefix
        while off:
            end = off.bit_length() - 1
            off ^= BIT[end]
            tiles, end_own = length + 1, own + (1 if BIT[end] & own_colour else 0)
            earned = taunt_gold(tiles, end_own)
            key = (end, (*events, TAUNT_EVENT + earned) if earned else events)
            known = found.get(key)
            if known is None or len(known) > tiles:
                found[key] = route[:length] + SINGLE[end]
        back = around & skippable & prefix
        while back:
            end = back.bit_length() - 1
            back ^= BIT[end]
            place = places[end]
            earned = taunt_gold(length, own)
            key = (end, (*events, TAUNT_EVENT + earned) if earned else events)
            known = found.get(key)
            if known is None or len(known) > length:
                found[key] = route[:place] + route[place + 1 : length] + SINGLE[end]


def _cut_floods(search: _Search, route: Path, head: int, events: Events) -> None:
    """Flood on from ``route`` cut short after every ``CUT_EVERY``-th of its tiles past the
    first ``head``, counting the tiles for a taunt."""
    own_colour = search.own_colour
    visited = own = 0
    for length, square in enumerate(route, 1):
        visited |= BIT[square]
        own += 1 if BIT[square] & own_colour else 0
        if length > head and length % CUT_EVERY == 0:
            search.counted_flood(route[:length], visited, events, (length, own))
