"""Perft: move counts at depth 1-3 from several positions, kept in data/chase_perft.txt, with
the shallow levels counted again by the simple implementation in test_chase_support."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_chase_support import GAME, simple_count

from core.games.chase.state import ChaseState

DATA = Path(__file__).parent / "data" / "chase_perft.txt"


def rows() -> list[tuple[str, str, list[int]]]:
    found = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, text, *counts = (part.strip() for part in line.split("|"))
        found.append((name, text, [int(count) for count in counts]))
    return found


ROWS = rows()


def perft(state: ChaseState, depth: int) -> int:
    moves = GAME.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(GAME.apply(state, move), depth - 1) for move in moves)


def test_the_data_file_covers_every_mode() -> None:
    assert {name for name, _, _ in ROWS} >= {"opening", "middle", "chain", "tiles", "gold"}
    assert {text.split()[0] for _, text, _ in ROWS} == {
        "mode:regular",
        "mode:tiles",
        "mode:gold",
    }


@pytest.mark.parametrize(("name", "text", "counts"), ROWS, ids=[row[0] for row in ROWS])
def test_perft_counts(name: str, text: str, counts: list[int]) -> None:
    state = GAME.read_position(text)
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(("name", "text", "counts"), ROWS, ids=[row[0] for row in ROWS])
def test_the_simple_implementation_counts_the_same_two_plies_deep(
    name: str, text: str, counts: list[int]
) -> None:
    state = GAME.read_position(text)
    assert simple_count(state) == counts[0]
    level = [GAME.apply(state, move) for move in GAME.legal_moves(state)]
    assert sum(simple_count(child) for child in level) == counts[1]
    if counts[1] <= 1200:  # the third level where it is small enough to count twice
        total = 0
        for child in level:
            for move in GAME.legal_moves(child):
                total += simple_count(GAME.apply(child, move))
        assert total == counts[2]
