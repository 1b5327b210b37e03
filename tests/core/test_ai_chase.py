"""The Chase plug-in: which moves the search looks at, which it follows as tactics, and what
the evaluation rewards (gold, free pawns, room for tiles)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from core import find_game
from core.ai.chase import MERGE_STACKS, NEAR_MASK, ChasePlugin, pawn_moves
from core.games.chase.board import SIZE
from core.games.chase.moves import AddGold, Merge, Pivot, Place, Walk
from core.games.chase.state import ChaseState
from core.games.chase.survey import survey
from core.games.chase.walks import PAWN_EVENT, TAUNT_EVENT, trace_walk, walk_board

GAME = find_game("chase")
PLUGIN = ChasePlugin(GAME)


@cache
def positions() -> tuple[ChaseState, ...]:
    """Positions from seeded random games of every mode, neither the start nor an end."""
    rng = random.Random(8)
    states = []
    for mode in ("regular", "tiles", "gold"):
        for seed in range(4):
            state = GAME.new({"mode": mode, "pawns": str(1 + seed)}, seed)
            for _ in range(150):
                moves = GAME.legal_moves(state)
                state = GAME.apply(state, moves[rng.randrange(len(moves))])
                if GAME.outcome(state) is not None:
                    break
                states.append(state)
    return tuple(states)


def square(name: str) -> int:
    return (int(name[1]) - 1) * SIZE + "abcdefgh".index(name[0])


def jumps_by_the_rules(state: ChaseState) -> set[Walk]:
    """The pawn moves whose events, as the rules trace them, include an enemy pawn jumped."""
    board = walk_board(state, state.to_move)
    found = set()
    for move in GAME.legal_moves(state):
        if isinstance(move, Walk):
            events, _ = trace_walk(board, move.path)
            if any(PAWN_EVENT <= event < TAUNT_EVENT for event in events):
                found.add(move)
    return found


def test_the_tactical_moves_are_exactly_the_pawn_jumps() -> None:
    jumps = 0
    for state in positions()[::3]:
        moves = GAME.legal_moves(state)
        tactical = PLUGIN.tactical_moves(state, moves)
        assert set(tactical) == jumps_by_the_rules(state)
        assert all(move in moves for move in tactical)
        jumps += len(tactical)
    assert jumps > 0, "no position had a jump: the test proves nothing"


def test_the_search_keeps_every_pawn_move_and_the_least_gold_per_tile() -> None:
    seen_kinds: set[type] = set()
    for state in positions()[::2]:
        moves = list(GAME.legal_moves(state))
        kept = list(PLUGIN.search_moves(state, moves))
        assert kept, "the search would have nothing to look at"
        assert set(kept) <= set(moves)
        assert len(set(kept)) == len(kept)
        near = 0
        for square_ in (*state.pawns[0], *state.pawns[1]):
            near |= NEAR_MASK[square_]
        assert {m for m in moves if isinstance(m, Walk)} <= set(kept)
        least: dict[int, int] = {}
        for move in moves:
            if isinstance(move, AddGold):
                least[move.square] = min(least.get(move.square, move.amount), move.amount)
        assert {(m.square, m.amount) for m in kept if isinstance(m, AddGold)} == set(least.items())
        for move in kept:
            seen_kinds.add(type(move))
            if isinstance(move, Merge):
                assert move.dest in move.sources
            if isinstance(move, Place | Pivot):
                assert near >> move.square & 1, f"{move} is far from every pawn"
        in_place = {m for m in moves if isinstance(m, Merge) and m.dest in m.sources}
        few_stacks = survey(state).stacks[state.to_move].bit_count() <= MERGE_STACKS
        assert {m for m in kept if isinstance(m, Merge)} == (in_place if few_stacks else set())
        dropped_near = [m for m in moves if isinstance(m, Place | Pivot) and near >> m.square & 1]
        assert set(dropped_near) <= set(kept)
    assert {Walk, AddGold, Place, Pivot} <= seen_kinds


def test_a_turn_of_hundreds_of_moves_becomes_a_third_or_fewer() -> None:
    sizes = [
        (len(GAME.legal_moves(s)), len(PLUGIN.search_moves(s, GAME.legal_moves(s))))
        for s in positions()
    ]
    big = [(full, kept) for full, kept in sizes if full >= 500]
    assert big, "no position with 500 moves or more"
    assert all(kept * 3 <= full for full, kept in big)


def test_a_pawn_that_can_move_is_worth_more_than_a_stuck_one() -> None:
    start = GAME.new()
    assert PLUGIN.evaluate(start) == pytest.approx((0.5, 0.5))
    assert pawn_moves(start, 0) == 0
    # A tile under South's pawn on d1 with an exit north-west, and a South tile on c2 (a light
    # square, South's colour) to step to.
    exits = list(start.exits)
    exits[square("d1")] = 1 << 7  # NW
    exits[square("c2")] = 1 << 3  # SE
    free = start._replace(exits=tuple(exits))
    assert square("d1") in free.pawns[0]
    assert pawn_moves(free, 0) == 1
    south, north = PLUGIN.evaluate(free)
    assert south > 0.5 > north


def test_gold_counts_loose_and_in_stacks() -> None:
    start = GAME.new()
    richer = start._replace(loose=(start.loose[0] - 4, start.loose[1]), stacks=((0, 12, 0),))
    south, north = PLUGIN.evaluate(richer)
    assert south > 0.5 > north
    poorer = start._replace(loose=(start.loose[0] - 6, start.loose[1] + 6))
    south, north = PLUGIN.evaluate(poorer)
    assert south < 0.5 < north
