"""The move generator and the refusal explainer read the same rules: over random games, every
listed move walks through ``walk_move`` and parses, and every other pair of squares is
refused with a reason of its own, the very sentence a typed move is refused with."""

from __future__ import annotations

import random

import pytest

from core import find_game
from core.errors import IllegalMoveError
from core.games.martian_chess.moves import CLOCK, PASS, Move
from core.games.martian_chess.notation import parse_move
from core.games.martian_chess.state import CLOCK_OFF, CLOCK_READY, DEADLOCK_TURNS
from core.games.martian_chess.walks import ACTIONS_LISTED, action_refusal, walk_action, walk_move
from core.games.refusal import Refusal
from core.squares import square_name

GAME = find_game("martian-chess")
SEPARATORS = ("-", "x", "")


def sampled_positions(options: dict[str, str], seed: int, every: int):
    """Every ``every``-th position of a seeded random game, and the last one."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for ply in range(400):
        moves = GAME.legal_moves(state)
        if ply % every == 0 or not moves:
            yield state
        if not moves:
            return
        state = GAME.apply(state, rng.choice(moves))


@pytest.mark.parametrize(
    ("options", "seed", "every"),
    [
        ({}, 1, 3),
        ({}, 2, 3),
        ({"clock": "off"}, 3, 5),
        ({"players": "4"}, 9, 8),
        ({"players": "4", "teams": "off"}, 8, 6),
    ],
)
def test_the_generator_and_the_walker_agree_on_every_pair_of_squares(options, seed, every):
    positions = 0
    for state in sampled_positions(options, seed, every):
        positions += 1
        legal = set(GAME.legal_moves(state))
        width = 4 if len(state.board) == 32 else 8
        for src in range(len(state.board)):
            for dst in range(len(state.board)):
                walked = walk_move(state, src, dst)
                move = Move(src, dst)
                text = square_name(src, width) + SEPARATORS[(src + dst) % 3]
                text += square_name(dst, width)
                if move in legal:
                    assert walked == move
                    assert parse_move(state, text) == move
                    continue
                assert isinstance(walked, Refusal), (state, move)
                assert walked.rule and walked.text
                with pytest.raises(IllegalMoveError) as refused:
                    parse_move(state, text)
                shown = f"{square_name(src, width)}-{square_name(dst, width)}"
                assert str(refused.value) == f"{shown}: {walked.text}"
    assert positions > 5


def test_a_refused_merge_names_its_rule():
    # The opening: South's zone has its queens and drones.
    state = GAME.new({}, 0)
    walked = walk_move(state, 9, 6)  # the pawn on b3 onto the drone on c2
    assert walked == Refusal(
        "zone-has-queen", "a drone and a pawn merge into a queen only while your zone has no queen"
    )


@pytest.mark.parametrize(
    ("options", "seed"), [({}, 4), ({"clock": "off"}, 5), ({"players": "4"}, 6)]
)
def test_pass_and_clock_are_listed_exactly_when_the_walker_allows_them(options, seed):
    """The move list and the typed actions read one rule: ``walk_action``."""
    positions = called = 0
    for state in sampled_positions(options, seed, every=4):
        positions += 1
        legal = GAME.legal_moves(state)
        stuck = not any(not move.is_action for move in legal)
        for move, word in ((PASS, "pass"), (CLOCK, "clock")):
            walked = walk_action(state, move, not stuck)
            if move in legal:
                assert walked == move
                assert parse_move(state, word) == move
                called += move == CLOCK
                continue
            assert isinstance(walked, Refusal), (state, word)
            with pytest.raises(IllegalMoveError) as refused:
                parse_move(state, word)
            assert str(refused.value) == f"{word}: {walked.text}"
        if CLOCK in legal:
            state = GAME.apply(state, CLOCK)
            assert walk_action(state, CLOCK, True).rule == "clock-called"
    assert positions > 5
    assert called or options.get("clock") == "off"


def test_each_refused_action_names_its_rule():
    assert action_refusal(PASS, CLOCK_READY, pieces_can_move=False) is None
    assert action_refusal(PASS, CLOCK_READY, pieces_can_move=True) == Refusal(
        "pieces-can-move", "you may pass only when none of your pieces can move"
    )
    assert action_refusal(CLOCK, CLOCK_READY, pieces_can_move=True) is None
    assert action_refusal(CLOCK, CLOCK_OFF, pieces_can_move=True).rule == "clock-off"
    assert action_refusal(CLOCK, 3, pieces_can_move=True).rule == "clock-called"


def test_the_move_list_adds_the_actions_the_walker_allows_for_every_clock():
    assert ACTIONS_LISTED[False][CLOCK_OFF] == ()
    assert ACTIONS_LISTED[False][CLOCK_READY] == (CLOCK,)
    assert ACTIONS_LISTED[True][CLOCK_READY] == (PASS, CLOCK)
    assert ACTIONS_LISTED[True][CLOCK_OFF] == (PASS,)
    for clock in range(DEADLOCK_TURNS):
        assert ACTIONS_LISTED[False][clock] == ()
        assert ACTIONS_LISTED[True][clock] == (PASS,)
