"""The strongly connected parts of the graph of sweep steps between tiles, which bound how
far a sweep can still go (see ``search._Search.longest``)."""

from __future__ import annotations

from core.games.chase.board import SQUARES, STEPS
from core.games.chase.survey import bits

#: ``search._Search.longest``'s answers by ``(here, ahead, own_colour)``.
LongestAnswers = dict[tuple[int, int, int], tuple[int, int]]
#: ``(part of each square (-1: not a node), tiles of each part, parts each leads to, answers)``.
Parts = tuple[list[int], list[int], list[list[int]], LongestAnswers]
#: How many answers of ``search._Search.longest`` the last element of a ``Parts`` keeps.
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
        known = _tarjan(exits, nodes_mask, nodes)
        if len(_known_parts) >= 64:
            _known_parts.pop(next(iter(_known_parts)))
        _known_parts[key] = known
    return known


def _tarjan(exits: tuple[int, ...], nodes_mask: int, nodes: list[int]) -> Parts:
    edges = {
        square: [step for step in STEPS[square][exits[square]] if nodes_mask >> step & 1]
        for square in nodes
    }
    # By square: the order of visit (-1: not yet), the lowest order reachable, the part.
    index = [-1] * SQUARES
    low = [0] * SQUARES
    part_of = [-1] * SQUARES
    visits = 0
    masks: list[int] = []
    stack: list[int] = []
    for root in nodes:
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = visits
                visits += 1
                stack.append(node)
            node_edges = edges[node]
            if child < len(node_edges):
                work.append((node, child + 1))
                step = node_edges[child]
                if index[step] < 0:
                    work.append((step, 0))
                continue
            lowest = low[node]
            for step in node_edges:
                if part_of[step] < 0 and low[step] < lowest:
                    lowest = low[step]
            low[node] = lowest
            if lowest == index[node]:
                part = len(masks)
                mask = 0
                while True:
                    member = stack.pop()
                    part_of[member] = part
                    mask |= 1 << member
                    if member == node:
                        break
                masks.append(mask)
    successors = [
        sorted({part_of[step] for node in bits(mask) for step in edges[node]} - {part})
        for part, mask in enumerate(masks)
    ]
    return part_of, masks, successors, {}
