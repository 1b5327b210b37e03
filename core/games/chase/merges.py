"""Merges: any two or more of a seat's stacks, put together on one square.

Every set of stacks is a merge, so with ``k`` stacks there are about ``2**k`` sets, each with
its own destinations. A player with 25 stacks has over a hundred million merges: far too many
to list. So a position's merges are kept as a numbered family: in the order they have always
had (sets by ascending bit mask over the stacks in square order; for each set its own stacks
that no pawn of the seat stands on, then the squares open to any merge, then the claims its
total can pay for), counted and unranked by a small table over the stacks' sums instead of
listed. With few stacks they are still listed outright, which is quicker.

Nothing here walks every merge: how many there are, the ``i``-th one, whether a given merge
is legal and where a given set of stacks may go all take time in the number of stacks.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import pairwise
from typing import NamedTuple

from core.games.chase.moves import ChaseMove, Merge
from core.games.chase.survey import Survey, bits
from core.tuples import from_fields

#: The fewest coins that go on a tile at a time (so a merge needs one stack of at least that).
MIN_STACK = 2
#: With at most this many stacks the merges are listed outright.
LISTED_STACKS = 12


class MergeFacts(NamedTuple):
    """What decides a seat's merges: its stacks (ascending squares) and their sizes, whether
    each may take the merged stack (no pawn of the seat on it), the squares any merge may go
    to (not its stacks), and the opponent stacks it may claim with how many coins at least.
    (A named tuple: a move list makes one, and a frozen dataclass takes far longer to make.)"""

    stacks: tuple[int, ...]
    sizes: tuple[int, ...]
    open: tuple[bool, ...]
    anywhere: tuple[int, ...]
    claims: tuple[tuple[int, int], ...]


#: A ``MergeFacts`` from a tuple of all its fields (see ``core.tuples``): every turn makes one.
_new_facts = from_fields(MergeFacts)


def merge_facts(facts: Survey, seat: int, plain: int, guarded: int) -> MergeFacts:
    """The facts behind the seat's merges, from the position's survey; ``plain`` and
    ``guarded`` are where it may put gold (``rules.gold_target_masks``)."""
    _, sizes, pawns, _, stack_masks, _, _, _, _ = facts
    own = pawns[seat]
    mine = stack_masks[seat]
    stacks = tuple(bits(mine))
    claims = tuple([(square, sizes[square] + 1) for square in bits(guarded)]) if guarded else ()
    return _new_facts(
        (
            stacks,
            tuple(map(sizes.__getitem__, stacks)),
            tuple([not 1 << square & own for square in stacks]),
            tuple(bits(plain & ~mine)),
            claims,
        )
    )


def destinations(facts: MergeFacts, sources: tuple[int, ...]) -> list[int]:
    """Where the stacks on ``sources`` (ascending) may go together, in the family's order;
    empty if they are not two or more of the seat's stacks with one of ``MIN_STACK`` or more."""
    if len(sources) < 2 or any(a >= b for a, b in pairwise(sources)):
        return []
    index = {square: i for i, square in enumerate(facts.stacks)}
    if any(square not in index for square in sources):
        return []
    chosen = [index[square] for square in sources]
    if max(facts.sizes[i] for i in chosen) < MIN_STACK:
        return []
    total = sum(facts.sizes[i] for i in chosen)
    stay = [facts.stacks[i] for i in chosen if facts.open[i]]
    return [*stay, *facts.anywhere, *(sq for sq, fewest in facts.claims if fewest <= total)]


def is_merge(facts: MergeFacts, move: ChaseMove) -> bool:
    """Whether ``move`` is one of the family's merges."""
    return isinstance(move, Merge) and move.dest in destinations(facts, move.sources)


#: ``(sources, destinations among them, destinations anywhere, destinations claimed)``: one
#: set of stacks and its destinations in their three parts.
MergeSet = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], list[int]]


def merge_sets(facts: MergeFacts) -> list[MergeSet]:
    """Every mergeable set of stacks with its destinations, in the family's order (a set
    with nowhere to go is left out). Takes time in ``2**len(facts.stacks)``."""
    stacks, sizes, opens, anywhere, claims = facts
    if len(stacks) < 2:
        return []
    choices: list[MergeSet] = []
    # Each set of stacks (a bit per stack) is the set without its last stack plus that one:
    # its squares, those the merged stack may stay on, its total and its biggest stack follow.
    made: list[tuple[tuple[int, ...], tuple[int, ...], int, int]] = [((), (), 0, 0)]
    for subset in range(1, 1 << len(stacks)):
        last = subset.bit_length() - 1
        rest = subset ^ 1 << last
        sources, open_dests, total, biggest = made[rest]
        square = stacks[last]
        size = sizes[last]
        sources = (*sources, square)
        if opens[last]:
            open_dests = (*open_dests, square)
        total += size
        if size > biggest:
            biggest = size
        made.append((sources, open_dests, total, biggest))
        if not rest or biggest < MIN_STACK:
            continue
        claimed = [square for square, fewest in claims if fewest <= total] if claims else []
        if open_dests or anywhere or claimed:
            choices.append((sources, open_dests, anywhere, claimed))
    return choices


def listed_merges(merge: MergeSet) -> tuple[int, Callable[[int], ChaseMove]]:
    """The merges of one ``MergeSet``: how many, and the ``index``-th one."""
    sources, own_tiles, anywhere, claimed = merge

    def make(index: int) -> ChaseMove:
        for part in (own_tiles, anywhere, claimed):
            if index < len(part):
                return Merge(sources, part[index])
            index -= len(part)
        raise IndexError("merge index out of range")

    return len(own_tiles) + len(anywhere) + len(claimed), make


def _listed_block(sets: list[MergeSet]) -> tuple[int, Callable[[int], ChaseMove]]:
    """The merges of all the ``sets`` as one block: how many, and the ``index``-th one
    (found through the running totals of the sets' merges)."""
    ends = []
    total = 0
    for _, own_tiles, anywhere, claimed in sets:
        total += len(own_tiles) + len(anywhere) + len(claimed)
        ends.append(total)

    def make(index: int) -> ChaseMove:
        which = bisect_right(ends, index)
        start = ends[which - 1] if which else 0
        return listed_merges(sets[which])[1](index - start)

    return total, make


# A ``Sums`` table describes every set of the first ``i`` stacks, grouped by what decides its
# merges once joined to the stacks chosen after them: how many stacks it has (0, 1, or 2 and
# more), whether one has ``MIN_STACK`` coins or more, and its total (capped where no claim
# needs more). Each group holds how many sets it has and how many stay-in-place squares they
# offer in all.
Group = tuple[int, bool, int]
Sums = dict[Group, tuple[int, int]]


class CountedMerges:
    """The family's merges numbered without listing them (see the module's docstring)."""

    def __init__(self, facts: MergeFacts) -> None:
        self.facts = facts
        self.cap = max((fewest for _, fewest in facts.claims), default=0)
        #: claims_within[t]: the claims a total of ``t`` coins (capped) pays for.
        self.claims_within = [
            sum(1 for _, fewest in facts.claims if fewest <= total) for total in range(self.cap + 1)
        ]
        #: tables[i]: the ``Sums`` of every set of the first ``i`` stacks.
        self.tables: list[Sums] = [{(0, False, 0): (1, 0)}]
        for i, size in enumerate(facts.sizes):
            table = dict(self.tables[-1])
            for group, (sets, stays) in self.tables[-1].items():
                joined = self._join(group, size)
                before = table.get(joined, (0, 0))
                table[joined] = (before[0] + sets, before[1] + stays + sets * facts.open[i])
            self.tables.append(table)
        self.count = self._moves_with((0, False, 0), 0, self.tables[-1])

    def _join(self, group: Group, size: int) -> Group:
        stacks, big, total = group
        return min(stacks + 1, 2), big or size >= MIN_STACK, min(total + size, self.cap)

    def _moves_with(self, chosen: Group, stays: int, lower: Sums) -> int:
        """How many merges there are in all over the sets made of the stacks ``chosen`` (their
        group, and how many of them may take the merge) and any set described by ``lower``."""
        stacks, big, total = chosen
        anywhere = len(self.facts.anywhere)
        count = 0
        for (more, more_big, more_total), (sets, more_stays) in lower.items():
            if stacks + more < 2 or not (big or more_big):
                continue
            claims = self.claims_within[min(total + more_total, self.cap)]
            count += sets * (stays + anywhere + claims) + more_stays
        return count

    def __getitem__(self, index: int) -> ChaseMove:
        if not 0 <= index < self.count:
            raise IndexError("merge index out of range")
        facts = self.facts
        group: Group = (0, False, 0)
        stays = 0
        chosen: list[int] = []
        # Sets by ascending mask: those without the highest stack still open come first.
        for i in range(len(facts.stacks) - 1, -1, -1):
            without = self._moves_with(group, stays, self.tables[i])
            if index < without:
                continue
            index -= without
            chosen.append(i)
            group = self._join(group, facts.sizes[i])
            stays += facts.open[i]
        sources = tuple(facts.stacks[i] for i in reversed(chosen))
        return Merge(sources, destinations(facts, sources)[index])


def merge_blocks(facts: MergeFacts) -> list[tuple[int, Callable[[int], ChaseMove]]]:
    """The family as blocks for a move list: one per set while they are few, else one
    counted block for them all."""
    if len(facts.stacks) < 2:
        return []
    if len(facts.stacks) <= LISTED_STACKS:
        sets = merge_sets(facts)
        return [_listed_block(sets)] if sets else []
    counted = CountedMerges(facts)
    return [(counted.count, counted.__getitem__)]
