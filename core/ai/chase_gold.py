"""Chase knowledge for Gold mode, where the gold stacks are the tiles the pawns move on.

Without tiles a side's turns come from three sources only: moving a pawn (from a stack of its
own to another one it can reach), putting down 2 coins or more, and merging stacks. A pawn
that can go back and forth between two stacks never runs out of turns; a side whose pawns
cannot move has about one turn per 2 loose coins and one per stack it may still merge, and
once those are spent it has nothing to do and loses, however much gold it has piled up. So
the evaluation weighs how many turns a side with stuck pawns has left, and a pawn standing
on no gold of its own (it cannot move until gold is put under it), far more than the gold's
worth as wealth.

The amount of gold put down matters too: a stack of at least the opponent's loose coins
cannot be claimed (a claim takes one coin more than the stack), so besides the least gold on
each square the search tries that safe amount and all the loose coins, on the squares where
a pawn could use them (in a line with or next to one of the seat's pawns or stacks) and on
the opponent's stacks; and merges may also go onto the bare square under the seat's pawn,
which gives that pawn its gold back, or onto an opponent's stack, which claims it: taking the
stack a pawn needs can leave the opponent with nothing to do at once. Of the merges onto one
stack only those of the fewest coins are searched (every set of stacks that can claim it would
be too many).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.chase.board import RAYS, SQUARES
from core.games.chase.merges import MIN_STACK
from core.games.chase.moves import AddGold, ChaseMove, Merge, Walk
from core.games.chase.rules import gold_targets, merge_choices
from core.games.chase.state import ChaseState
from core.games.chase.survey import bits, survey

#: Coins' worth of a coin in a stack: it pays debts and carries pawns, but only loose coins
#: buy turns and claims.
STACKED_WORTH = 0.25
#: Coins' worth of a pawn standing on no gold of its own (it cannot move at all).
UNBASED_PENALTY = 3.0
#: Coins' worth of having no pawn move, when no turn is left otherwise; it shrinks as
#: ``STUCK_GOLD_PENALTY / (1 + turns left)``.
STUCK_GOLD_PENALTY = 16.0
#: Coins' worth of a pawn that can go back and forth between two stacks the opponent cannot
#: claim (each at least the opponent's loose coins): turns that never run out.
SECURE_BONUS = 6.0
#: Merges are searched only for a side with at most this many stacks: every set of stacks is a
#: merge, so their number doubles with each stack.
MERGE_STACKS = 6


def _lines_mask(square: int) -> int:
    """The squares in a straight line (any of the eight directions) from ``square``."""
    mask = 0
    for ray in RAYS[square]:
        for other in ray:
            mask |= 1 << other
    return mask


#: LINES_MASK[square]: the squares a pawn on ``square`` could jump or step to, board allowing.
LINES_MASK = tuple(_lines_mask(square) for square in range(SQUARES))


def turns_left(state: ChaseState, seat: int) -> int:
    """The turns ``seat`` has without moving a pawn: one per 2 loose coins, one per stack it
    may still merge away."""
    stacks = survey(state).stacks[seat].bit_count()
    return state.loose[seat] // 2 + max(0, stacks - 1)


def gold_mode_score(state: ChaseState, seat: int, walks: Sequence[Walk]) -> float:
    """``seat``'s score in Gold mode (in coins), apart from the mobility all modes share:
    loose coins, stacked ones at a fraction, a pawn that can shuttle between stacks safe from
    claims, and what is missing when its pawns stand on no gold or cannot move."""
    facts = survey(state)
    own, sizes = facts.stacks[seat], facts.sizes
    loose, enemy_loose = state.loose[seat], state.loose[1 - seat]
    stacked = sum(sizes[square] for square in bits(own))
    score = loose + STACKED_WORTH * stacked
    score -= UNBASED_PENALTY * sum(1 for square in state.pawns[seat] if not own >> square & 1)
    if not walks:
        return score - STUCK_GOLD_PENALTY / (1 + turns_left(state, seat))
    if any(
        min(sizes.get(walk.path[0], 0), sizes.get(walk.path[-1], 0)) >= enemy_loose
        for walk in walks
    ):
        score += SECURE_BONUS
    return score


def _useful_squares(state: ChaseState, seat: int) -> int:
    """Squares where more than the least gold may matter: in a line with the seat's pawns or
    stacks (a pawn could move there), and the opponent's stacks (claims)."""
    facts = survey(state)
    mask = facts.stacks[1 - seat]
    for square in (*state.pawns[seat], *bits(facts.stacks[seat])):
        mask |= LINES_MASK[square] | 1 << square
    return mask


def gold_amounts(least: int, size: int, loose: int, enemy_loose: int) -> list[int]:
    """The amounts worth trying on a square holding ``size`` coins that takes ``least`` or
    more: the least, the least that makes the stack too big to claim with ``enemy_loose``
    coins (if more), and all of ``loose``."""
    safe = max(least, enemy_loose - size)
    return sorted({amount for amount in (least, safe, loose) if least <= amount <= loose})


#: ``(state, seat, merge_choices)`` of the last position asked: a search asks for the merges of
#: a position twice (its searched moves, then its claims), by the same object.
_last_merges: list[tuple[ChaseState | None, int, list[tuple[tuple[int, ...], list[int]]]]] = [
    (None, -1, [])
]


def seat_merge_choices(state: ChaseState, seat: int) -> list[tuple[tuple[int, ...], list[int]]]:
    """``merge_choices`` of ``seat``, remembered for the last position asked."""
    known, known_seat, choices = _last_merges[0]
    if known is state and known_seat == seat:
        return choices
    choices = merge_choices(state, seat)
    _last_merges[0] = (state, seat, choices)
    return choices


def gold_representatives(state: ChaseState, seat: int) -> list[ChaseMove]:
    """The gold moves searched in Gold mode: every square with the least gold, and on the
    useful squares also a claim-safe amount and all the loose coins; merges in place, onto
    the bare square under a pawn of the seat, or the cheapest onto each opponent's stack (for
    a seat with few stacks)."""
    facts = survey(state)
    loose, enemy_loose = state.loose[seat], state.loose[1 - seat]
    useful = _useful_squares(state, seat)
    moves: list[ChaseMove] = []
    for square, least in gold_targets(state, seat):
        if least > loose:
            continue
        size = facts.sizes.get(square, 0)
        amounts = gold_amounts(least, size, loose, enemy_loose) if useful >> square & 1 else [least]
        moves += [AddGold(square, amount) for amount in amounts]
    if 2 <= facts.stacks[seat].bit_count() <= MERGE_STACKS:
        bare_pawns = {sq for sq in state.pawns[seat] if sq not in facts.sizes}
        for sources, dests in seat_merge_choices(state, seat):
            moves += [Merge(sources, d) for d in dests if d in sources or d in bare_pawns]
        moves += claiming_merges(state, seat)
    return moves


def claiming_merges(state: ChaseState, seat: int) -> list[Merge]:
    """The merges of ``seat`` (with few stacks) onto an opponent's stack, which claim it:
    for each such stack, those of the fewest coins that can. Like a claim with loose gold
    they take a stack from the opponent."""
    facts = survey(state)
    if not 2 <= facts.stacks[seat].bit_count() <= MERGE_STACKS:
        return []
    enemy = facts.stacks[1 - seat]
    if not enemy:
        return []
    cheapest: dict[int, tuple[int, list[Merge]]] = {}
    for sources, dests in seat_merge_choices(state, seat):
        total = sum(facts.sizes[square] for square in sources)
        for dest in dests:
            if not enemy >> dest & 1:
                continue
            fewest, merges = cheapest.get(dest, (total + 1, []))
            if total < fewest:
                cheapest[dest] = (total, [Merge(sources, dest)])
            elif total == fewest:
                merges.append(Merge(sources, dest))
    return [merge for _, merges in cheapest.values() for merge in merges]


def may_leave_nothing(state: ChaseState, seat: int) -> bool:
    """A cheap sign that a claim by ``seat`` could leave the opponent no action at all: fewer
    than 2 loose coins (with 2 it can always put them down), and once the claim takes one of
    its stacks, fewer than two left or none of 2 coins or more (else it could merge)."""
    if state.loose[1 - seat] >= 2:
        return False
    facts = survey(state)
    stacks = list(bits(facts.stacks[1 - seat]))
    return len(stacks) <= 2 or sum(1 for sq in stacks if facts.sizes[sq] >= MIN_STACK) <= 1
