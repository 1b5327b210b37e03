"""Moves taken back in a game in progress: the main line ends where the game stands and the
moves taken back stay as a variation, until redo or a move brings them back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import GameRecord, find_game
from core.record import Node


@pytest.fixture
def record() -> GameRecord:
    return GameRecord(find_game("martian-chess"), {}, seed=0, players=["Ann", "Bob"])


def play_live(record: GameRecord, count: int, seed: int = 1) -> list[Node]:
    rng = random.Random(seed)
    nodes = []
    for _ in range(count):
        moves = list(record.game.legal_moves(record.state))
        nodes.append(record.play(rng.choice(moves), main=True))
    return nodes


def line_ends_at(record: GameRecord) -> list[Node]:
    return [node for node in [record.root, *record.walk()] if node.line_ends]


def test_a_live_undo_ends_the_main_line_where_the_game_stands(record: GameRecord) -> None:
    played = play_live(record, 6)
    assert record.undo(main=True) and record.undo(main=True)
    assert record.mainline() == played[:4]
    assert record.current is played[3]
    assert line_ends_at(record) == [played[3]]
    assert played[3].continuation is None
    assert played[3].children == [played[4]]
    assert not played[4].is_mainline() and not played[5].is_mainline()
    assert played[4].continuation is played[5]  # the moves taken back are one variation
    assert list(record.walk()) == played


def test_undo_in_review_keeps_the_main_line_whole(record: GameRecord) -> None:
    played = play_live(record, 6)
    assert record.undo() and record.undo()
    assert record.mainline() == played
    assert line_ends_at(record) == []


def test_live_redo_walks_the_moves_taken_back_into_the_main_line(record: GameRecord) -> None:
    played = play_live(record, 6)
    record.undo(main=True)
    record.undo(main=True)
    assert record.redo(main=True)
    assert record.mainline() == played[:5]
    assert line_ends_at(record) == [played[4]]
    assert record.redo(main=True)
    assert record.mainline() == played
    assert line_ends_at(record) == []
    assert not record.redo(main=True)


def test_a_new_move_after_a_live_undo_leaves_the_old_ones_beside_it(record: GameRecord) -> None:
    played = play_live(record, 4)
    record.undo(main=True)
    record.undo(main=True)
    old = played[2]
    other = next(m for m in record.game.legal_moves(record.state) if m != old.move)
    new = record.play(other, main=True)
    assert record.mainline() == [*played[:2], new]
    assert played[1].children == [new, old]
    assert line_ends_at(record) == []
    assert old.continuation is played[3]


def test_playing_the_move_taken_back_again_is_a_redo(record: GameRecord) -> None:
    played = play_live(record, 4)
    record.undo(main=True)
    record.undo(main=True)
    assert record.play(played[2].move, main=True) is played[2]
    assert record.mainline() == played[:3]
    assert line_ends_at(record) == [played[2]]


def test_going_back_live_several_moves_makes_one_plain_variation(record: GameRecord) -> None:
    played = play_live(record, 6)
    record.undo(main=True)
    record.goto(played[1], main=True)
    assert record.mainline() == played[:2]
    assert line_ends_at(record) == [played[1]]
    node, line = played[2], []
    while node is not None:
        line.append(node)
        node = node.continuation
    assert line == played[2:]


def test_every_move_taken_back_ends_the_main_line_at_the_start(record: GameRecord) -> None:
    played = play_live(record, 2)
    record.undo(main=True)
    record.undo(main=True)
    assert record.mainline() == []
    assert record.root.line_ends and record.root.children == [played[0]]
    assert not record.undo(main=True)


def test_promoting_a_move_taken_back_makes_the_main_line_go_on(record: GameRecord) -> None:
    played = play_live(record, 5)
    record.undo(main=True)
    record.undo(main=True)
    record.promote(played[4])
    assert record.mainline() == played
    assert line_ends_at(record) == []


def test_deleting_the_moves_taken_back_leaves_no_line_end(record: GameRecord) -> None:
    played = play_live(record, 4)
    record.undo(main=True)
    record.delete(played[3])
    assert record.mainline() == played[:3]
    assert line_ends_at(record) == []


live_steps = st.lists(st.tuples(st.sampled_from("pudg"), st.integers(0, 2**16)), max_size=40)


@settings(max_examples=40, deadline=None)
@given(steps=live_steps)
def test_a_live_game_always_stands_at_the_end_of_its_main_line(
    steps: list[tuple[str, int]],
) -> None:
    record = GameRecord(find_game("martian-chess"), {}, seed=3)
    for action, choice in steps:
        rng = random.Random(choice)
        if action == "p":
            moves = list(record.game.legal_moves(record.state))
            if moves:
                record.play(rng.choice(moves), main=True)
        elif action == "u":
            record.undo(main=True)
        elif action == "d":
            record.redo(main=True)
        else:
            record.goto(rng.choice(record.line() or [record.root]), main=True)
        mainline = record.mainline()
        assert record.current is (mainline[-1] if mainline else record.root)
        assert all(node.children for node in line_ends_at(record))
        assert line_ends_at(record) in ([], [record.current])
        assert record.current.line_ends == bool(record.current.children)
