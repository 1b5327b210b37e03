"""Counting repeated positions in long histories (core.games.chase.repetition)."""

from __future__ import annotations

import random

from core.games.chase.repetition import LONG_HISTORY, extend_history


def test_counts_agree_with_a_plain_count_along_a_long_line_of_play() -> None:
    rng = random.Random(5)
    history: tuple[int, ...] = ()
    for _ in range(3 * LONG_HISTORY):
        key = rng.randrange(40)
        longer, seen = extend_history(history, key)
        assert longer == (*history, key)
        assert seen == longer.count(key)
        history = longer


def test_counts_agree_when_one_history_is_extended_in_several_ways() -> None:
    # Trying several moves from one position (or going back to an older one) must not let
    # the counts of one line leak into another.
    rng = random.Random(6)
    base = tuple(rng.randrange(30) for _ in range(2 * LONG_HISTORY))
    line = base
    for _ in range(5):
        line, _ = extend_history(line, 7)
    for key in (7, 7, 3, 29):
        for start in (base, line):
            longer, seen = extend_history(start, key)
            assert seen == longer.count(key)
            again, seen = extend_history(longer, key)
            assert seen == again.count(key)
