"""Counting repeated positions in long histories (core.games.chase.repetition)."""

from __future__ import annotations

import random
from itertools import chain

from core import find_game
from core.games.chase.repetition import CHUNK, LONG_HISTORY, chunked, extend_chunked, extend_history


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


def test_a_chunked_history_is_the_plain_one_cut_in_chunks_with_the_same_counts() -> None:
    rng = random.Random(7)
    past: tuple[tuple[int, ...], ...] = ()
    recent: tuple[int, ...] = ()
    plain: tuple[int, ...] = ()
    saved = []
    for step in range(3 * LONG_HISTORY + 5):
        key = rng.randrange(40)
        past, recent, seen = extend_chunked(past, recent, key)
        plain = (*plain, key)
        assert tuple(chain(*past, recent)) == plain
        assert seen == plain.count(key)
        assert (past, recent) == chunked(plain)
        assert all(len(chunk) == CHUNK for chunk in past) and 1 <= len(recent) <= CHUNK
        if step % 97 == 0:
            saved.append((past, recent, plain))
    # Going back to an older history and extending it counts that history, not the newest.
    for old_past, old_recent, old_plain in saved:
        for key in (3, 3, 17):
            _, _, seen = extend_chunked(old_past, old_recent, key)
            assert seen == (*old_plain, key).count(key)


def test_tiles_positions_round_trip_at_the_chunk_boundaries_of_a_long_history() -> None:
    game = find_game("chase")
    state = game.new({"mode": "tiles"}, 2)
    rng = random.Random(2)
    checked = 0
    for _ in range(600):
        if game.outcome(state) is not None:
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        if len(state.history) % CHUNK in (CHUNK - 1, 0, 1) and len(state.history) > CHUNK:
            assert game.read_position(game.write_position(state)) == state
            checked += 1
    assert checked >= 6
