"""A game record: options, seed, players, the start position and a tree of moves.

The first child of a node is its main line; further children are variations. A line may
also end at a node that has children (``Node.line_ends``): then every child is a variation.
That is where moves taken back in a game in progress stay: the main line ends where the game
stands, and the moves after it wait as a variation, for redo or for review.

The record keeps a current node: ``play`` adds a move there (or follows the same move already
in the tree), ``undo``/``redo`` walk the tree, ``goto`` jumps anywhere. With ``main=True``
(a game in progress) each of them also makes the line to the new current node the main line
and ends it there. Every node keeps its state, so undo restores a position exactly and costs
nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.errors import PositionError
from core.game import Game, Move, State
from core.outcome import Outcome


@dataclass(eq=False)
class Node:
    """One position in the tree and the move that led to it (``None`` at the root)."""

    state: State
    move: Move | None = None
    notation: str = ""
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    comment: str = ""
    #: The computer's analysis of the move: the mover's win chance after it (0 to 1,
    #: ``core.analysis``), ``None`` where the move was not analysed.
    evaluation: float | None = None
    #: Numeric annotation glyphs on the move (``$2`` a mistake, ``$4`` a blunder, ``$6`` an
    #: inaccuracy), in the order written.
    nags: tuple[int, ...] = ()
    #: The computer's best line from the position before the move, in notation (its first
    #: move is what it would have played instead; ``[%best ...]``); ``()`` where unknown.
    best_line: tuple[str, ...] = ()
    #: The mover's time left on its clock after the move, in seconds (``[%clk H:MM:SS]``),
    #: ``None`` in a game without a clock.
    clock: float | None = None
    #: The child that ``redo`` follows: the last one played or walked back from.
    redo_index: int = 0
    #: The line through this node stops here and every child is a variation (only ever set
    #: on a node with children).
    line_ends: bool = False

    @property
    def continuation(self) -> Node | None:
        """The next move of the line through this node, ``None`` where that line ends."""
        if self.line_ends or not self.children:
            return None
        return self.children[0]

    @property
    def ply(self) -> int:
        count, node = 0, self
        while node.parent is not None:
            count, node = count + 1, node.parent
        return count

    def path(self) -> tuple[int, ...]:
        """Child indices from the root to this node: ``()`` is the root."""
        indices: list[int] = []
        node = self
        while node.parent is not None:
            indices.append(node.parent.children.index(node))
            node = node.parent
        return tuple(reversed(indices))

    def is_mainline(self) -> bool:
        node = self
        while node.parent is not None:
            if node.parent.continuation is not node:
                return False
            node = node.parent
        return True


class GameRecord:
    """Everything needed to replay, save and review one game."""

    #: An ending that the rules of the last position do not give, at the end of the main
    #: line: a flag fallen, "on time" (``core.time_outcome``). ``None``: the rules decide.
    adjudicated: Outcome | None = None

    def __init__(
        self,
        game: Game[Any, Any],
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        players: Sequence[str] | None = None,
        start_position: str | None = None,
        tags: Mapping[str, str] | None = None,
    ) -> None:
        self.game = game
        self.options = game.resolve_options(options)
        self.seed = seed
        seats = game.seat_names(self.options)
        self.players = list(players) if players else list(seats)
        if len(self.players) != len(seats):
            raise ValueError(f"{game.name} with these options has {len(seats)} seats")
        self.start_position = start_position
        if start_position is None:
            start = game.new(self.options, seed)
        else:
            start = game.read_position(start_position)
        self.tags: dict[str, str] = dict(tags or {})
        self.root = Node(state=start)
        self.current = self.root
        self.adjudicated = None

    # -- reading --------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.current.state

    @property
    def seat_names(self) -> tuple[str, ...]:
        return self.game.seat_names(self.options)

    def outcome(self) -> Outcome | None:
        current = self.current
        if self.adjudicated and current.continuation is None and current.is_mainline():
            return self.adjudicated
        return self.game.outcome(self.current.state)

    def line(self, node: Node | None = None) -> list[Node]:
        """The nodes from the first move to ``node`` (default: the current node)."""
        node = node or self.current
        nodes: list[Node] = []
        while node.parent is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def mainline(self) -> list[Node]:
        """The main line's moves, up to where it ends (moves taken back are not on it)."""
        nodes: list[Node] = []
        node = self.root.continuation
        while node is not None:
            nodes.append(node)
            node = node.continuation
        return nodes

    def walk(self) -> Iterator[Node]:
        """Every node except the root, depth first, main line before variations."""
        stack = list(reversed(self.root.children))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def node_at(self, path: Sequence[int]) -> Node:
        node = self.root
        for index in path:
            if not 0 <= index < len(node.children):
                raise PositionError(f"there is no move at {'.'.join(map(str, path))}")
            node = node.children[index]
        return node

    # -- changing ---------------------------------------------------------------------------

    def play(self, move: Move, *, main: bool = False, checked: bool = False) -> Node:
        """Play ``move`` at the current node (checked by the rules) and make it current.

        If that move is already a child it is followed. Otherwise it becomes a new child:
        a variation (``main=False``, for analysis) or, for a game in progress
        (``main=True``), the main line, which then ends at the new move; the moves that
        stood after the current node stay as a variation. ``checked`` says the caller has
        the move from the game's own ``parse_move`` or ``legal_moves``, so the rules need
        not check it again.
        """
        node = self.current
        for index, child in enumerate(node.children):
            if child.move == move:
                node.redo_index = index
                self.current = child
                if main:
                    self.end_main_line_at(child)
                return child
        notation = self.game.format_move(node.state, move)
        if checked:
            new_state = self.game.apply(node.state, move)
        else:
            new_state = self.game.play(node.state, move)
        child = Node(state=new_state, move=move, notation=notation, parent=node)
        node.children.append(child)
        node.redo_index = len(node.children) - 1
        self.current = child
        if main:
            self.end_main_line_at(child)
        return child

    def play_text(self, text: str, *, main: bool = False) -> Node:
        """Play a move given in notation (``NotationError``/``IllegalMoveError`` if bad)."""
        return self.play(self.game.parse_move(self.current.state, text), main=main)

    def undo(self, *, main: bool = False) -> bool:
        """Step back a move (``False`` at the start). With ``main=True`` (a game in progress)
        the main line then ends here and the move taken back stays as a variation."""
        node = self.current
        if node.parent is None:
            return False
        node.parent.redo_index = node.parent.children.index(node)
        self.current = node.parent
        if main:
            self.end_main_line_at(node.parent)
        return True

    def redo(self, *, main: bool = False) -> bool:
        """Step forward along the way last walked (``False`` at the end of it). With
        ``main=True`` a move taken back in a game in progress returns to the main line."""
        node = self.current
        if not node.children:
            return False
        self.current = node.children[min(node.redo_index, len(node.children) - 1)]
        if main:
            self.end_main_line_at(self.current)
        return True

    def goto(self, node: Node, *, main: bool = False) -> None:
        """Make ``node`` current, remembering the way for ``redo``. With ``main=True`` (a game
        in progress going back or forth to ``node``) the main line runs to ``node`` and ends
        there; what stood after it stays as a variation."""
        self.current = node
        child = node
        while child.parent is not None:
            child.parent.redo_index = child.parent.children.index(child)
            child = child.parent
        if main:
            self.end_main_line_at(node)

    def end_main_line_at(self, node: Node) -> None:
        """Make the line to ``node`` the main line and end it at ``node``: its children, and
        the line that went on from it, become variations."""
        self.promote(node)
        after = node.continuation
        while after is not None:  # the old line on from here is one plain variation now
            after.line_ends = False
            after = after.continuation
        node.line_ends = bool(node.children)

    def promote(self, node: Node) -> None:
        """Make the variation holding ``node`` the main line at its branch point: every line
        on the way to ``node`` goes on to it."""
        while node.parent is not None:
            parent = node.parent
            siblings = parent.children
            siblings.insert(0, siblings.pop(siblings.index(node)))
            parent.redo_index = 0
            parent.line_ends = False
            node = parent

    def delete(self, node: Node) -> None:
        """Remove ``node`` and everything after it; the current node moves off it if needed."""
        parent = node.parent
        if parent is None:
            raise ValueError("the start position cannot be deleted")
        current: Node | None = self.current
        while current is not None and current is not node:
            current = current.parent
        parent.children.remove(node)
        parent.redo_index = 0
        parent.line_ends = parent.line_ends and bool(parent.children)
        if current is node:
            self.current = parent
