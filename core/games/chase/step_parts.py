"""The strongly connected parts of the graph of sweep steps between tiles, which bound how
far a sweep can still go (see ``search._Search.longest``)."""

from __future__ import annotations

from core.games.chase.board import STEPS
from core.games.chase.survey import bits

Parts = tuple[dict[int, int], list[int], list[list[int]]]
_known_parts: dict[tuple[int, bytes], Parts] = {}


def strong_parts(exits: tuple[int, ...], nodes_mask: int) -> Parts:
    """The strongly connected parts of the graph of sweep steps between the tiles of
    ``nodes_mask`` (Tarjan's algorithm): ``(part of each tile, tiles of each part as a mask,
    the parts each part leads to)``. A part comes after every part it leads to.

    A player's web of tiles often stays the same from one turn to the next, so the last few
    answers are kept."""
    nodes = bits(nodes_mask)
    key = (nodes_mask, bytes(exits[square] for square in nodes))
    known = _known_parts.get(key)
    if known is None:
        known = _tarjan(exits, nodes_mask, nodes)
        if len(_known_parts) >= 64:
            _known_parts.pop(next(iter(_known_parts)))
        _known_parts[key] = known
    return known


def _tarjan(exits: tuple[int, ...], nodes_mask: int, nodes: list[int]) -> Parts:
    edges = {
        square: [step for step in STEPS[square][exits[square]] if 1 << step & nodes_mask]
        for square in nodes
    }
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    part_of: dict[int, int] = {}
    masks: list[int] = []
    stack: list[int] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
            if child < len(edges[node]):
                work.append((node, child + 1))
                step = edges[node][child]
                if step not in index:
                    work.append((step, 0))
                continue
            for step in edges[node]:
                if step not in part_of:
                    low[node] = min(low[node], low[step])
            if low[node] == index[node]:
                mask = 0
                while True:
                    member = stack.pop()
                    part_of[member] = len(masks)
                    mask |= 1 << member
                    if member == node:
                        break
                masks.append(mask)
    successors = [
        sorted({part_of[step] for node in bits(mask) for step in edges[node]} - {part})
        for part, mask in enumerate(masks)
    ]
    return part_of, masks, successors
