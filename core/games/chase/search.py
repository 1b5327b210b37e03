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

from collections.abc import Sequence
from itertools import pairwise

from core.games.chase.board import EXIT_BITS, NEIGHBOUR, RAYS, STEP_LINES, STEP_MASKS, STEPS
from core.games.chase.step_parts import Parts, strong_parts
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
#: How many branches the depth-first search may open per pawn before it settles for the
#: shortest way on from each (see ``_Search.sweep``).
SEARCH_LIMIT = 20000
#: How many of the longest sweeps found give detours once the search stops at its limit.
DETOUR_SWEEPS = 24
#: NEIGHBOUR_SET[square]: the adjacent squares as a mask.
NEIGHBOUR_SET = tuple(
    sum(1 << step for step in NEIGHBOUR[square] if step >= 0) for square in range(64)
)
Results = dict[tuple[int, Events], Path]
#: HOP_LINES[square]: ``(direction, from, to)`` for every line of three squares on the board
#: with ``square`` in the middle, along which a pawn on it could be hopped.
HOP_LINES = tuple(
    tuple(
        (direction, NEIGHBOUR[square][(direction + 4) % 8], NEIGHBOUR[square][direction])
        for direction in range(8)
        if NEIGHBOUR[square][direction] >= 0 and NEIGHBOUR[square][(direction + 4) % 8] >= 0
    )
    for square in range(64)
)


def step_spread(tiles: int, exits: Sequence[int]) -> int:
    """The squares one sweep step leads to from the tiles of the mask ``tiles``, each left
    through one of its exits."""
    spread = 0
    while tiles:
        low = tiles & -tiles
        square = low.bit_length() - 1
        spread |= STEP_MASKS[square][exits[square]]
        tiles ^= low
    return spread


class _Search:
    """The path search from the pawn on ``start``."""

    def __init__(
        self, board: WalkBoard, start: int, lines: list[tuple[int, int, int]] | None = None
    ) -> None:
        self.board = board
        self.start = start
        self.occupied = board.occupied & ~(1 << start)
        #: Tiles a sweep may step onto: controlled and without a pawn.
        self.free = board.controlled & ~self.occupied
        self.found: Results = {}
        self.steps = 0
        self.explored: dict[tuple[int, int, Events], list[int]] = {}
        #: The pure-sweep branches gone into: ``(square, visited, jumped, events)``.
        self.swept: set[tuple[int, int, int, Events]] = set()
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
            groups: dict[Events, list[Path]] = {(): [(start,)]}
            for square, events, _ in landings:
                self.record(square, events, (start, square))
                groups.setdefault(events, []).append((start, square))
            for events, sources in groups.items():
                self.flood(sources, 0, events)
            return self.found
        own = 1 if 1 << start & self.board.own_colour else 0
        self.flood([(start,)], 0, (), (1, own))
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
        own_colour = self.board.own_colour
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
        result = []
        for direction in EXIT_BITS[board.exits[start]]:
            events: Events = ()
            jumped = 0
            for distance, square in enumerate(RAYS[start][direction], 1):
                bit = 1 << square
                if distance >= 2 and bit & self.free and not (distance == 2 and jumped):
                    result.append((square, events, jumped))
                if bit & self.occupied and not bit & board.enemy:
                    break
                if not passable(board.exits[square], direction):
                    break
                events += pass_events(board, square)
                jumped |= bit & board.enemy
        return result

    def hop_chances(self, lines: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        """``(from, over, to)`` for every hop a sweep might make, whatever it visited first:
        those of ``hop_lines`` from a tile the pawn can stand on to a free one."""
        free = self.free
        stands = free | 1 << self.start
        return [line for line in lines if 1 << line[2] & free and 1 << line[0] & stands]

    def taunt_possible(self) -> bool:
        """Whether a pure sweep from the start could cover enough tiles for a taunt."""
        start = self.start
        stands = self.free | 1 << start
        own_colour = self.board.own_colour
        if stands.bit_count() < TAUNT_TILES or (stands & own_colour).bit_count() < TAUNT_TILES:
            return False  # too few tiles on the whole board, reachable or not
        reach = self.reach(start, 1 << start)
        own = (reach | 1 << start) & own_colour
        if reach.bit_count() + 1 < TAUNT_TILES or own.bit_count() < TAUNT_TILES:
            return False
        more_tiles, more_own = self.longest(start, reach)
        return taunt_gold(1 + more_tiles, (1 << start & own_colour).bit_count() + more_own) > 0

    # -- breadth first ------------------------------------------------------------------------

    def reach(self, here: int, visited: int) -> int:
        """The tiles sweep steps can reach from ``here`` without entering ``visited``."""
        exits, free = self.board.exits, self.free
        new = 1 << here
        seen = visited | new
        while new:
            new = step_spread(new, exits) & free & ~seen
            seen |= new
        return seen & ~visited & ~(1 << here)

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
        exits, free, start = self.board.exits, self.free, self.start
        own_colour = self.board.own_colour
        found = self.found
        seen = visited
        for path in sources:
            seen |= 1 << path[-1]
        tiles, own = counts or (0, 0)
        frontier = [(path, own) for path in sources]
        while frontier:
            step_from = frontier
            frontier = []
            tiles += 1
            for path, own in step_from:
                end = path[-1]
                if not STEP_MASKS[end][exits[end]] & free & ~seen:
                    continue
                for step in STEPS[end][exits[end]]:
                    bit = 1 << step
                    if bit & free and not bit & seen:
                        seen |= bit
                        longer = (*path, step)
                        more_own = own + 1 if bit & own_colour else own
                        if step != start:
                            ending = events
                            if counts and tiles >= TAUNT_TILES and more_own >= TAUNT_TILES:
                                ending = (*events, TAUNT_EVENT + taunt_gold(tiles, more_own))
                            # As ``record``: the first of the shortest paths to each result.
                            known = found.get((step, ending))
                            if known is None or len(longer) < len(known):
                                found[step, ending] = longer
                        frontier.append((longer, more_own))

    # -- depth first --------------------------------------------------------------------------

    def successors(self, here: int, visited: int, jumped: int) -> list[tuple[int, int]]:
        """``(square, hopped)`` for every step (``hopped`` -1) or hop out of ``here``."""
        board = self.board
        exits = board.exits[here]
        around = STEP_MASKS[here][exits]
        if not around & board.enemy:
            # Steps only, the usual case: no enemy pawn next to ``here`` to hop.
            open_steps = around & self.free & ~visited
            if not open_steps:
                return []
            return [(step, -1) for step in STEPS[here][exits] if open_steps >> step & 1]
        result = []
        for direction, step in STEP_LINES[here][exits]:
            bit = 1 << step
            if not bit & self.occupied:
                if bit & self.free and not bit & visited:
                    result.append((step, -1))
                continue
            if not bit & board.enemy or bit & jumped:
                continue
            if not passable(board.exits[step], direction):
                continue
            land = NEIGHBOUR[step][direction]
            if land >= 0 and 1 << land & self.free and not 1 << land & visited:
                result.append((land, step))
        return result

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
        """Record every result of sweeping on from ``here`` (``path`` led there)."""
        if pure:
            # What a pure sweep can still do depends only on where it stands, the tiles it
            # visited (which give its length and its taunt so far), the pawns it hopped and
            # its debts: the same tiles visited in another order lead to nothing new, and to
            # no shorter path.
            branch = (here, visited, jumped, events)
            if branch in self.swept:
                return
            self.swept.add(branch)
        moves = self.successors(here, visited, jumped)
        if not moves:
            return
        self.steps += 1
        if self.steps > SEARCH_LIMIT:
            self.flood([path], visited, events, (tiles, own) if pure else None)
            return
        if (not pure or not self.taunt_left(visited, tiles, own)) and self.explored_before(
            here, visited, jumped, events
        ):
            return
        # Where the sweep can still go matters only for a hop or a taunt to come.
        ahead = self.reach(here, visited) if pure or self.hops else 0
        if not self.hop_ahead(here, ahead, visited, jumped):
            best = 0
            if pure:
                more_own = (ahead & self.board.own_colour).bit_count()
                best = taunt_gold(tiles + ahead.bit_count(), own + more_own)
            if best:
                more_tiles, more_own = self.longest(here, ahead)
                best = taunt_gold(tiles + more_tiles, own + more_own)
            if best == 0:
                self.flood([path], visited, events)
                return
            if self.complete(ahead, events, tiles, own, best):
                return
        for square, hopped in moves:
            step_events = events
            step_jumped = jumped
            if hopped >= 0:
                step_events = events + pass_events(self.board, hopped)
                step_jumped = jumped | 1 << hopped
            step_tiles = tiles + 1
            step_own = own + (1 if 1 << square & self.board.own_colour else 0)
            step_path = (*path, square)
            if square != self.start:
                earned = taunt_gold(step_tiles, step_own) if pure else 0
                ending = (*step_events, TAUNT_EVENT + earned) if earned else step_events
                self.record(square, ending, step_path)
            self.sweep(
                square,
                visited | 1 << square,
                step_path,
                step_events,
                step_tiles,
                step_own,
                step_jumped,
                pure,
            )

    def taunt_left(self, visited: int, tiles: int, own: int) -> bool:
        """Whether a pure sweep could still earn a taunt, counting every tile not visited."""
        left = self.free & ~visited
        return (
            taunt_gold(tiles + left.bit_count(), own + (left & self.board.own_colour).bit_count())
            > 0
        )

    def explored_before(self, here: int, visited: int, jumped: int, events: Events) -> bool:
        """Whether this branch can find nothing new: the search already went on from
        ``here`` with the same pawns jumped and the same debts, having visited only some of
        the tiles visited now (so it could go everywhere this branch can). Only for sweeps
        that can no longer earn a taunt, whose results do not depend on their length."""
        earlier = self.explored.setdefault((here, jumped, events), [])
        if any(before & visited == before for before in earlier):
            return True
        earlier.append(visited)
        return False

    def hop_ahead(self, here: int, ahead: int, visited: int, jumped: int) -> bool:
        """Whether a hop may still come: from ``here`` or a tile ``ahead``, over a pawn not
        jumped yet, onto a tile not visited yet."""
        if not self.hops:
            return False
        stands = ahead | 1 << here
        return any(
            1 << before & stands and not 1 << over & jumped and not 1 << land & visited
            for before, over, land in self.hops
        )

    def longest(self, here: int, ahead: int) -> tuple[int, int]:
        """Upper bounds on the tiles, and tiles of the mover's colour, that a sweep going on
        from ``here`` can still add (``ahead``: the tiles it can still reach): along a chain
        of strongly connected parts of the board's step graph, all their tiles ahead."""
        if self.parts is None:
            self.parts = strong_parts(self.board.exits, self.sweep_range())
        part_of, masks, successors = self.parts
        own_colour = self.board.own_colour
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
            after = successors[index]
            if after:
                tiles += max([most_tiles[before] for before in after])
                own += max([most_own[before] for before in after])
            most_tiles[index] = tiles
            most_own[index] = own
        return most_tiles[part], most_own[part]

    def sweep_range(self) -> int:
        """Every tile a pure sweep could stand on, whatever it visited: the start and all
        that sweep steps and hops lead to from there. Later steps stay within it, so the
        strongly connected parts of its step graph are those of the whole board's."""
        exits, free, hops = self.board.exits, self.free, self.hops
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
        endings = [
            (*events, TAUNT_EVENT + earned) if earned else events
            for earned in range(taunt_gold(tiles, own), best + 1)
        ]
        found = self.found
        return all((end, ending) in found for end in _squares(ahead) for ending in endings)


def _squares(mask: int) -> list[int]:
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares


def hop_lines(board: WalkBoard) -> list[tuple[int, int, int]]:
    """``(from, over, to)`` for every line of three squares along which the exits would let
    a pawn of the seat hop an enemy pawn (whether the squares are free is up to each pawn)."""
    exits = board.exits
    return [
        (before, pawn, land)
        for pawn in _squares(board.enemy)
        for direction, before, land in HOP_LINES[pawn]
        if exits[before] >> direction & 1 and passable(exits[pawn], direction)
    ]


def walk_results(
    board: WalkBoard, start: int, lines: list[tuple[int, int, int]] | None = None
) -> Results:
    """One path per distinct result of moving the pawn on ``start``, keyed by result.
    ``lines``: the board's ``hop_lines``, when the caller has them for all its pawns."""
    if not board.exits[start]:
        return {}
    return _Search(board, start, lines).run()
