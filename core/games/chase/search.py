"""Finding every distinct pawn move: one path per result ``(end, events)``.

Many paths share a result, so the search keeps the shortest path it finds for each. When no
enemy pawn can be hopped and no taunt is possible, a result is just a reachable tile and the
events of the jump (if any) that led there, so a breadth-first flood from the start and from
every jump landing finds them all. Otherwise a depth-first search walks the simple paths,
cutting off a branch once nothing new can come of it: when no taunt can be reached any
more, the rest is a flood again; when every result still within reach is already known, the
branch stops.
"""

from __future__ import annotations

from itertools import pairwise

from core.games.chase.board import EXIT_BITS, NEIGHBOUR, RAYS, STEP_LINES, STEP_MASKS, STEPS
from core.games.chase.step_parts import LONGEST_KEPT, Parts, strong_parts
from core.games.chase.sweep_steps import NEIGHBOUR_SET, hop_lines, spread_from, step_spread
from core.games.chase.walks import (
    GOLD_EVENT,
    PAWN_EVENT,
    TAUNT_EVENT,
    TAUNT_TILES,
    Events,
    WalkBoard,
    pass_events,
    passable,
    taunt_gold,
)

Path = tuple[int, ...]
#: How many branches the depth-first search may open per pawn before it settles for the
#: shortest way on from each (see ``_Search.sweep``).
SEARCH_LIMIT = 20000
#: How many of the longest sweeps found give detours once the search stops at its limit.
DETOUR_SWEEPS = 24
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
        "occupied",
        "own_colour",
        "parts",
        "start",
        "steps",
        "swept",
    )

    def __init__(
        self, board: WalkBoard, start: int, lines: list[tuple[int, int, int]] | None = None
    ) -> None:
        self.board = board
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
        landings = self.landings()
        start = self.start
        if not self.hops and not self.taunt_possible():
            found = self.found
            groups: dict[Events, list[Path]] = {(): [(start,)]}
            for square, events, _ in landings:
                # As ``record``: the first result for each, landings being on distinct squares.
                path = (start, square)
                found[square, events] = path
                groups.setdefault(events, []).append(path)
            for events, sources in groups.items():
                self.flood(sources, 0, events)
            return found
        # What only the depth-first search needs (see ``sweep``): the branches opened, those
        # gone into by a sweep that can no longer earn a taunt (``(square, jumped, events)``:
        # the tiles visited), and those of pure sweeps (``(square, visited, jumped, events)``).
        self.steps = 0
        self.explored: dict[tuple[int, int, Events], list[int]] = {}
        self.swept: set[tuple[int, int, int, Events]] = set()
        own = 1 if 1 << start & self.own_colour else 0
        self.counted_flood((start,), 1 << start, (), (1, own))
        self.sweep(start, 1 << start, (start,), (), 1, own, 0, pure=True)
        if self.steps > SEARCH_LIMIT:
            self.detours()
        for square, events, jumped in landings:
            path = (start, square)
            self.record(square, events, path)
            self.sweep(square, 1 << square, path, events, 2, 0, jumped, pure=False)
        return self.found

    def detours(self) -> None:
        """When the search stopped at its limit: more taunts from the longest sweeps found,
        each cut short at every tile and continued from there the shortest way to the rest."""
        own_colour = self.own_colour
        sweeps = [
            path
            for path in self.found.values()
            if path[0] == self.start and all(NEIGHBOUR_SET[a] >> b & 1 for a, b in pairwise(path))
        ]
        sweeps.sort(key=len, reverse=True)
        for path in sweeps[:DETOUR_SWEEPS]:
            visited = own = 0
            for length, square in enumerate(path, 1):
                own += 1 if 1 << square & own_colour else 0
                self.flood([path[:length]], visited, (), (length, own))
                visited |= 1 << square

    def landings(self) -> list[tuple[int, Events, int]]:
        """``(square, events, pawns jumped)`` for every jump out of the start tile (a jump of
        two squares over an enemy pawn is the first hop of a sweep instead)."""
        board, start = self.board, self.start
        exits, free, occupied = self.exits, self.free, self.occupied
        enemy, enemy_gold = self.enemy, board.enemy_gold
        rays = RAYS[start]
        result = []
        for direction in EXIT_BITS[exits[start]]:
            # ``passable`` and ``pass_events``, written out, square by square along the ray;
            # the first square, where no jump lands, on its own, since most rays stop there.
            ray = rays[direction]
            if not ray:
                continue
            square = ray[0]
            square_exits = exits[square]
            if square_exits and not square_exits >> direction & 1:
                continue
            bit = 1 << square
            if bit & occupied and not bit & enemy:
                continue
            events: Events = (GOLD_EVENT + square,) if bit & enemy_gold else ()
            jumped = 0
            if bit & enemy:
                events += (PAWN_EVENT + square,)
                jumped = bit
            # Two squares over an enemy pawn is a hop, not a jump.
            lands = not jumped
            for square in ray[1:]:
                bit = 1 << square
                if bit & free and lands:
                    result.append((square, events, jumped))
                lands = True
                if bit & occupied and not bit & enemy:
                    break
                square_exits = exits[square]
                if square_exits and not square_exits >> direction & 1:
                    break
                if bit & enemy_gold:
                    events += (GOLD_EVENT + square,)
                if bit & enemy:
                    events += (PAWN_EVENT + square,)
                    jumped |= bit
        return result

    def hop_chances(self, lines: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        """``(from, over, to)`` for every hop a sweep might make, whatever it visited first:
        those of ``hop_lines`` from a tile the pawn can stand on to a free one."""
        if not lines:
            return []
        free = self.free
        stands = free | 1 << self.start
        return [line for line in lines if 1 << line[2] & free and 1 << line[0] & stands]

    def taunt_possible(self) -> bool:
        """Whether a pure sweep from the start could cover enough tiles for a taunt."""
        start = self.start
        stands = self.free | 1 << start
        own_colour = self.own_colour
        if stands.bit_count() < TAUNT_TILES or (stands & own_colour).bit_count() < TAUNT_TILES:
            return False  # too few tiles on the whole board, reachable or not
        reach = spread_from(start, self.free & ~(1 << start), self.exits)
        own = (reach | 1 << start) & own_colour
        if reach.bit_count() + 1 < TAUNT_TILES or own.bit_count() < TAUNT_TILES:
            return False
        if self.parts is None and not self.hops:
            # With no hop to make, ``sweep_range`` is just this: no need to spread again.
            self.parts = strong_parts(self.exits, reach | 1 << start)
        more_tiles, more_own = self.longest(start, reach)
        return taunt_gold(1 + more_tiles, (1 << start & own_colour).bit_count() + more_own) > 0

    # -- breadth first ------------------------------------------------------------------------

    def flood(
        self,
        sources: list[Path],
        visited: int,
        events: Events,
        counts: tuple[int, int] | None = None,
    ) -> None:
        """Record every tile sweep steps reach from the ends of ``sources`` (paths), with the
        same events, by the shortest way. ``counts`` (tiles, tiles of the mover's colour) of
        the one source path, for a pure sweep that may earn a taunt on the way."""
        exits, free, start = self.exits, self.free, self.start
        found = self.found
        seen = visited
        for path in sources:
            seen |= 1 << path[-1]
        if counts is not None:
            self.counted_flood(sources[0], seen, events, counts)
            return
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
                    if open_steps >> step & 1:
                        longer = (*path, step)
                        if step != start:
                            # As ``record``: the first of the shortest paths to each result.
                            key = (step, events)
                            known = found.get(key)
                            if known is None or len(longer) < len(known):
                                found[key] = longer
                        frontier.append(longer)

    def counted_flood(self, path: Path, seen: int, events: Events, counts: tuple[int, int]) -> None:
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
                    if open_steps >> step & 1:
                        longer = (*path, step)
                        more_own = own + 1 if own_colour >> step & 1 else own
                        if step != start:
                            ending = events
                            if tiles >= TAUNT_TILES and more_own >= TAUNT_TILES:
                                ending = (*events, TAUNT_EVENT + more_own // TAUNT_TILES)
                            key = (step, ending)
                            known = found.get(key)
                            if known is None or len(longer) < len(known):
                                found[key] = longer
                        frontier.append((longer, more_own))

    # -- depth first --------------------------------------------------------------------------

    def flood_on(self, path: Path, visited: int, events: Events) -> None:
        """``flood`` on from the end of ``path`` once neither a hop nor a taunt can come. At
        the start of a pure sweep it would find just what ``run``'s first flood found (with no
        taunt to come that one found no taunt either), so it is left out there."""
        if len(path) > 1:
            self.flood([path], visited, events)

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
            bit = 1 << step
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
            if land >= 0 and 1 << land & left:
                squares.append(land)
                reached |= 1 << land
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
        if around & self.enemy:
            moves, open_steps, hopped = self.successors(here, left, jumped)
        else:
            # Steps only, the usual case: no enemy pawn next to ``here`` to hop.
            moves, open_steps, hopped = STEPS[here][here_exits], around & left, {}
        if not open_steps:
            return
        self.steps += 1
        if self.steps > SEARCH_LIMIT:
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
            if not jumped >> over & 1 and not visited >> land & 1:
                hop_from |= 1 << before
        if prune:
            # No taunt can come: only a hop can, if one of ``hop_from`` is within reach.
            # The sweep steps spread from ``here`` until they meet one.
            if not hop_from or not (
                hop_from >> here & 1 or spread_from(here, left, exits, hop_from) & hop_from
            ):
                self.flood_on(path, visited, events)
                return
        else:
            # A pure sweep that may still earn a taunt: where it can still go bounds that.
            ahead = spread_from(here, left, exits)
            if not hop_from or not (ahead | 1 << here) & hop_from:
                best = taunt_gold(tiles + ahead.bit_count(), own + (ahead & own_colour).bit_count())
                if best:
                    more_tiles, more_own = self.longest(here, ahead)
                    best = taunt_gold(tiles + more_tiles, own + more_own)
                if best == 0:
                    self.flood_on(path, visited, events)
                    return
                if self.complete(ahead, events, tiles, own, best):
                    return
        found = self.found
        start = self.start
        step_tiles = tiles + 1
        for square in moves:
            bit = 1 << square
            if not open_steps & bit:
                continue
            step_events = events
            step_jumped = jumped
            if hopped and square in hopped:
                over = hopped[square]
                step_events = events + pass_events(self.board, over)
                step_jumped = jumped | 1 << over
            step_own = own + 1 if own_colour & bit else own
            step_path = (*path, square)
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

    def longest(self, here: int, ahead: int) -> tuple[int, int]:
        """Upper bounds on the tiles, and tiles of the mover's colour, that a sweep going on
        from ``here`` can still add (``ahead``: the tiles it can still reach): along a chain
        of strongly connected parts of the board's step graph, all their tiles ahead."""
        if self.parts is None:
            self.parts = strong_parts(self.exits, self.sweep_range())
        part_of, masks, successors, known = self.parts
        own_colour = self.own_colour
        # The answer depends only on the graph and these, and often comes up again: from
        # another order of the same tiles, or on a later turn over the same web of tiles.
        key = (here, ahead, own_colour)
        answer = known.get(key)
        if answer is not None:
            return answer
        within = ahead | 1 << here
        part = part_of[here]
        # A part comes after every part it leads to: those after ``here``'s are out of reach.
        most_tiles = [0] * (part + 1)
        most_own = [0] * (part + 1)
        for index in range(part + 1):
            mask = masks[index]
            if not mask & within:
                continue
            left = mask & ahead
            tiles = left.bit_count()
            own = (left & own_colour).bit_count()
            # The most of each (maybe along different chains: these are bounds).
            more_tiles = more_own = 0
            for before in successors[index]:
                if most_tiles[before] > more_tiles:
                    more_tiles = most_tiles[before]
                if most_own[before] > more_own:
                    more_own = most_own[before]
            tiles += more_tiles
            own += more_own
            most_tiles[index] = tiles
            most_own[index] = own
        if len(known) >= LONGEST_KEPT:
            known.clear()
        answer = known[key] = most_tiles[part], most_own[part]
        return answer

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
        endings = []
        for earned in range(taunt_gold(tiles, own), best + 1):
            endings.append((*events, TAUNT_EVENT + earned) if earned else events)
        found = self.found
        # Tile by tile (ascending), since the first one often settles it.
        while ahead:
            low = ahead & -ahead
            end = low.bit_length() - 1
            for ending in endings:
                if (end, ending) not in found:
                    return False
            ahead ^= low
        return True


def walk_results(
    board: WalkBoard, start: int, lines: list[tuple[int, int, int]] | None = None
) -> Results:
    """One path per distinct result of moving the pawn on ``start``, keyed by result.
    ``lines``: the board's ``hop_lines``, when the caller has them for all its pawns."""
    if not board.exits[start]:
        return {}
    return _Search(board, start, lines).run()
