"""The bitboard helpers shared by the games."""

from __future__ import annotations

from itertools import combinations

from core.bitboards import subsets


def test_subsets_lists_every_subset_once_the_empty_one_first() -> None:
    bits = 0b1011_0010
    found = list(subsets(bits))
    squares = [1, 4, 5, 7]
    expected = {
        sum(1 << s for s in chosen) for n in range(5) for chosen in combinations(squares, n)
    }
    assert found[0] == 0
    assert len(found) == len(expected) == 16
    assert set(found) == expected


def test_the_empty_board_has_only_the_empty_subset() -> None:
    assert list(subsets(0)) == [0]
