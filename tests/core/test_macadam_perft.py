"""Perft: legal move sequences of 1-3 plies from the positions in data/macadam_perft.txt,
counted by the engine and, independently, by the simple rules in test_macadam_support."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest
from test_macadam_support import (
    GAME,
    GOALS,
    NORTH,
    SOUTH,
    Board,
    Square,
    own_side,
    parse,
    simple_moves,
    simple_play,
    simple_winner,
)

from core.games.macadam.state import MacadamState

DATA = Path(__file__).parent / "data" / "macadam_perft.txt"
#: The simple rules count to depth 3 only below this many leaves, to keep the suite quick.
SIMPLE_LEAF_LIMIT = 200_000


def load_table() -> list[tuple[str, list[int]]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            text, *counts = (part.strip() for part in line.split("|"))
            rows.append((text, [int(count) for count in counts]))
    return rows


TABLE = load_table()


def engine_perft(state: MacadamState, depth: int) -> int:
    moves = GAME.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(engine_perft(GAME.apply(state, move), depth - 1) for move in moves)


# -- the simple count, from its own reading of the position text -------------------------


class Node(NamedTuple):
    board: Board
    seat: int
    first: int | None  # during placement: who moves first in the battle
    seen: tuple[tuple[frozenset, int], ...]  # battle positions so far, this one last


def key(board: Board, seat: int) -> tuple[frozenset, int]:
    return frozenset(board.items()), seat


def read_node(text: str) -> Node:
    rows, side, phase, history = text.split()
    board: Board = {}
    for row, rank_text in enumerate(rows.split("/")):
        file = 0
        for char in rank_text:
            if char.isdigit():
                file += int(char)
            else:
                board[(file, 7 - row)] = SOUTH if char == "P" else NORTH
                file += 1
    seat = SOUTH if side == "s" else NORTH
    if phase.startswith("place"):
        return Node(board, seat, SOUTH if phase.endswith("s") else NORTH, ())
    seen = [key(board, seat)]
    earlier, mover = board, 1 - seat
    pairs = [] if history == "-" else [history[i : i + 4] for i in range(0, len(history), 4)]
    for pair in reversed(pairs):
        earlier = simple_play(earlier, (parse(pair[2:]), parse(pair[:2])))
        seen.append(key(earlier, mover))
        mover = 1 - mover
    return Node(board, seat, None, tuple(reversed(seen)))


def placements(node: Node) -> list[Square]:
    return [
        (file, rank)
        for file in range(8)
        for rank in range(8)
        if own_side((file, rank), node.seat)
        and (file, rank) not in GOALS[node.seat]
        and (file, rank) not in node.board
    ]


def children(node: Node) -> list[Node]:
    if node.first is not None:
        result = []
        for square in placements(node):
            board = {**node.board, square: node.seat}
            if sum(1 for owner in board.values() if owner == NORTH) == 8:
                result.append(Node(board, node.first, None, (key(board, node.first),)))
            else:
                result.append(Node(board, 1 - node.seat, node.first, ()))
        return result
    if is_over(node):
        return []
    result = []
    for path in simple_moves(node.board, node.seat):
        board = simple_play(node.board, path)
        seat = 1 - node.seat
        result.append(Node(board, seat, None, (*node.seen, key(board, seat))))
    return result


def is_over(node: Node) -> bool:
    if node.first is not None or len(node.seen) < 2:
        return False
    return simple_winner(node.board, 1 - node.seat) or node.seen.count(node.seen[-1]) >= 3


def simple_perft(node: Node, depth: int) -> int:
    if depth == 1:
        if node.first is not None:
            return len(placements(node))
        return 0 if is_over(node) else len(simple_moves(node.board, node.seat))
    return sum(simple_perft(child, depth - 1) for child in children(node))


# -- the tests ------------------------------------------------------------------------------


def test_the_table_covers_several_positions_to_depth_three() -> None:
    assert len(TABLE) >= 6
    assert all(len(counts) == 3 for _, counts in TABLE)


@pytest.mark.parametrize(("text", "counts"), TABLE, ids=[f"row{i}" for i in range(len(TABLE))])
def test_engine_counts_match_the_table(text: str, counts: list[int]) -> None:
    state = GAME.read_position(text)
    assert [engine_perft(state, depth) for depth in (1, 2, 3)] == counts


@pytest.mark.parametrize(("text", "counts"), TABLE, ids=[f"row{i}" for i in range(len(TABLE))])
def test_simple_rules_count_the_same(text: str, counts: list[int]) -> None:
    """To depth 3 where the tree is small enough for the slow rules, else to depth 2."""
    node = read_node(text)
    depths = (1, 2, 3) if counts[2] < SIMPLE_LEAF_LIMIT else (1, 2)
    assert [simple_perft(node, depth) for depth in depths] == counts[: len(depths)]
