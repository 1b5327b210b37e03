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
from core.games.mac.pieces import (
    BLUE,
    DOUBLE_STEP,
    EMPTY,
    FACE_UP_COLOUR,
    PEEK,
    PLUS_ONE,
    PORTAL,
    PUSH,
    RED,
    TOKEN_LETTERS,
    piece,
)
from core.games.mac.reasons import walk_turn
from core.games.mac.state import ITEM_COUNT, MacState
from core.games.mac.tokens import double_steps, push_paths
from core.games.mac.walks import TOKEN_TARGETS, token_target_refusal, walk_steps
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


def walked_paths(board, code, portals, origin, *, double=False, push=False):
    """The paths of one or two steps from ``origin`` that ``walk_steps`` allows the piece
    ``code`` (lifted off ``board``), asked about every exit square of a portal."""
    lifted = list(board)
    lifted[origin] = EMPTY

    def tails(position):
        for target in NEIGHBOURS[position]:
            yield from ((target, land) for land in SQUARES) if target in portals else [(target,)]

    found = set()
    for first in tails(origin):
        paths = [(origin, *first)]
        if double:
            paths += [(origin, *first, *second) for second in tails(first[-1])]
        for path in paths:
            if walk_steps(lifted, code, portals, path, double=double, push=push) is None:
                found.add(path)
    return found


@pytest.mark.parametrize("portals", [(), (9, 10), (5, 26)])
@pytest.mark.parametrize("crowded", [False, True])
def test_double_steps_and_pushes_go_where_the_walker_lets_them(portals, crowded):
    """On a board of portals and one piece (the other squares empty, or all holding enemies
    it beats), every Double Step and Push listed is a path ``walk_steps`` allows, and none
    it allows is left out."""
    mover, enemy = piece(5, RED), piece(3, BLUE)
    for origin in SQUARES:
        if origin in portals:
            continue
        board = [enemy if crowded else EMPTY] * SIZE
        for portal in portals:
            board[portal] = PORTAL
        board[origin] = mover
        listed = {move.path for move in double_steps(board, RED, portals)}
        assert listed == walked_paths(board, mover, portals, origin, double=True)
        board[origin] = enemy
        pushes = set(push_paths(board, RED, portals))
        assert pushes == walked_paths(board, enemy, portals, origin, push=True)


def test_each_token_is_played_where_its_rule_says():
    """The token tables the generator reads are ``token_target_refusal``'s answers, and each
    refusal names its rule."""
    for token, rows in TOKEN_TARGETS.items():
        for colour in (RED, BLUE):
            for code in (
                piece(4, RED),
                piece(4, BLUE, boosted=True),
                piece(7, BLUE, face_down=True),
                EMPTY,
            ):
                refused = token_target_refusal(token, code, colour, 0)
                assert rows[colour][code] == (refused is None)
    assert token_target_refusal(PLUS_ONE, piece(4, BLUE), RED, 0).rule == "plus-one-target"
    assert token_target_refusal(PLUS_ONE, piece(4, RED, boosted=True), RED, 0).rule == (
        "plus-one-twice"
    )
    assert token_target_refusal(PUSH, piece(4, RED), RED, 0).rule == "push-target"
    assert token_target_refusal(PUSH, piece(4, BLUE, boosted=True), RED, 0) is None
    assert token_target_refusal(PEEK, piece(4, BLUE), RED, 0).rule == "peek-target"
    assert token_target_refusal(PEEK, piece(4, BLUE, face_down=True), RED, 0) is None
