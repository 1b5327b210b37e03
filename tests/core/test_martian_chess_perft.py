"""Martian Chess perft: legal-move counts to depth 3 from several positions.

The counts in ``data/martian_chess_perft.txt`` are checked against the game's generator and
against a deliberately simple one written here from the rules alone: it tries every pair of
squares, tests the move shape by coordinates and walks the squares in between.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core import find_game
from core.games.martian_chess.moves import CLOCK, PASS, Move

GAME = find_game("martian-chess")
DATA = Path(__file__).parent / "data" / "martian_chess_perft.txt"
PAWN, DRONE, QUEEN = 1, 2, 3


def cases() -> list[tuple[str, list[int]]]:
    rows = []
    for line in DATA.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            position, _, counts = line.partition("|")
            rows.append((position.strip(), [int(n) for n in counts.split()]))
    return rows


def zone(state, square: int) -> int:
    """The seat owning ``square``, from its coordinates."""
    width = 4 if len(state.board) == 32 else 8
    file, rank = square % width, square // width
    if width == 4:
        return 0 if rank < 4 else 1
    if file < 4:
        return 0 if rank < 4 else 1
    return 2 if rank >= 4 else 3


def shape_ok(piece: int, df: int, dr: int) -> bool:
    if piece == PAWN:
        return abs(df) == 1 and abs(dr) == 1
    if piece == DRONE:
        return (df == 0 or dr == 0) and 1 <= abs(df) + abs(dr) <= 2
    return (df == 0 or dr == 0 or abs(df) == abs(dr)) and (df, dr) != (0, 0)


def simple_legal_moves(state) -> set[Move]:
    board = state.board
    if state.empty_zone >= 0 or state.clock >= 7:
        return set()
    width = 4 if len(board) == 32 else 8
    seat = state.to_move
    mine = [sq for sq in range(len(board)) if board[sq] and zone(state, sq) == seat]
    kinds = {board[sq] for sq in mine}
    moves = set()
    for src in mine:
        piece = board[src]
        for dst in range(len(board)):
            df = dst % width - src % width
            dr = dst // width - src // width
            if not shape_ok(piece, df, dr):
                continue
            steps = max(abs(df), abs(dr))
            step = (df // steps) + (dr // steps) * width
            if any(board[src + step * k] for k in range(1, steps)):
                continue
            target = board[dst]
            if target and zone(state, dst) == seat:
                made = piece + target
                if QUEEN in (piece, target) or made > QUEEN or made in kinds:
                    continue
            if state.crossing is not None and (dst, src) == tuple(state.crossing):
                continue
            moves.add(Move(src, dst))
    if not moves:
        moves.add(PASS)
    if state.clock == -1:
        moves.add(CLOCK)
    return moves


def perft(state, depth: int, check: bool) -> int:
    moves = GAME.legal_moves(state)
    if check:
        assert set(moves) == simple_legal_moves(state), GAME.write_position(state)
        assert len(set(moves)) == len(moves)
    if depth == 1:
        return len(moves)
    return sum(perft(GAME.apply(state, move), depth - 1, check) for move in moves)


def test_the_table_covers_both_boards_and_mid_games():
    positions = [position for position, _ in cases()]
    assert GAME.write_position(GAME.new()) in positions
    assert GAME.write_position(GAME.new({"players": "4"})) in positions
    assert len(positions) >= 6


@pytest.mark.parametrize(("position", "counts"), cases())
def test_perft_counts(position, counts):
    state = GAME.read_position(position)
    assert [perft(state, depth, check=False) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(("position", "counts"), cases())
def test_generator_agrees_with_simple_generator_to_depth_3(position, counts):
    state = GAME.read_position(position)
    assert perft(state, 3, check=True) == counts[2]
