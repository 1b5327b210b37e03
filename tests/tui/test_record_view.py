"""The read-only view of a record: it reads as the record does, always as it stands now, and
every way of changing the game through it is refused."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest

from core import GameRecord, find_game
from core.record import Node
from saves.format import dumps
from tui.play.record_view import CHANGING_METHODS, NodeView, ReadOnlyRecordError, RecordView

MARTIAN = find_game("martian")

#: The methods of ``GameRecord`` that only read it.
READING_METHODS = {"outcome", "line", "mainline", "walk", "node_at"}
#: The fields of a position (``core.record.Node``).
FIELDS = ("state", "move", "notation", "parent", "children", "comment", "redo_index", "line_ends")
#: Every way of changing a list, tried on a position's children.
CHILDREN_CHANGES: tuple[Callable[[list[Node], Node], object], ...] = (
    lambda children, node: children.append(node),
    lambda children, node: children.extend([node]),
    lambda children, node: children.insert(0, node),
    lambda children, node: children.remove(node),
    lambda children, node: children.pop(),
    lambda children, node: children.clear(),
    lambda children, node: children.sort(key=id),
    lambda children, node: children.reverse(),
    lambda children, node: children.__setitem__(0, node),
    lambda children, node: children.__delitem__(0),
    lambda children, node: children.__iadd__([node]),
    lambda children, node: children.__imul__(2),
)


def played(plies: int) -> GameRecord:
    record = GameRecord(MARTIAN, seed=2, players=["ann", "bo"], tags={"Event": "club"})
    for _ in range(plies):
        record.play(MARTIAN.legal_moves(record.state)[0], main=True)
    return record


def test_every_method_of_a_record_either_reads_or_is_refused_on_the_view() -> None:
    methods = {
        name
        for name, _ in inspect.getmembers(GameRecord, inspect.isfunction)
        if not name.startswith("_")
    }
    assert methods == READING_METHODS | set(CHANGING_METHODS)
    record = played(2)
    view = RecordView(record)
    for name in CHANGING_METHODS:
        with pytest.raises(ReadOnlyRecordError, match=name):
            getattr(view, name)(record.root)
    assert record.current.ply == 2 and len(record.root.children) == 1


def test_no_field_of_the_view_can_be_set_and_what_it_gives_are_copies() -> None:
    record = played(1)
    view = RecordView(record)
    for field in ("game", "options", "seed", "players", "start_position", "tags", "root"):
        with pytest.raises(ReadOnlyRecordError):
            setattr(view, field, getattr(view, field))
    with pytest.raises(ReadOnlyRecordError):
        view.current = record.root
    with pytest.raises(ReadOnlyRecordError):
        view.anything = 1
    with pytest.raises(ReadOnlyRecordError):
        del view.players
    view.players[0] = "mallory"
    view.tags.clear()
    view.options.clear()
    assert record.players == ["ann", "bo"] and record.tags == {"Event": "club"}
    assert record.options and record.current.ply == 1


def test_the_view_reads_the_record_as_it_stands_now() -> None:
    record = played(0)
    view = RecordView(record)
    assert view.state == record.state and view.outcome() is None
    record.play(MARTIAN.legal_moves(record.state)[0], main=True)
    assert view.current == record.current and view.state == record.state
    assert view.line() == record.line() and view.mainline() == record.mainline()
    assert list(view.walk()) == list(record.walk())
    assert view.seat_names == record.seat_names and view.players == record.players
    assert (view.game, view.seed, view.tags) == (record.game, record.seed, record.tags)
    # A finished table's game is copied for review from the view, as from the record.
    assert dumps(view) == dumps(record)


def test_no_position_reached_from_the_view_can_change_the_game() -> None:
    record = played(3)
    record.undo()
    record.play(MARTIAN.legal_moves(record.state)[1])  # a variation at the second move
    before = dumps(record)
    view = RecordView(record)
    nodes = [view.root, view.current, *view.walk(), *view.line(), *view.mainline()]
    assert all(isinstance(node, NodeView) for node in nodes)
    for node in nodes:
        for field in FIELDS:
            with pytest.raises(ReadOnlyRecordError, match=field):
                setattr(node, field, getattr(node, field))
        with pytest.raises(ReadOnlyRecordError):
            node.anything = 1
        with pytest.raises(ReadOnlyRecordError):
            del node.comment
        children = node.children
        for change in CHILDREN_CHANGES:
            with pytest.raises(ReadOnlyRecordError):
                change(children, node)
        assert node.parent is None or isinstance(node.parent, NodeView)
    assert dumps(record) == before


def test_the_positions_of_the_view_read_as_the_record_s_own() -> None:
    record = played(3)
    view = RecordView(record)
    assert view.current == record.current and view.current is view.current
    assert view.current.parent is view.line()[-2] and view.root.children[0] == record.line()[0]
    for mine, theirs in zip(view.line(), record.line(), strict=True):
        assert (mine.ply, mine.path(), mine.notation, mine.move, mine.state) == (
            theirs.ply,
            theirs.path(),
            theirs.notation,
            theirs.move,
            theirs.state,
        )
        assert mine.is_mainline() and mine.continuation == theirs.continuation
