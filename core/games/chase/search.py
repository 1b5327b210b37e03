"""Finding every distinct pawn move: one path per result ``(end, events)``.

Many paths share a result, so the search keeps the shortest path it finds for each. When no
enemy pawn can be hopped and no taunt is possible, a result is just a reachable tile and the
events of the jump (if any) that led there, so a breadth-first flood from the start and from
every jump landing finds them all. Otherwise a depth-first search walks the simple paths,
cutting off a branch once nothing new can come of it: when no taunt can be reached any
more, the rest is a flood again; when every result still within reach is already known, the
branch stops.

On a very large web of tiles the depth-first search could take seconds, so it stops after
``SEARCH_LIMIT`` branches and floods on from where it stands; ``short_hops`` then finds
every result of a short route that hops an enemy pawn, so that only results that no route
of fewer than ``TAUNT_TILES`` squares gives may be missing, and ``long_sweeps`` finds what
it can of those quickly.
"""

from __future__ import annotations

from core.games.chase.board import BIT, NEIGHBOUR, SINGLE, STEP_LINES, STEP_MASKS, STEPS
from core.games.chase.jumps import jump_landings
from core.games.chase.long_sweeps import long_sweeps
from core.games.chase.short_hops import short_hops
from core.games.chase.step_parts import Parts, longest_chain, strong_parts
from core.games.chase.sweep_steps import hop_lines, spread_from, step_spread
from core.games.chase.walks import (
    TAUNT_EVENT,
    TAUNT_TILES,
    Events,
    WalkBoard,
    pass_events,
    passable,
    taunt_gold,
)

Path = tuple[int, ...]
#: How many branches the depth-first search may open for all the pawns of one move list
#: together before it settles for the shortest way on from each (see ``_Search.sweep``) and
#: for the quicker searches of ``short_hops`` and ``long_sweeps``: enough for all but the
#: largest webs of tiles, where finding every taunt could take seconds, and few enough that a
#: move list takes about a hundredth of a second at most.
SEARCH_LIMIT = 1000
Results = dict[tuple[int, Events], Path]


class _Search:
    """The path search from the pawn on ``start``."""

    __slots__ = (
        "board",
        "enemy",
        "exits",
        "explored",
        "found",
        "free",
        "hops",
        "limit",
        "occupied",
        "own_colour",
        "parts",
        "reach",
        "start",
        "steps",
        "swept",
    )

    def __init__(
        self,
        board: WalkBoard,
        start: int,
        lines: list[tuple[int, int, int]] | None = None,
        limit: int = SEARCH_LIMIT,
    ) -> None:
        self.board = board
        #: How many branches the depth-first search may open.
        self.limit = limit
        self.steps = 0
        # The board's fields the search reads most, kept as attributes (quicker to read).
        self.exits = board.exits
        self.enemy = board.enemy
        self.own_colour = board.own_colour
        self.start = start
        self.occupied = board.occupied & ~(1 << start)
        #: Tiles a sweep may step onto: controlled and without a pawn.
        self.free = board.controlled & ~self.occupied
        self.found: Results = {}
        self.hops = self.hop_chances(hop_lines(board) if lines is None else lines)
        self.parts: Parts | None = None

    def record(self, end: int, events: Events, path: Path) -> None:
        key = (end, events)
        known = self.found.get(key)
        if known is None or len(path) < len(known):
            self.found[key] = path

    # -- the whole search ---------------------------------------------------------------------

    def run(self) -> Results:
        landings = jump_landings(self.board, self.start, self.free, self.occupied)
        start = self.start
        if not self.hops:
            found = self.found
            groups: dict[Events, list[Path]] = {(): [(start,)]}
            for square, events, _ in landings:
                # As ``record``: the first result for each, landings being on distinct squares.
                path = (start, square)
                found[square, events] = path
                groups.setdefault(events, []).append(path)
            reach = None
            if len(groups[()]) == 1:
                # The flood from the start alone goes just where a pure sweep could: flooded
                # first, it tells whether a taunt is possible (seldom, and then its results
                # are dropped for the depth-first search's).
                reach = (self.free & ~BIT[start]) ^ self.flood(groups.pop(()), 0, ())
            if not self.taunt_possible(reach):
                for events, sources in groups.items():
                    self.flood(sources, 0, events)
                return found
            self.found = {}
        # What only the depth-first search needs (see ``sweep``): the branches opened, those
        # gone into by a sweep that can no longer earn a taunt (``(square, jumped, events)``:
        # the tiles visited), those of pure sweeps (``(square, visited, jumped, events)``),
        # and the tiles sweep steps reach from the start.
        self.explored: dict[tuple[int, int, Events], list[int]] = {}
        self.swept: set[tuple[int, int, int, Events]] = set()
        own = 1 if 1 << start & self.own_colour else 0
        unreached = self.counted_flood((start,), 1 << start, (), (1, own))
        self.reach = (self.free & ~BIT[start]) ^ unreached
        self.sweep(start, 1 << start, (start,), (), 1, own, 0, pure=True)
        for square, events, jumped in landings:
            path = (start, square)
            self.record(square, events, path)
            self.sweep(square, 1 << square, path, events, 2, 0, jumped, pure=False)
        if self.steps > self.limit:
            short_hops(self, landings)
            long_sweeps(self, landings)
        return self.found

    def hop_chances(self, lines: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        """``(from, over, to)`` for every hop a sweep might make, whatever it visited first:
        those of ``hop_lines`` from a tile the pawn can stand on to a free one."""
        if not lines:
            return []
        free = self.free
        stands = free | BIT[self.start]
        return [line for line in lines if BIT[line[2]] & free and BIT[line[0]] & stands]

    def taunt_possible(self, reach: int | None = None) -> bool:
        """Whether a pure sweep from the start could cover enough tiles for a taunt.
        ``reach``: the tiles sweep steps reach from the start, if known."""
        start = self.start
        bit = BIT[start]
        own_colour = self.own_colour
        if reach is None:
            stands = self.free | bit
            if stands.bit_count() < TAUNT_TILES or (stands & own_colour).bit_count() < TAUNT_TILES:
                return False  # too few tiles on the whole board, reachable or not
            reach = spread_from(start, self.free & ~bit, self.exits)
        own = (reach | bit) & own_colour
        if reach.bit_count() + 1 < TAUNT_TILES or own.bit_count() < TAUNT_TILES:
            return False
        if self.parts is None and not self.hops:
            # With no hop to make, ``sweep_range`` is just this: no need to spread again.
            self.parts = strong_parts(self.exits, reach | bit)
        parts = self.parts or self.new_parts()
        more_tiles, more_own = longest_chain(parts, start, reach, own_colour)
        return taunt_gold(1 + more_tiles, (bit & own_colour).bit_count() + more_own) > 0

    # -- breadth first ------------------------------------------------------------------------

    def flood(
        self,
        sources: list[Path],
        visited: int,
        events: Events,
        counts: tuple[int, int] | None = None,
    ) -> int:
        """Record every tile sweep steps reach from the ends of ``sources`` (paths), with the
        same events, by the shortest way. ``counts`` (tiles, tiles of the mover's colour) of
        the one source path, for a pure sweep that may earn a taunt on the way. Returns the
        free tiles not reached (nor visited, nor a source's end)."""
        exits, free, start = self.exits, self.free, self.start
        found = self.found
        seen = visited
        for path in sources:
            seen |= BIT[path[-1]]
        if counts is not None:
            return self.counted_flood(sources[0], seen, events, counts)
        unseen = free & ~seen
        frontier = sources
        while frontier:
            step_from = frontier
            frontier = []
            for path in step_from:
                end = path[-1]
                end_exits = exits[end]
                open_steps = STEP_MASKS[end][end_exits] & unseen
                if not open_steps:
                    continue
                unseen ^= open_steps
                for step in STEPS[end][end_exits]:
                    if BIT[step] & open_steps:
                        longer = path + SINGLE[step]
                        if step != start:
                            # As ``record``: the first of the shortest paths to each result.
                            key = (step, events)
                            known = found.get(key)
                            if known is None or len(longer) < len(known):
                                found[key] = longer
                        frontier.append(longer)
        return unseen

    def counted_flood(self, path: Path, seen: int, events: Events, counts: tuple[int, int]) -> int:
        """``flood`` from the one path of a pure sweep (``seen``: the tiles it may not enter),
        counting its tiles for a taunt on the way. Its loop mirrors ``flood``'s rather than
        sharing it, so that the common search pays nothing for the counting."""
        exits, free, start = self.exits, self.free, self.start
        own_colour = self.own_colour
        found = self.found
        tiles, own = counts
        unseen = free & ~seen
        frontier = [(path, own)]
        while frontier:
            step_from = frontier
            frontier = []
            tiles += 1
            for path, own in step_from:
                end = path[-1]
                end_exits = exits[end]
                open_steps = STEP_MASKS[end][end_exits] & unseen
                if not open_steps:
                    continue
                unseen ^= open_steps
                for step in STEPS[end][end_exits]:
                    if BIT[step] & open_steps:
                        longer = path + SINGLE[step]
                        more_own = own + 1 if own_colour & BIT[step] else own
                        if step != start:
                            ending = events
                            if tiles >= TAUNT_TILES and more_own >= TAUNT_TILES:
                                ending = (*events, TAUNT_EVENT + more_own // TAUNT_TILES)
                            key = (step, ending)
                            known = found.get(key)
                            if known is None or len(longer) < len(known):
                                found[key] = longer
                        frontier.append((longer, more_own))
        return unseen

    # -- depth first --------------------------------------------------------------------------

    def flood_on(self, path: Path, visited: int, events: Events) -> None:
        """``flood`` on from the end of ``path`` once neither a hop nor a taunt can come. At
        the start of a pure sweep it would find just what ``run``'s first flood found (with no
        taunt to come that one found no taunt either), so it is left out there."""
        if len(path) > 1:
            self.flood([path], visited, events)

    def known_within(self, ahead: int, events: Events, length: int) -> bool:
        """Whether every tile ``ahead`` but the start has a result with ``events`` already, by
        a path of at most ``length`` squares. A flood on to them from a path one square
        shorter would then record nothing: its paths are longer, and a result is replaced
        only by a shorter path."""
        found, start = self.found, self.start
        while ahead:
            square = ahead.bit_length() - 1
            ahead ^= BIT[square]
            if square != start:
                known = found.get((square, events))
                if known is None or len(known) > length:
                    return False
        return True

    def successors(
        self, here: int, left: int, jumped: int
    ) -> tuple[list[int], int, dict[int, int]]:
        """The squares a step or hop out of ``here`` leads to (``left``: the free tiles not
        visited yet), in clockwise order, as a list and as a mask, and the pawn each hop
        passes over, by the square it lands on. ``sweep`` works out the usual case, with no
        enemy pawn next to ``here``, itself."""
        exits = self.exits
        squares = []
        reached = 0
        hopped: dict[int, int] = {}
        for direction, step in STEP_LINES[here][exits[here]]:
            bit = BIT[step]
            if not bit & self.occupied:
                if bit & left:
                    squares.append(step)
                    reached |= bit
                continue
            if not bit & self.enemy or bit & jumped:
                continue
            if not passable(exits[step], direction):
                continue
            land = NEIGHBOUR[step][direction]
            if land >= 0 and BIT[land] & left:
                squares.append(land)
                reached |= BIT[land]
                hopped[land] = step
        return squares, reached, hopped

    def sweep(
        self,
        here: int,
        visited: int,
        path: Path,
        events: Events,
        tiles: int,
        own: int,
        jumped: int,
        pure: bool,
    ) -> None:
        """Record every result of sweeping on from ``here`` (``path`` led there).

        This is the innermost loop of the move generator, so the usual case of
        ``successors`` and the work of ``record`` are written out here."""
        if pure:
            # What a pure sweep can still do depends only on where it stands, the tiles it
            # visited (which give its length and its taunt so far), the pawns it hopped and
            # its debts: the same tiles visited in another order lead to nothing new, and to
            # no shorter path.
            branch = (here, visited, jumped, events)
            swept = self.swept
            if branch in swept:
                return
            swept.add(branch)
        exits = self.exits
        # The free tiles not visited yet (``here`` is one of those visited). Masks are big
        # ints, each operation on them a new object: the search works them out once a branch.
        left = self.free & ~visited
        here_exits = exits[here]
        around = STEP_MASKS[here][here_exits]
        # ``moves``: squares to go to, those of the mask ``open_steps`` among them; ``hopped``:
        # the pawn passed over on the way to each square reached by a hop.
        moves: list[int] | tuple[int, ...]
        if around & self.enemy:
            moves, open_steps, hopped = self.successors(here, left, jumped)
        else:
            # Steps only, the usual case: no enemy pawn next to ``here`` to hop.
            moves, open_steps, hopped = STEPS[here][here_exits], around & left, {}
        if not open_steps:
            return
        self.steps += 1
        if self.steps > self.limit:
            self.flood([path], visited, events, (tiles, own) if pure else None)
            return
        own_colour = self.own_colour
        if not pure:
            prune = True
        else:
            # Prune only once no taunt can come, even counting every tile not visited.
            prune = tiles + left.bit_count() < TAUNT_TILES or (
                own + (left & own_colour).bit_count() < TAUNT_TILES
            )
        if prune:
            # Nothing new can come of this branch if the search already went on from
            # ``here`` with the same pawns jumped and the same debts, having visited only
            # some of the tiles visited now (so it could go everywhere this branch can).
            # Only for sweeps that can no longer earn a taunt, whose results do not depend
            # on their length.
            earlier = self.explored.setdefault((here, jumped, events), [])
            for before in earlier:
                if before & visited == before:
                    return
            earlier.append(visited)
        # A hop may still come from ``here`` or a tile it can still reach (``ahead``), over
        # a pawn not jumped yet, onto a tile not visited yet: from one of ``hop_from``.
        hop_from = 0
        for before, over, land in self.hops:
            if not jumped & BIT[over] and not visited & BIT[land]:
                hop_from |= BIT[before]
        if prune:
            # No taunt can come: only a hop can, if one of ``hop_from`` is within reach.
            # The sweep steps spread from ``here`` until they meet one.
            if not hop_from or not (
                hop_from & BIT[here] or spread_from(here, left, exits, hop_from) & hop_from
            ):
                self.flood_on(path, visited, events)
                return
        else:
            # A pure sweep that may still earn a taunt: where it can still go bounds that
            # (from the start: where the first flood went).
            ahead = spread_from(here, left, exits) if len(path) > 1 else self.reach
            if not hop_from or not (ahead | BIT[here]) & hop_from:
                best = taunt_gold(tiles + ahead.bit_count(), own + (ahead & own_colour).bit_count())
                if best:
                    parts = self.parts or self.new_parts()
                    more_tiles, more_own = longest_chain(parts, here, ahead, own_colour)
                    best = taunt_gold(tiles + more_tiles, own + more_own)
                if best == 0:
                    if not self.known_within(ahead, events, len(path) + 1):
                        self.flood_on(path, visited, events)
                    return
                if self.complete(ahead, events, tiles, own, best):
                    return
        found = self.found
        start = self.start
        step_tiles = tiles + 1
        for square in moves:
            bit = BIT[square]
            if not open_steps & bit:
                continue
            step_events = events
            step_jumped = jumped
            if hopped and square in hopped:
                over = hopped[square]
                step_events = events + pass_events(self.board, over)
                step_jumped = jumped | BIT[over]
            step_own = own + 1 if own_colour & bit else own
            step_path = path + SINGLE[square]
            if square != start:
                ending = step_events
                if pure and step_tiles >= TAUNT_TILES and step_own >= TAUNT_TILES:
                    ending = (*step_events, TAUNT_EVENT + step_own // TAUNT_TILES)
                # As ``record``.
                key = (square, ending)
                known = found.get(key)
                if known is None or len(step_path) < len(known):
                    found[key] = step_path
            self.sweep(
                square,
                visited | bit,
                step_path,
                step_events,
                step_tiles,
                step_own,
                step_jumped,
                pure,
            )

    def new_parts(self) -> Parts:
        """The strongly connected parts of the step graph over ``sweep_range``, for the bound
        of ``longest_chain``: made when first needed."""
        self.parts = strong_parts(self.exits, self.sweep_range())
        return self.parts

    def sweep_range(self) -> int:
        """Every tile a pure sweep could stand on, whatever it visited: the start and all
        that sweep steps and hops lead to from there. Later steps stay within it, so the
        strongly connected parts of its step graph are those of the whole board's."""
        exits, free, hops = self.exits, self.free, self.hops
        tiles = new = 1 << self.start
        while new:
            new = step_spread(new, exits) & free & ~tiles
            tiles |= new
            if not new:
                for before, _, land in hops:
                    if 1 << before & tiles and not 1 << land & tiles:
                        new |= 1 << land
                tiles |= new
        return tiles

    def complete(self, ahead: int, events: Events, tiles: int, own: int, best: int) -> bool:
        """Whether every result a pure sweep could still reach (ending on a tile ``ahead``)
        is already known."""
        found = self.found
        # The most gold first, and tile by tile (ascending): the result missing, if any, is
        # most often the first tile's with the most gold.
        for earned in range(best, taunt_gold(tiles, own) - 1, -1):
            ending = (*events, TAUNT_EVENT + earned) if earned else events
            rest = ahead
            while rest:
                low = rest & -rest
                if (low.bit_length() - 1, ending) not in found:
                    return False
                rest ^= low
        return True


def walk_results(
    board: WalkBoard,
    start: int,
    lines: list[tuple[int, int, int]] | None = None,
    limit: int = SEARCH_LIMIT,
) -> tuple[Results, int]:
    """One path per distinct result of moving the pawn on ``start``, keyed by result, and
    how many of its ``limit`` branches the depth-first search opened (all of them: the
    search reached its limit and may have left out results of long routes, see
    ``short_hops``).
    ``lines``: the board's ``hop_lines``, when the caller has them for all its pawns."""
    if not board.exits[start]:
        return {}, 0
    search = _Search(board, start, lines, limit)
    return search.run(), min(search.steps, limit)
