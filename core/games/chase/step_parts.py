"""The strongly connected parts of the graph of sweep steps between tiles, which bound how
far a sweep can still go (``longest_chain``)."""

from __future__ import annotations

from core.games.chase.board import BIT, SQUARES, STEPS
from core.games.chase.survey import bits

#: ``longest_chain``'s answers by ``(here, ahead, own_colour)``.
LongestAnswers = dict[tuple[int, int, int], tuple[int, int]]
#: ``(part of each square (-1: not a node), tiles of each part, parts each leads to, answers)``.
Parts = tuple[list[int], list[int], list[list[int]], LongestAnswers]
#: How many answers of ``longest_chain`` the last element of a ``Parts`` keeps.
LONGEST_KEPT = 4096
_known_parts: dict[tuple[int, bytes], Parts] = {}


def strong_parts(exits: tuple[int, ...], nodes_mask: int) -> Parts:
    """The strongly connected parts of the graph of sweep steps between the tiles of
    ``nodes_mask`` (Tarjan's algorithm): ``(part of each tile, tiles of each part as a mask,
    the parts each part leads to, room for answers worked out from them)``. A part comes
    after every part it leads to.

    A player's web of tiles often stays the same from one turn to the next, so the last few
    answers are kept."""
    nodes = bits(nodes_mask)
    key = (nodes_mask, bytes([exits[square] for square in nodes]))
    known = _known_parts.get(key)
    if known is None:
        known = _tarjan(exits, nodes)
        if len(_known_parts) >= 64:
            _known_parts.pop(next(iter(_known_parts)))
        _known_parts[key] = known
    return known


def _tarjan(exits: tuple[int, ...], nodes: list[int]) -> Parts:
    # Plain loops rather than comprehensions (each one a function call), and a list of
    # flags rather than the mask (each operation on a big int makes a new one).
    in_graph = [False] * SQUARES
    for square in nodes:
        in_graph[square] = True
    edges: list[list[int]] = [[]] * SQUARES
    for square in nodes:
        square_edges = []
        for step in STEPS[square][exits[square]]:
            if in_graph[step]:
                square_edges.append(step)
        edges[square] = square_edges
    # By square: the order of visit (-1: not yet), the lowest order reachable, the part.
    index = [-1] * SQUARES
    low = [0] * SQUARES
    part_of = [-1] * SQUARES
    visits = 0
    masks: list[int] = []
    successors: list[list[int]] = []
    stack: list[int] = []
    for root in nodes:
        if index[root] >= 0:
            continue
        index[root] = low[root] = visits
        visits += 1
        stack.append(root)
        # Depth first: each node with what is left of its steps to go down.
        work = [(root, iter(edges[root]))]
        while work:
            node, steps = work[-1]
            for step in steps:
                if index[step] < 0:
                    index[step] = low[step] = visits
                    visits += 1
                    stack.append(step)
                    work.append((step, iter(edges[step])))
                    break
            else:
                work.pop()
                lowest = low[node]
                for step in edges[node]:
                    if part_of[step] < 0 and low[step] < lowest:
                        lowest = low[step]
                low[node] = lowest
                if lowest == index[node]:
                    part = len(masks)
                    mask = 0
                    members = []
                    while True:
                        member = stack.pop()
                        part_of[member] = part
                        mask |= BIT[member]
                        members.append(member)
                        if member == node:
                            break
                    masks.append(mask)
                    # Every part this one leads to is complete already. (A list: there are
                    # few, and most parts are a single tile.)
                    after = []
                    for member in members:
                        for step in edges[member]:
                            target = part_of[step]
                            if target != part and target not in after:
                                after.append(target)
                    after.sort()
                    successors.append(after)
    return part_of, masks, successors, {}


def longest_chain(parts: Parts, here: int, ahead: int, own_colour: int) -> tuple[int, int]:
    """Upper bounds on the tiles, and tiles of ``own_colour``, that a sweep going on from
    ``here`` can still add (``ahead``: the tiles it can still reach): along a chain of the
    strongly connected ``parts``, all their tiles ahead."""
    part_of, masks, successors, known = parts
    # The answer depends only on the graph and these, and often comes up again: from
    # another order of the same tiles, or on a later turn over the same web of tiles.
    key = (here, ahead, own_colour)
    answer = known.get(key)
    if answer is not None:
        return answer
    within = ahead | BIT[here]
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
