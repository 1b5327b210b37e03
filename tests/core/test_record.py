"""The game record: a tree of moves with a current node, undo, redo, variations."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import GameRecord, IllegalMoveError, find_game
from core.record import Node


@pytest.fixture
def record() -> GameRecord:
    return GameRecord(find_game("martian-chess"), {}, seed=0, players=["Ann", "Bob"])


def first_moves(record: GameRecord, count: int) -> list:
    return list(record.game.legal_moves(record.state))[:count]


def test_a_new_record_starts_at_the_root_with_the_game_start(record: GameRecord) -> None:
    game = record.game
    assert record.current is record.root
    assert record.state == game.new(record.options, 0)
    assert record.line() == []
    assert record.players == ["Ann", "Bob"]


def test_play_undo_redo_restore_the_exact_states(record: GameRecord) -> None:
    states = [record.state]
    for _ in range(6):
        record.play(first_moves(record, 1)[0])
        states.append(record.state)
    for expected in reversed(states[:-1]):
        assert record.undo()
        assert record.state == expected
    assert not record.undo()
    for expected in states[1:]:
        assert record.redo()
        assert record.state == expected
    assert not record.redo()


def test_an_illegal_move_raises_and_changes_nothing(record: GameRecord) -> None:
    before = record.current
    with pytest.raises(IllegalMoveError):
        record.play_text("a1-a2")
    assert record.current is before and not before.children


def test_playing_the_same_move_again_follows_the_existing_node(record: GameRecord) -> None:
    move = first_moves(record, 1)[0]
    node = record.play(move)
    record.undo()
    assert record.play(move) is node
    assert len(record.root.children) == 1


def test_another_move_after_undo_becomes_a_variation(record: GameRecord) -> None:
    a, b = first_moves(record, 2)
    main = record.play(a)
    record.undo()
    variation = record.play(b)
    assert record.root.children == [main, variation]
    assert main.is_mainline() and not variation.is_mainline()
    assert record.mainline() == [main]
    record.undo()
    assert record.redo() and record.current is variation


def test_a_move_after_undo_in_a_live_game_becomes_the_main_line(record: GameRecord) -> None:
    a, b = first_moves(record, 2)
    old = record.play(a, main=True)
    record.undo()
    new = record.play(b, main=True)
    assert record.root.children == [new, old]
    assert record.mainline() == [new]


def test_goto_promote_and_delete(record: GameRecord) -> None:
    a, b = first_moves(record, 2)
    record.play(a)
    reply = record.play(first_moves(record, 1)[0])
    record.goto(record.root)
    side = record.play(b)
    assert side.path() == (1,)
    record.goto(reply)
    assert record.current is reply and record.line()[-1] is reply
    record.promote(side)
    assert record.root.children[0] is side and side.is_mainline()
    record.delete(reply.parent)
    assert record.current is record.root
    assert record.root.children == [side]
    with pytest.raises(ValueError):
        record.delete(record.root)


def test_node_at_finds_nodes_by_path(record: GameRecord) -> None:
    node = record.play(first_moves(record, 1)[0])
    assert record.node_at(node.path()) is node
    assert record.node_at(()) is record.root


def replay_state(record: GameRecord, node: Node):
    state = record.root.state
    for step in record.line(node):
        state = record.game.play(state, step.move)
    return state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 80))
def test_random_walks_keep_every_node_consistent(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    record = GameRecord(find_game("martian-chess"), {}, seed=seed)
    for _ in range(steps):
        roll = rng.random()
        moves = record.game.legal_moves(record.state)
        if roll < 0.6 and moves:
            record.play(rng.choice(list(moves)), main=rng.random() < 0.5)
        elif roll < 0.75:
            record.undo()
        elif roll < 0.9:
            record.redo()
        else:
            record.goto(rng.choice([record.root, *record.walk()]))
    for node in record.walk():
        assert node.state == replay_state(record, node)
        assert record.node_at(node.path()) is node
        assert node.notation == record.game.format_move(node.parent.state, node.move)
