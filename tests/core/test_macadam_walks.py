"""The move generators and the refusal explainer read the same rules: over random games,
every move listed (by the C generator and by the Python one) walks through ``walk_move``,
and every other candidate (every pair of squares, chains grown or bent from the listed
ones, every placement) is refused with a reason of its own, the sentence its notation is
refused with."""

from __future__ import annotations

import random

import pytest
from test_macadam_support import GAME

from core.errors import IllegalMoveError
from core.games.macadam.moves import PawnMove, Placement, placement
from core.games.macadam.notation import format_move, parse_move
from core.games.macadam.python_movegen import python_pawn_moves
from core.games.macadam.reasons import walk_move, walk_state_placement
from core.games.macadam.walks import middle
from core.games.refusal import Refusal

SQUARES = range(64)


def sampled_positions(options: dict[str, str], seed: int, every: int):
    """Every ``every``-th position of a seeded random game, and the last one."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for ply in range(600):
        moves = GAME.legal_moves(state)
        if ply % every == 0 or not moves:
            yield state, rng
        if not moves:
            return
        state = GAME.apply(state, rng.choice(moves))


def paths(state, listed: list, rng: random.Random) -> set[tuple[int, ...]]:
    """Paths to ask about: every pair of squares, two jumps from every pawn of the mover,
    and the listed chains grown by one square or with their last square moved."""
    found = {(start, end) for start in SQUARES for end in SQUARES}
    own = state.pawns(state.side)
    for start in (square for square in SQUARES if own >> square & 1):
        for land in SQUARES:
            if middle(start, land) is not None:
                found.update((start, land, end) for end in rng.sample(SQUARES, 8))
    for move in listed:
        if isinstance(move, PawnMove):
            found.update((*move.path, end) for end in SQUARES)
            found.update((*move.path[:-1], end) for end in SQUARES)
    return found


def check_refused(state, text: str, walked) -> None:
    assert isinstance(walked, Refusal), (GAME.write_position(state), text)
    assert walked.rule and walked.text
    with pytest.raises(IllegalMoveError) as refusal:
        parse_move(state, text)
    assert str(refusal.value) == f"{text}: {walked.text}"


@pytest.mark.parametrize(
    ("options", "seed", "every"),
    [({}, 1, 20), ({"first": "2"}, 2, 20), ({"start": "free"}, 3, 12)],
)
def test_the_generators_and_the_walker_agree_on_every_candidate_move(options, seed, every):
    listed_count = refused_count = 0
    for state, rng in sampled_positions(options, seed, every):
        listed = GAME.legal_moves(state)
        legal = set(listed)
        if not state.placing and not state.result:
            side = state.side
            assert python_pawn_moves(state.pawns(side), state.pawns(1 - side), side) == listed
        for square in SQUARES:
            walked = walk_state_placement(state, square)
            text = format_move(placement(square))
            if placement(square) in legal:
                assert walked == placement(square)
                assert parse_move(state, text) == placement(square)
            else:
                check_refused(state, text, walked)
        for path in paths(state, listed, rng):
            move = PawnMove(path[0], path[-1], path[1:-1])
            walked = walk_move(state, path)
            text = format_move(move)
            if move in legal:
                listed_count += 1
                assert walked == move
                assert parse_move(state, text) == move
            else:
                refused_count += 1
                check_refused(state, text, walked)
    assert listed_count > 100 and refused_count > 10_000


def test_placements_are_walked_too():
    state = GAME.new({"start": "free"}, 0)
    assert isinstance(walk_state_placement(state, 10), Placement)
    assert walk_state_placement(state, 3) == Refusal(
        "own-goal", "no pawn may be placed on its own goal (d1 and e1)"
    )
