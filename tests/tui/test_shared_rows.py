"""The log's rows of a record, worked out once for each change and shared: whatever happens
to the game (moves, undo and redo, takebacks, a look back, variations, comments, verdicts,
promotions, deletions, a game taken over in place), they are the rows worked out from
scratch; a move played at the end adds its rows to those kept; and every screen of a game
shares one working out."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core import GameRecord, find_game
from core.record import Node
from tui.play import shared_rows
from tui.play.move_tree_rows import tree_rows
from tui.play.record_view import NodeView, RecordView
from tui.play.shared_rows import log_rows

MARTIAN = find_game("martian")


def assert_as_from_scratch(record: GameRecord) -> None:
    rows, nodes, current = log_rows(record)
    expected_rows, expected_nodes, expected_current = tree_rows(record)
    assert rows == expected_rows
    assert current == expected_current
    assert list(nodes) == expected_nodes


def random_changes(record: GameRecord, rng: random.Random, steps: int) -> None:
    """Change ``record`` in every way a game or its review can, checking the rows each time."""
    for _ in range(steps):
        choice = rng.random()
        node = record.current
        moves = MARTIAN.legal_moves(node.state)
        if choice < 0.55 and moves:
            # Mostly the first moves, so that lines meet again; the clock now and then.
            move = rng.choice(moves[:3]) if rng.random() < 0.7 else rng.choice(moves)
            record.play(move, main=rng.random() < 0.6)
        elif choice < 0.65:
            record.undo(main=rng.random() < 0.5)
        elif choice < 0.72:
            record.redo(main=rng.random() < 0.5)
        elif choice < 0.78:
            nodes = [record.root, *record.walk()]
            record.goto(rng.choice(nodes), main=rng.random() < 0.3)
        elif choice < 0.84 and node.parent is not None:
            node.comment = rng.choice(["", "a plan", "a [bold]plan[/]"])
        elif choice < 0.88 and node.parent is not None:
            node.nags = rng.choice([(), (2,), (4,), (6, 2)])
        elif choice < 0.92 and node.parent is not None:
            record.promote(node)
        elif choice < 0.95:
            variations = [n for n in record.walk() if not n.is_mainline()]
            if variations:
                record.delete(rng.choice(variations))
        elif choice < 0.97:
            record.root.comment = rng.choice(["", "before the game"])
        assert_as_from_scratch(record)


@pytest.mark.parametrize("seed", range(6))
def test_the_rows_are_those_worked_out_from_scratch_whatever_the_game_goes_through(
    seed: int,
) -> None:
    rng = random.Random(seed)
    record = GameRecord(MARTIAN, seed=seed, players=["ann", "bo"])
    assert_as_from_scratch(record)
    random_changes(record, rng, 250)


def test_a_long_game_at_a_table_with_takebacks_and_a_look_back() -> None:
    """A live game (every move on the main line), its takebacks, clock calls, a game taken over
    in place from the store, and a record's view, as the screens at a table read it."""
    rng = random.Random(11)
    record = GameRecord(MARTIAN, seed=3, players=["ann", "bo"])
    view = RecordView(record)
    for ply in range(300):
        moves = MARTIAN.legal_moves(record.state)
        if not moves or MARTIAN.outcome(record.state) is not None:
            break
        clock = [m for m in moves if MARTIAN.format_move(record.state, m) == "clock"]
        record.play(clock[0] if clock and rng.random() < 0.3 else rng.choice(moves), main=True)
        if ply % 23 == 22:
            record.undo(main=True)  # a takeback
            if rng.random() < 0.5:
                record.undo(main=True)
        if ply % 41 == 40:
            looked_at = record.current
            record.goto(rng.choice(record.line()))  # looking back, then back to the game
            assert_as_from_scratch(view)
            record.goto(looked_at)
        assert_as_from_scratch(view)
    _rows, nodes, current = log_rows(view)
    assert isinstance(nodes[current], NodeView) and nodes[current] == record.current
    taken_over = GameRecord(MARTIAN, seed=3, players=["ann", "bo"])
    taken_over.play(MARTIAN.legal_moves(taken_over.state)[0], main=True)
    vars(record).update(vars(taken_over))  # as ``Table.adopt`` takes a stored game over
    assert_as_from_scratch(view)


def test_a_move_at_the_end_adds_its_rows_to_those_kept(monkeypatch: Any) -> None:
    record = GameRecord(MARTIAN, seed=1, players=["ann", "bo"])
    for _ in range(30):
        record.play(MARTIAN.legal_moves(record.state)[0], main=True)
    before = log_rows(record).rows
    worked_out: list[GameRecord] = []

    def counted(record: GameRecord) -> Any:
        worked_out.append(record)
        return tree_rows(record)

    monkeypatch.setattr(shared_rows, "tree_rows", counted)
    record.play(MARTIAN.legal_moves(record.state)[0], main=True)
    after = log_rows(record).rows
    assert worked_out == []  # not worked out from scratch
    assert len(after) == len(before) + 1
    assert all(kept is row for kept, row in zip(before[:-1], after, strict=False))
    assert after == tree_rows(record)[0]


def test_the_screens_of_one_game_share_one_working_out(monkeypatch: Any) -> None:
    record = GameRecord(MARTIAN, seed=1, players=["ann", "bo"])
    record.play(MARTIAN.legal_moves(record.state)[0], main=True)
    record.play(MARTIAN.legal_moves(record.state)[0], main=True)
    record.undo(main=True)  # not one move on: worked out from scratch
    view = RecordView(record)
    worked_out: list[GameRecord] = []

    def counted(record: GameRecord) -> Any:
        worked_out.append(record)
        return tree_rows(record)

    monkeypatch.setattr(shared_rows, "tree_rows", counted)
    seen = [log_rows(view) for _screen in range(6)]
    assert worked_out == [record]
    assert all(rows.rows is seen[0].rows for rows in seen)
    node: Node = seen[0].nodes[0]
    assert isinstance(node, NodeView)
