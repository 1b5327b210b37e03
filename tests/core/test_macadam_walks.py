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
from core.games.macadam.board import NORTH, SOUTH, mask
from core.games.macadam.lines import SLIDE_HOME, SLIDE_ROOM
from core.games.macadam.moves import PawnMove, Placement, placement
from core.games.macadam.notation import format_move, parse_move
from core.games.macadam.python_movegen import python_pawn_moves
from core.games.macadam.reasons import walk_move, walk_state_placement
from core.games.macadam.rules import can_slide
from core.games.macadam.walks import middle, walk_slide
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


@pytest.mark.parametrize("seat", [SOUTH, NORTH])
def test_the_quick_test_of_a_slide_reads_the_walker_square_by_square(seat):
    """``rules.can_slide`` and the look a rank ahead before it (``apply``) find a slide
    exactly where ``walk_slide`` allows one, whichever neighbours are taken."""
    toward_lane = 8 if seat == SOUTH else -8
    for square in SQUARES:
        neighbours = [
            target
            for target in (square - 8, square + 8, square - 1, square + 1)
            if 0 <= target < 64 and (target // 8 == square // 8 or target % 8 == square % 8)
        ]
        for taken in range(1 << len(neighbours)):
            occupied = mask(n for i, n in enumerate(neighbours) if taken >> i & 1)
            walked = any(
                isinstance(walk_slide(seat, 1 << square | occupied, 0, square, target), PawnMove)
                for target in neighbours
            )
            if SLIDE_HOME[seat] >> square & 1:
                assert can_slide(1 << square, occupied | 1 << square, seat) == walked
            else:
                assert not walked
        ahead = square + toward_lane
        if 0 <= ahead < 64 and SLIDE_ROOM[seat] >> ahead & 1:
            assert isinstance(walk_slide(seat, 1 << square, 0, square, ahead), PawnMove)
