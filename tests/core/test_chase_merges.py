"""Merges counted and numbered without listing them: the same family, in the same order, as
listing every set of stacks; and a position with a hundred million merges stays playable."""

from __future__ import annotations

import random
import time
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from core import find_game
from core.games.chase.merges import (
    LISTED_STACKS,
    CountedMerges,
    MergeFacts,
    destinations,
    is_merge,
    listed_merges,
    merge_sets,
)
from core.games.chase.moves import AddGold, Merge, Pivot, Place, Walk
from core.games.chase.rules import legal_moves, seat_merges
from core.games.chase.survey import survey

GAME = find_game("chase")

#: Reached by the computer (Hard) against random moves: South owns 22 stacks of gold, so every
#: set of two or more of them is a merge, onto each square it may go to.
MANY_STACKS = (Path(__file__).parent / "data" / "chase_many_stacks.txt").read_text().strip()


def listed(facts: MergeFacts) -> list[Merge]:
    """Every merge, by listing every set of stacks."""
    moves = []
    for merge in merge_sets(facts):
        count, make = listed_merges(merge)
        moves += [make(index) for index in range(count)]
    return moves


@st.composite
def merge_facts(draw: st.DrawFn) -> MergeFacts:
    """Any seat's stacks (up to 9), sizes from 1, squares open or under its pawn, other
    squares to go to, and opponent stacks to claim."""
    squares = draw(st.permutations(range(64)))
    count = draw(st.integers(0, 9))
    stacks = tuple(sorted(squares[:count]))
    others = squares[count:]
    anywhere = tuple(sorted(others[: draw(st.integers(0, 3))]))
    claimed = sorted(others[3 : 3 + draw(st.integers(0, 4))])
    return MergeFacts(
        stacks=stacks,
        sizes=tuple(draw(st.integers(1, 9)) for _ in stacks),
        open=tuple(draw(st.booleans()) for _ in stacks),
        anywhere=anywhere,
        claims=tuple((square, draw(st.integers(2, 30))) for square in claimed),
    )


@settings(max_examples=300, deadline=None)
@given(merge_facts())
def test_counted_merges_are_the_listed_merges_in_the_same_order(facts: MergeFacts) -> None:
    moves = listed(facts)
    counted = CountedMerges(facts)
    assert counted.count == len(moves)
    assert [counted[index] for index in range(counted.count)] == moves
    for move in moves:
        assert is_merge(facts, move)
        assert move.dest in destinations(facts, move.sources)


@settings(max_examples=100, deadline=None)
@given(merge_facts(), st.data())
def test_a_merge_is_judged_legal_exactly_when_it_is_listed(facts: MergeFacts, data) -> None:
    moves = set(listed(facts))
    squares = facts.stacks + facts.anywhere + tuple(square for square, _ in facts.claims)
    if not squares:
        return
    for _ in range(20):
        sources = tuple(sorted(data.draw(st.sets(st.sampled_from(facts.stacks or squares)))))
        dest = data.draw(st.sampled_from(squares))
        assert is_merge(facts, Merge(sources, dest)) == (Merge(sources, dest) in moves)


def test_a_hundred_million_merges_are_counted_not_listed() -> None:
    state = GAME.read_position(MANY_STACKS)
    started = time.process_time()
    moves = legal_moves(state)
    facts = seat_merges(state, 0)
    stacks = len(facts.stacks)
    assert stacks == 22 > LISTED_STACKS
    assert set(facts.sizes) == {2}
    assert not facts.claims  # North has no gold on the board to claim
    # Every set of two or more stacks may go to each of the squares open to any merge, or stay
    # on any of its own stacks without South's pawn: each stack is in 2**21 - 1 such sets.
    sets = 2**stacks - stacks - 1
    stays = sum(facts.open) * (2 ** (stacks - 1) - 1)
    merges = sets * len(facts.anywhere) + stays
    others = sum(1 for kind in (Place, AddGold, Pivot, Walk) for _ in moves.of_kind(kind))
    assert len(moves) == merges + others == 109_051_760
    assert time.process_time() - started < 5  # listing them took minutes and gigabytes


def test_any_merge_of_many_stacks_is_a_legal_move_found_by_index() -> None:
    state = GAME.read_position(MANY_STACKS)
    moves = legal_moves(state)
    facts = seat_merges(state, 0)
    counted = CountedMerges(facts)
    first = (
        len(moves)
        - counted.count
        - sum(1 for _ in moves.of_kind(Pivot))
        - sum(1 for _ in moves.of_kind(Walk))
    )
    assert moves[first] == counted[0] == Merge(facts.stacks[:2], facts.stacks[0])
    picked = sorted(random.Random(5).sample(range(counted.count), 60))
    found = [moves[first + index] for index in picked]
    masks = [sum(1 << facts.stacks.index(square) for square in move.sources) for move in found]
    assert masks == sorted(masks)  # sets by ascending mask, as when they were listed
    for move in found:
        assert move in moves
        assert move.dest in destinations(facts, move.sources)
        assert GAME.parse_move(state, GAME.format_move(state, move)) == move
        after = GAME.apply(state, move)
        assert sum(survey(after).sizes.values()) == sum(survey(state).sizes.values())
    last = counted[counted.count - 1]
    assert last == Merge(facts.stacks, facts.anywhere[-1])
    assert Merge(facts.stacks[:1], facts.stacks[0]) not in moves
    assert Merge((facts.stacks[1], facts.stacks[0]), facts.stacks[0]) not in moves
