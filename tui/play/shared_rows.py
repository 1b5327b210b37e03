"""The move log's rows of a record, worked out once for each change of it and shared.

Every screen showing a game draws its log from ``tree_rows`` (``tui.play.move_tree_rows``):
at a table that is each player's and each spectator's screen, all reading one record. Here
the rows are kept with the record (weakly: they go when it goes) and worked out again only
when the record has changed since: each screen first reads what the rows depend on (every
position's place in the tree, its comment, verdicts and the line ``redo`` follows, the
current position, an ending on time), which costs far less than the rows, and the first
screen after a change pays for the rows, the others take them as they are.

A move played at the end of the game, the common change, costs its own row or two: the rows
of the move before it are set again (it may now share its row with the new move, ``clock,
a4xa5``) and the new move's added, the rest kept. Any other change works every row out again.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import NamedTuple

from core.record import GameRecord, Node
from tui.play.move_tree_rows import RowBuilder, TreeRow, tree_rows, turn_number
from tui.play.record_view import owned_record, positions_as_seen

#: What one position adds to what the rows depend on.
Entry = tuple[Node, str, tuple[int, ...], int, bool, int]


class LogRows(NamedTuple):
    """The rows of the log, the position each row stands for, and the current row (``-1``:
    the start position)."""

    rows: tuple[TreeRow, ...]
    nodes: Sequence[Node]
    current: int


class _Kept(NamedTuple):
    """The rows of one record as last worked out, with what they were worked out from."""

    basis: tuple[Entry, ...]
    current: Node
    current_entry: int
    adjudicated: object
    rows: tuple[TreeRow, ...]
    nodes: tuple[Node, ...]
    current_row: int


_kept: weakref.WeakKeyDictionary[GameRecord, _Kept] = weakref.WeakKeyDictionary()


def _basis(record: GameRecord) -> tuple[tuple[Entry, ...], int]:
    """What the rows depend on in the tree, position by position (depth first, in the order
    of the children), and the index of the current position's entry."""
    entries: list[Entry] = []
    current, current_entry = record.current, -1
    stack = [record.root]
    while stack:
        node = stack.pop()
        children = node.children
        if node is current:
            current_entry = len(entries)
        entries.append(
            (node, node.comment, node.nags, node.redo_index, node.line_ends, len(children))
        )
        stack.extend(reversed(children))
    return tuple(entries), current_entry


def log_rows(record: GameRecord) -> LogRows:
    """The rows ``tree_rows(record)`` gives, worked out once for each change of the record
    (see the module's docstring); a ``RecordView`` shares them with its owner's record."""
    owner = owned_record(record)
    basis, current_entry = _basis(owner)
    current, adjudicated = owner.current, owner.adjudicated
    kept = _kept.get(owner)
    if (
        kept is None
        or kept.current is not current
        or kept.adjudicated is not adjudicated
        or kept.basis != basis
    ):
        worked_out = None if kept is None else _one_move_on(owner, kept, basis, current_entry)
        if worked_out is None:
            rows, nodes, current_row = tree_rows(owner)
            worked_out = (rows, tuple(nodes), current_row)
        kept = _Kept(basis, current, current_entry, adjudicated, *worked_out)
        _kept[owner] = kept
    return LogRows(kept.rows, positions_as_seen(record, kept.nodes), kept.current_row)


def _one_move_on(
    record: GameRecord, kept: _Kept, basis: tuple[Entry, ...], current_entry: int
) -> tuple[tuple[TreeRow, ...], tuple[Node, ...], int] | None:
    """The rows after one move played at the end of the main line of the kept rows, by
    setting the last move's rows again and adding the new move's; ``None`` where the change
    is anything else, or the rows end otherwise (then every row is worked out again)."""
    before, node = kept.current, record.current
    at = kept.current_entry
    if (
        record.adjudicated is not None
        or kept.adjudicated is not None
        or node.parent is not before
        or node.children
        or current_entry != at + 1
        or not kept.nodes
        or kept.nodes[-1] is not before
    ):
        return None
    old_entry = kept.basis[at]
    if old_entry[5] != 0 or basis[at] != (*old_entry[:3], before.redo_index, False, 1):
        return None
    if basis[:at] != kept.basis[:at] or basis[at + 2 :] != kept.basis[at + 1 :]:
        return None
    # The kept rows of the last move: its row (and comment row) at the end, at the top level.
    first = len(kept.nodes)
    while first and kept.nodes[first - 1] is before:
        first -= 1
    row = kept.rows[first]
    parent = before.parent
    if row.is_comment or row.depth or row.opens or row.closes or parent is None:
        return None
    builder = RowBuilder(record, {id(before), id(node)}, set())
    if builder.joins_next(parent):  # its row is shared with the move before: not just its own
        return None
    builder.rows = list(kept.rows[:first])
    builder.nodes = list(kept.nodes[:first])
    builder.add_move(before, row.ply, 0, opens=False)
    builder.add_move(node, turn_number(record, row.ply, before), 0, opens=False)
    return tuple(builder.rows), tuple(builder.nodes), builder.current_row
