"""The move generator and the refusal explainer read the same rules: over random games in
every mode, every candidate move (placements, every pair of squares, portal moves, flips,
Double Steps, moves after each token) is listed if and only if ``walk_turn`` allows it, and
every other one is refused with a reason of its own, the sentence its notation is refused
with."""

from __future__ import annotations

import random

import pytest
from test_mac_helpers import GAME, position

from core.errors import IllegalMoveError
from core.games.mac.board import NEIGHBOURS, SIZE
from core.games.mac.legal import is_legal
from core.games.mac.moves import FLIP, MOVE, PLACE, MacMove
from core.games.mac.notation import format_move, parse_move_text
from core.games.mac.pieces import DOUBLE_STEP, FACE_UP_COLOUR, PEEK, PLUS_ONE, PUSH, TOKEN_LETTERS
from core.games.mac.reasons import walk_turn
from core.games.mac.state import ITEM_COUNT, MacState
from core.games.refusal import Refusal

SQUARES = range(SIZE)
PAIRS = [(a, b) for a in SQUARES for b in SQUARES]


def sampled_positions(options: dict[str, str], seed: int, every: int):
    """Every ``every``-th position of a seeded random game, and the last one."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for ply in range(300):
        moves = GAME.legal_moves(state)
        if ply % every == 0 or not moves:
            yield state, rng
        if not moves:
            return
        state = GAME.play(state, rng.choice(moves))


def candidates(state: MacState, rng: random.Random) -> list[MacMove]:
    """Moves to ask about: every placement, pair of squares, flip and portal move, Double
    Steps of the mover's pieces (and from two squares at random), and each token in hand on
    its every target with a few actions (a few targets of the tokens not in hand)."""
    moves = [MacMove(PLACE, (square,), item) for item in range(ITEM_COUNT) for square in SQUARES]
    moves += [MacMove(MOVE, pair) for pair in PAIRS]
    moves += [MacMove(FLIP, (square,)) for square in SQUARES]
    for portal in state.portals:
        moves += [MacMove(MOVE, (a, portal, b)) for a in NEIGHBOURS[portal] for b in SQUARES]
    if state.to_place or state.result is not None:
        return moves
    double = TOKEN_LETTERS[DOUBLE_STEP]
    colour = state.colour_of_seat[state.to_move]
    pieces = [square for square in SQUARES if FACE_UP_COLOUR[state.board[square]] == colour]
    for origin in pieces + rng.sample(SQUARES, 2):
        for middle in (*NEIGHBOURS[origin], *state.portals):
            moves += [MacMove(MOVE, (origin, middle, end), token=double) for end in SQUARES]
        moves += [MacMove(MOVE, (origin, end), token=double) for end in SQUARES]
    actions = [MacMove(MOVE, pair) for pair in rng.sample(PAIRS, 6)]
    actions += [move for move in GAME.legal_moves(state) if not move.token][:3]
    actions.append(MacMove(FLIP, (rng.randrange(SIZE),)))
    token_paths = {
        PLUS_ONE: [(square,) for square in SQUARES],
        PUSH: [*PAIRS, *((a, p, b) for p in state.portals for a in NEIGHBOURS[p] for b in SQUARES)],
        PEEK: [(a, b) for a, b in PAIRS if a <= b],
    }
    held = state.hands[state.to_move]
    for token, paths in token_paths.items():
        for path in paths if token in held else rng.sample(paths, 4):
            for action in rng.sample(actions, 2):
                moves.append(action._replace(token=TOKEN_LETTERS[token], token_path=path))
    return moves


@pytest.mark.parametrize("mode", ["standard", "dark", "light"])
@pytest.mark.parametrize("tokens", ["off", "on"])
def test_the_generator_and_the_walker_agree_on_every_candidate_move(mode, tokens):
    options = {"mode": mode, "tokens": tokens}
    refused = listed = 0
    for state, rng in sampled_positions(options, seed=len(mode) + len(tokens), every=5):
        legal = set(GAME.legal_moves(state))
        for move in candidates(state, rng):
            walked = walk_turn(state, move)
            assert is_legal(state, move) == (move in legal)
            text = format_move(state, move)
            assert parse_move_text(text) == move, text
            if move in legal:
                listed += 1
                assert walked == move, (GAME.write_position(state), text, walked)
                assert GAME.parse_move(state, text) == move
                continue
            refused += 1
            assert isinstance(walked, Refusal), (GAME.write_position(state), text)
            assert walked.rule and walked.text
            with pytest.raises(IllegalMoveError) as refusal:
                GAME.parse_move(state, text)
            assert str(refusal.value) == f"{text}: {walked.text}"
    assert listed > 50 and refused > 1000


def test_a_cannon_jump_over_two_pieces_is_refused_by_its_rule():
    state = position("@... .... .... .... B2... B3... R1... R0..@")
    walked = walk_turn(state, parse_move_text("a1-a4"))
    assert walked == Refusal(
        "screens", "a cannon's jump goes over exactly one piece or portal, not 2"
    )


def test_a_token_on_the_wrong_number_of_squares_is_refused_by_its_rule():
    state = position(
        "@... .... .... .... B2... B3... R1... R0..@", mode="standard+tokens", hands="+/-"
    )
    move = MacMove(MOVE, (4, 5), token=TOKEN_LETTERS[PLUS_ONE], token_path=(4, 5))
    assert not is_legal(state, move)
    assert walk_turn(state, move) == Refusal(
        "token-squares", "+1 names one square, like +1:b2;b2-b3"
    )
    assert is_legal(state, move._replace(token_path=(4,)))
