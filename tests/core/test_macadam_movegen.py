"""The two move generators: the C one (``_movegen.c``) gives exactly the Python one's list,
move for move and in order, on random boards, on boards built for long chains and along
random games; the Python one serves where the C module is missing; ``has_jump`` agrees
with the moves listed."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_macadam_support import GAME, Board, Square, simple_moves

from core.games.macadam import movegen
from core.games.macadam.board import GOAL, NORTH, SOUTH, mask
from core.games.macadam.moves import PawnMove
from core.games.macadam.python_movegen import python_pawn_moves

ROOT = Path(__file__).resolve().parents[2]


def c_compiler() -> str | None:
    """The C compiler this Python builds extensions with, if it is installed."""
    command = (sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(command[0]) if command else None


def both(own: int, other: int, seat: int) -> list[PawnMove]:
    """The moves of both generators, asserted identical: values, types and order."""
    c_moves = movegen.pawn_moves(own, other, seat)
    python_moves = python_pawn_moves(own, other, seat)
    assert c_moves == python_moves
    assert [type(move) for move in c_moves] == [PawnMove] * len(c_moves)
    assert [type(move.via) for move in c_moves] == [tuple] * len(c_moves)
    return c_moves


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, int]:
    """Any two disjoint sets of pawns (any number of each, anywhere) and a seat to move."""
    squares = draw(st.permutations(range(64)))
    own_count = draw(st.integers(0, 32))
    other_count = draw(st.integers(0, 32))
    own = mask(squares[:own_count])
    other = mask(squares[own_count : own_count + other_count])
    return own, other, draw(st.sampled_from((SOUTH, NORTH)))


def test_the_c_generator_is_built_wherever_a_compiler_is() -> None:
    # The package builds _movegen.c at install time unless no C compiler is found.
    assert movegen.ACCELERATED or c_compiler() is None, (
        "core/games/macadam/_movegen.c is not built here although a C compiler is: "
        "install the package again (pip install -e .) to build it"
    )
    if movegen.ACCELERATED:
        assert movegen.pawn_moves is not python_pawn_moves


def as_board(own: int, other: int, seat: int) -> Board:
    """The simple rules' board (``test_macadam_support``) of these pawns."""
    board: Board = {}
    for square in range(64):
        if (own | other) >> square & 1:
            board[(square % 8, square // 8)] = seat if own >> square & 1 else 1 - seat
    return board


def as_paths(moves: list[PawnMove]) -> set[tuple[Square, ...]]:
    return {tuple((square % 8, square // 8) for square in move.path) for move in moves}


@settings(max_examples=400, deadline=None)
@given(boards())
def test_both_generators_list_the_same_moves_on_any_board(board: tuple[int, int, int]) -> None:
    moves = both(*board)
    assert len(set(moves)) == len(moves)
    assert as_paths(moves) == simple_moves(as_board(*board), board[2])


def mirrored(squares: list[tuple[int, int]], seat: int) -> int:
    """The bitboard of (file, rank) squares, as South sees them: turned over for North."""
    return mask(file + 8 * (rank if seat == SOUTH else 7 - rank) for file, rank in squares)


@pytest.mark.parametrize("seat", [SOUTH, NORTH])
def test_chains_through_a_field_of_pawns(seat: int) -> None:
    # Own pawns on every square of files a-e and ranks 1-5 with an odd file or rank, and
    # one on a1: it can jump from square to square of the rest of the even-even squares
    # (e1 excepted, in South's goal), in every order a king could walk them.
    field = [(file, rank) for file in range(5) for rank in range(5)]
    own = mirrored([(f, r) for f, r in field if f % 2 or r % 2], seat) & ~GOAL[seat]
    start = mirrored([(0, 0)], seat)
    moves = both(own | start, 0, seat)
    assert as_paths(moves) == simple_moves(as_board(own | start, 0, seat), seat)
    chains = [move for move in moves if 1 << move.start == start]
    assert max(len(move.via) for move in chains) == 6  # seven landings: all but e1 and a1
    # Each chain once: 607 of them, as the simple rules count them too (above).
    assert len(chains) == len({move.path for move in chains}) == 607


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["dots", "free"]))
def test_both_generators_agree_along_random_games(seed: int, start: str) -> None:
    rng = random.Random(seed)
    state = GAME.new({"start": start}, seed)
    for _ in range(300):
        moves = GAME.legal_moves(state)
        if not moves or GAME.outcome(state) is not None:
            break
        if not state.placing:
            own, other = (state.north, state.south) if state.side else (state.south, state.north)
            assert both(own, other, state.side) == moves
        state = GAME.apply(state, rng.choice(moves))


@settings(max_examples=300, deadline=None)
@given(boards())
def test_has_jump_says_whether_any_move_is_a_jump(board: tuple[int, int, int]) -> None:
    own, other, seat = board
    moves = movegen.pawn_moves(own, other, seat)
    jumps = [move for move in moves if move.via or is_single_jump(move, own)]
    assert movegen.has_jump(own, own | other, seat) == bool(jumps)


def is_single_jump(move: PawnMove, own: int) -> bool:
    """A move two squares on in a line over a pawn of the mover: a slide never passes a pawn."""
    files = move.end % 8 - move.start % 8
    ranks = move.end // 8 - move.start // 8
    two_on = {abs(files), abs(ranks)} <= {0, 2} and (files, ranks) != (0, 0)
    return two_on and bool(own >> (move.start + move.end) // 2 & 1)


def test_the_c_generator_refuses_bad_arguments_with_clear_errors() -> None:
    if c_compiler() is None:
        pytest.skip("no C compiler here: the C generator cannot have been built")
    from core.games.macadam import _movegen

    with pytest.raises(ValueError, match="seat"):
        _movegen.pawn_moves(1, 2, 2)
    with pytest.raises(OverflowError):
        _movegen.pawn_moves(1 << 64, 0, 0)
    with pytest.raises(OverflowError):
        _movegen.pawn_moves(-1, 0, 0)
    with pytest.raises(TypeError, match="int"):
        _movegen.pawn_moves("a1", 0, 0)
    with pytest.raises(TypeError):
        _movegen.configure(tuple, (), [], [])
    rays = [[[[]] * 4] * 64] * 2
    lines = [[[(1, 2)]] * 63 + [[(64, 0)]]] * 2  # all well but the very last
    with pytest.raises(ValueError, match="64 is not a square"):
        _movegen.configure(PawnMove, movegen_steps(), rays, lines)
    with pytest.raises(ValueError, match="expected 64 items"):
        _movegen.configure(PawnMove, movegen_steps(), [[]] * 2, lines)
    # A refused configuration leaves the generator as it was.
    assert _movegen.pawn_moves(0xFF00, 0, SOUTH) == python_pawn_moves(0xFF00, 0, SOUTH)


def movegen_steps() -> tuple[PawnMove, ...]:
    return tuple(PawnMove(start, end) for start in range(64) for end in range(64))


FALLBACK = """
import sys
sys.modules["core.games.macadam._movegen"] = None  # as if it had not been built
from core.games.macadam import movegen
from core.games.macadam.python_movegen import python_pawn_moves
from core import find_game
game = find_game("macadam")
state = game.new({}, 0)
print(movegen.ACCELERATED, movegen.pawn_moves is python_pawn_moves, len(game.legal_moves(state)))
"""


def test_without_the_c_module_the_python_generator_serves() -> None:
    result = subprocess.run(
        [sys.executable, "-c", FALLBACK], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True", str(len(GAME.legal_moves(GAME.new({}, 0))))]
