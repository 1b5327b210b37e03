"""The read-only view of a record: it reads as the record does, always as it stands now, and
every way of changing the game through it is refused."""

from __future__ import annotations

import inspect

import pytest

from core import GameRecord, find_game
from saves.format import dumps
from tui.play.record_view import CHANGING_METHODS, ReadOnlyRecordError, RecordView

MARTIAN = find_game("martian")

#: The methods of ``GameRecord`` that only read it.
READING_METHODS = {"outcome", "line", "mainline", "walk", "node_at"}


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
    assert view.current is record.current and view.state == record.state
    assert view.line() == record.line() and view.mainline() == record.mainline()
    assert list(view.walk()) == list(record.walk())
    assert view.seat_names == record.seat_names and view.players == record.players
    assert (view.game, view.seed, view.tags) == (record.game, record.seed, record.tags)
    # A finished table's game is copied for review from the view, as from the record.
    assert dumps(view) == dumps(record)
