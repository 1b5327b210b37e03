"""The rows of the move log drawn as the whole tree of a record: the main line, each variation
indented below the move it replaces, and comments on rows of their own.

Rows come in the order of the save file (a move, its comment, its variations, then the line
goes on), so the log reads like the file. A plain function of a ``GameRecord``.

Rows are numbered by turns, not by moves: a move after which the same seat moves again
(calling the clock in Martian Chess, done at the start of a turn) shares its row with the move
that follows, ``5. clock, a4xa5``, and the row stands for the position after both. Only where
the game stands between the two (or a comment follows the first) do they take a row each, both
numbered 5.
"""

from __future__ import annotations

from typing import NamedTuple

from core.analysis_marks import VERDICT_SYMBOLS
from core.record import GameRecord, Node

#: Between a move that starts a turn and the move that ends it, on a row they share.
TURN_JOINER = ", "


class TreeRow(NamedTuple):
    """One row of the log: a move (``notation`` set) or a comment (``comment`` set).

    ``ahead`` marks moves after the current one on the line that stepping forward follows;
    ``on_line`` every row of that line (before or after the current move); ``depth`` how many
    variations deep the row is; ``opens`` marks the first move of a variation and ``closes``
    counts the variations that end with this move.
    """

    ply: int
    notation: str
    mover: str
    ahead: bool = False
    depth: int = 0
    on_line: bool = True
    opens: bool = False
    closes: int = 0
    comment: str = ""

    @property
    def is_comment(self) -> bool:
        return not self.notation


def marked(node: Node) -> str:
    """The move's notation with the computer's verdict on it, ``b6-a5??``."""
    return node.notation + "".join(VERDICT_SYMBOLS.get(nag, "") for nag in node.nags)


def ended_at(record: GameRecord, node: Node) -> bool:
    """Whether the game is over at ``node``: by its rules, or at the end of the main line
    of a game ended otherwise (on time)."""
    if record.adjudicated and node.continuation is None and node.is_mainline():
        return True
    return record.game.outcome(node.state) is not None


def starts_turn(record: GameRecord, node: Node) -> bool:
    """Whether the move to ``node`` leaves the same seat to move, its turn going on."""
    parent, game = node.parent, record.game
    return (
        parent is not None
        and not ended_at(record, node)
        and game.to_move(node.state) == game.to_move(parent.state)
    )


def turn_number(record: GameRecord, parent_number: int, parent: Node) -> int:
    """The number of a move played after ``parent`` (numbered ``parent_number``; the start
    position 0): the next turn's, or the same where ``parent`` started the turn."""
    return parent_number if starts_turn(record, parent) else parent_number + 1


def followed_line(record: GameRecord) -> list[Node]:
    """The nodes from the first move to the current one, then on the way ``redo`` goes."""
    nodes = record.line()
    node = record.current
    while node.children:
        node = node.children[min(node.redo_index, len(node.children) - 1)]
        nodes.append(node)
    return nodes


class RowBuilder:
    """Adds the rows of moves and comments one by one, in the order of the save file."""

    def __init__(self, record: GameRecord, on_line: set[int], ahead: set[int]) -> None:
        self.record = record
        self.on_line = on_line
        self.ahead = ahead
        self.seats = record.seat_names
        self.rows: list[TreeRow] = []
        self.nodes: list[Node] = []
        self.current_row = -1
        #: A move that starts a turn, held back to share the row of the move that follows it.
        self.held: tuple[Node, bool] | None = None

    def joins_next(self, node: Node) -> bool:
        return (
            starts_turn(self.record, node)
            and node.continuation is not None
            and node is not self.record.current
            and not node.comment
        )

    def add_comment(self, node: Node, depth: int) -> None:
        if node.comment:
            key = id(node)
            self.rows.append(
                TreeRow(
                    0, "", "", key in self.ahead, depth, key in self.on_line, comment=node.comment
                )
            )
            self.nodes.append(node)

    def add_move(self, node: Node, ply: int, depth: int, opens: bool) -> None:
        parent = node.parent
        assert parent is not None
        if self.joins_next(node):
            self.held = (node, opens)  # its continuation is the next move added
            return
        notation = marked(node)
        if self.held is not None:
            first, opens = self.held
            notation = f"{marked(first)}{TURN_JOINER}{notation}"
            self.held = None
        if node is self.record.current:
            self.current_row = len(self.rows)
        mover = self.seats[self.record.game.to_move(parent.state)]
        key = id(node)
        self.rows.append(
            TreeRow(ply, notation, mover, key in self.ahead, depth, key in self.on_line, opens)
        )
        self.nodes.append(node)
        self.add_comment(node, depth)

    def close_variation(self) -> None:
        rows = self.rows
        for index in range(len(rows) - 1, -1, -1):
            if not rows[index].is_comment:
                rows[index] = rows[index]._replace(closes=rows[index].closes + 1)
                return


def tree_rows(record: GameRecord) -> tuple[tuple[TreeRow, ...], list[Node], int]:
    """The rows of the whole tree, the node each row stands for, and the index of the current
    move's row (``-1`` at the start position), worked out from scratch."""
    line = followed_line(record)
    on_line = {id(record.root), *(id(node) for node in line)}
    ahead = {id(node) for node in line[len(record.line()) :]}
    builder = RowBuilder(record, on_line, ahead)
    builder.add_comment(record.root, 0)
    # An explicit stack instead of recursion: a main line can be thousands of moves long.
    stack: list[tuple[str, Node, int, int]] = [("after", record.root, 0, 0)]
    while stack:
        task, node, ply, depth = stack.pop()
        if task == "move":
            builder.add_move(node, ply, depth, opens=False)
        elif task == "open":
            builder.add_move(node, ply, depth, opens=True)
        elif task == "close":
            builder.close_variation()
        elif node.children:
            main = node.continuation  # None where the line ends: every child is a variation
            variations = node.children if main is None else node.children[1:]
            number = turn_number(record, ply, node)
            if main is not None:
                stack.append(("after", main, number, depth))
            for variation in reversed(variations):
                stack.append(("close", variation, 0, 0))
                stack.append(("after", variation, number, depth + 1))
                stack.append(("open", variation, number, depth + 1))
            if main is not None:
                stack.append(("move", main, number, depth))
    return tuple(builder.rows), builder.nodes, builder.current_row
