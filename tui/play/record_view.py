"""A read-only window on a game record that something else owns and changes.

A table (``tui.play.table.Table``) owns its game's record; the screens at it draw from a
``RecordView`` of it (``Table.view``): always the record as it stands now, read the way the
board screen, its panels and its log read any record, but never changed through it. Every way
of changing a record raises ``ReadOnlyRecordError``: the moves and walks of ``GameRecord``, and
setting any of its fields. The players, options and tags it gives are copies. The positions it
gives (``current``, ``root``, and every parent and child of theirs) are ``NodeView``s, read-only
in the same way: setting a field of one (a comment, the line ``redo`` follows) raises, and the
children it gives are a list of its own. A screen that wants the game to change sends its
intent to the table (``tui.play.table_seat.TableSeat``).
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any, NoReturn, overload

from core.game import Game
from core.outcome import Outcome
from core.record import GameRecord, Node

#: The methods of ``GameRecord`` that change it: each raises on a view.
CHANGING_METHODS = (
    "play",
    "play_text",
    "undo",
    "redo",
    "goto",
    "end_main_line_at",
    "promote",
    "delete",
)


class ReadOnlyRecordError(TypeError):
    """Something tried to change a game through a read-only view of it."""


def _refuse(name: str) -> NoReturn:
    raise ReadOnlyRecordError(
        f"this game is read-only here ({name}): its changes go to whoever owns it"
    )


def _refusing(name: str) -> Any:
    def refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
        _refuse(name)

    refuse.__name__ = name
    refuse.__doc__ = f"Refused: ``{name}`` would change the game."
    return refuse


class ReadOnlyList(list[Node]):
    """A list of positions that raises ``ReadOnlyRecordError`` on every change."""

    __slots__ = ()

    append = _refusing("append to a position's children")
    extend = _refusing("extend a position's children")
    insert = _refusing("insert into a position's children")
    remove = _refusing("remove from a position's children")
    pop = _refusing("pop from a position's children")
    clear = _refusing("clear a position's children")
    sort = _refusing("sort a position's children")
    reverse = _refusing("reverse a position's children")
    __setitem__ = _refusing("set a position's child")
    __delitem__ = _refusing("delete a position's child")
    __iadd__ = _refusing("add to a position's children")
    __imul__ = _refusing("repeat a position's children")


def _node_field(name: str) -> Any:
    """A field of ``NodeView``: read from its node, never set."""

    def read(self: NodeView) -> object:
        return getattr(self._node, name)

    def refuse(self: NodeView, value: object) -> NoReturn:
        _refuse(f"setting {name} of a position")

    return property(read, refuse, doc=f"The node's ``{name}``, read-only.")


class NodeView(Node):
    """The position ``node`` of a record, read-only: it reads as the node does, its parent and
    children are views too, and setting any of its fields raises ``ReadOnlyRecordError``. A
    view equals the node it shows (``==``), and each node has one view per ``RecordView``, so
    a screen may tell positions apart by identity as it does on a record."""

    __slots__ = ("_node", "_views")
    _node: Node
    _views: _NodeViews

    def __init__(self, node: Node, views: _NodeViews) -> None:
        # No Node.__init__: the view keeps no fields of its own.
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_views", views)

    def __setattr__(self, name: str, value: object) -> None:
        _refuse(f"setting {name} of a position")

    def __delattr__(self, name: str) -> None:
        _refuse(f"deleting {name} of a position")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, NodeView):
            return other._node is self._node
        return other is self._node

    def __hash__(self) -> int:
        return id(self._node)

    def __repr__(self) -> str:
        return f"NodeView({self._node.notation or 'start'}, ply {self._node.ply})"

    state = _node_field("state")
    move = _node_field("move")
    notation = _node_field("notation")
    comment = _node_field("comment")
    evaluation = _node_field("evaluation")
    nags = _node_field("nags")
    clock = _node_field("clock")
    redo_index = _node_field("redo_index")
    line_ends = _node_field("line_ends")

    @property
    def parent(self) -> Node | None:
        parent = self._node.parent
        return None if parent is None else self._views.of(parent)

    @parent.setter
    def parent(self, value: Node | None) -> None:
        _refuse("setting parent of a position")

    @property
    def children(self) -> list[Node]:
        """Views of the node's children, in a list that refuses every change."""
        return ReadOnlyList(self._views.of(child) for child in self._node.children)

    @children.setter
    def children(self, value: list[Node]) -> None:
        _refuse("setting children of a position")


class _NodeViews:
    """The one view of each node of a record, made as it is first asked for."""

    def __init__(self) -> None:
        self._views: weakref.WeakValueDictionary[int, NodeView] = weakref.WeakValueDictionary()

    def of(self, node: Node) -> NodeView:
        view = self._views.get(id(node))
        if view is None:  # a view holds its node, so no other node can take this id meanwhile
            view = self._views[id(node)] = NodeView(node, self)
        return view


class RecordView(GameRecord):
    """The record ``record`` as it stands, read-only (see the module's docstring).

    It is a ``GameRecord`` to whatever reads one (the board screen, ``tui.play.describe``),
    sharing the owner's tree and current position; its own fields are the owner's, read
    through properties whose setters refuse.
    """

    __slots__ = ("_nodes", "_record")
    _record: GameRecord
    _nodes: _NodeViews

    def __init__(self, record: GameRecord) -> None:
        # No GameRecord.__init__: the view keeps no fields of its own.
        object.__setattr__(self, "_record", record)
        object.__setattr__(self, "_nodes", _NodeViews())

    def __setattr__(self, name: str, value: object) -> None:
        _refuse(f"setting {name}")

    def __delattr__(self, name: str) -> None:
        _refuse(f"deleting {name}")

    @property
    def game(self) -> Game[Any, Any]:
        return self._record.game

    @game.setter
    def game(self, value: Game[Any, Any]) -> None:
        _refuse("setting game")

    @property
    def options(self) -> dict[str, str]:
        return dict(self._record.options)

    @options.setter
    def options(self, value: dict[str, str]) -> None:
        _refuse("setting options")

    @property
    def seed(self) -> int:
        return self._record.seed

    @seed.setter
    def seed(self, value: int) -> None:
        _refuse("setting seed")

    @property
    def players(self) -> list[str]:
        return list(self._record.players)

    @players.setter
    def players(self, value: list[str]) -> None:
        _refuse("setting players")

    @property
    def start_position(self) -> str | None:
        return self._record.start_position

    @start_position.setter
    def start_position(self, value: str | None) -> None:
        _refuse("setting start_position")

    @property
    def tags(self) -> dict[str, str]:
        return dict(self._record.tags)

    @tags.setter
    def tags(self, value: dict[str, str]) -> None:
        _refuse("setting tags")

    @property
    def adjudicated(self) -> Outcome | None:
        return self._record.adjudicated

    @adjudicated.setter
    def adjudicated(self, value: Outcome | None) -> None:
        _refuse("setting adjudicated")

    @property
    def root(self) -> Node:
        return self._nodes.of(self._record.root)

    @root.setter
    def root(self, value: Node) -> None:
        _refuse("setting root")

    @property
    def current(self) -> Node:
        return self._nodes.of(self._record.current)

    @current.setter
    def current(self, value: Node) -> None:
        _refuse("setting current")

    def node_view(self, node: Node) -> Node:
        """The read-only view of the owner's ``node`` (see ``owned_record``)."""
        return self._nodes.of(node)

    play = _refusing("play")
    play_text = _refusing("play_text")
    undo = _refusing("undo")
    redo = _refusing("redo")
    goto = _refusing("goto")
    end_main_line_at = _refusing("end_main_line_at")
    promote = _refusing("promote")
    delete = _refusing("delete")


def owned_record(record: GameRecord) -> GameRecord:
    """The record ``record`` shows: the owner's for a ``RecordView``, else ``record`` itself.

    For reading a whole game quickly, without a view made for each position read (the log's
    rows, ``tui.play.shared_rows``): whatever reads it must never change it, and must hand
    out the positions it found through ``positions_as_seen``.
    """
    return record._record if isinstance(record, RecordView) else record


class _ViewedPositions(Sequence[Node]):
    """Positions of the owner's record, each given as its read-only view when asked for."""

    def __init__(self, view: RecordView, nodes: Sequence[Node]) -> None:
        self._view = view
        self._nodes = nodes

    def __len__(self) -> int:
        return len(self._nodes)

    @overload
    def __getitem__(self, index: int) -> Node: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Node]: ...

    def __getitem__(self, index: int | slice) -> Node | Sequence[Node]:
        if isinstance(index, slice):
            return [self._view.node_view(node) for node in self._nodes[index]]
        return self._view.node_view(self._nodes[index])


def positions_as_seen(record: GameRecord, nodes: Sequence[Node]) -> Sequence[Node]:
    """``nodes`` of ``owned_record(record)`` as ``record`` gives them: read-only views for a
    ``RecordView`` (made as each is asked for), the nodes themselves for a record."""
    return _ViewedPositions(record, nodes) if isinstance(record, RecordView) else nodes
