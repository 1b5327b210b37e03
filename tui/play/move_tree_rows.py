"""The rows of the move log drawn as the whole tree of a record: the main line, each variation
indented below the move it replaces, and comments on rows of their own.

Rows come in the order of the save file (a move, its comment, its variations, then the line
goes on), so the log reads like the file. A plain function of a ``GameRecord``.
"""

from __future__ import annotations

from typing import NamedTuple

from core.record import GameRecord, Node


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


def followed_line(record: GameRecord) -> list[Node]:
    """The nodes from the first move to the current one, then on the way ``redo`` goes."""
    nodes = record.line()
    node = record.current
    while node.children:
        node = node.children[min(node.redo_index, len(node.children) - 1)]
        nodes.append(node)
    return nodes


def tree_rows(record: GameRecord) -> tuple[tuple[TreeRow, ...], list[Node], int]:
    """The rows of the whole tree, the node each row stands for, and the index of the current
    move's row (``-1`` at the start position)."""
    line = followed_line(record)
    on_line = {id(record.root), *(id(node) for node in line)}
    ahead = {id(node) for node in line[len(record.line()) :]}
    game, seats = record.game, record.seat_names
    rows: list[TreeRow] = []
    nodes: list[Node] = []
    current_row = -1

    def add_comment(node: Node, depth: int) -> None:
        if node.comment:
            rows.append(
                TreeRow(
                    0, "", "", id(node) in ahead, depth, id(node) in on_line, comment=node.comment
                )
            )
            nodes.append(node)

    def add_move(node: Node, ply: int, depth: int, opens: bool) -> None:
        nonlocal current_row
        parent = node.parent
        assert parent is not None
        if node is record.current:
            current_row = len(rows)
        mover = seats[game.to_move(parent.state)]
        key = id(node)
        rows.append(TreeRow(ply, node.notation, mover, key in ahead, depth, key in on_line, opens))
        nodes.append(node)
        add_comment(node, depth)

    def close_variation() -> None:
        for index in range(len(rows) - 1, -1, -1):
            if not rows[index].is_comment:
                rows[index] = rows[index]._replace(closes=rows[index].closes + 1)
                return

    add_comment(record.root, 0)
    # An explicit stack instead of recursion: a main line can be thousands of moves long.
    stack: list[tuple[str, Node, int, int]] = [("after", record.root, 0, 0)]
    while stack:
        task, node, ply, depth = stack.pop()
        if task == "move":
            add_move(node, ply, depth, opens=False)
        elif task == "open":
            add_move(node, ply, depth, opens=True)
        elif task == "close":
            close_variation()
        elif node.children:
            main = node.continuation  # None where the line ends: every child is a variation
            variations = node.children if main is None else node.children[1:]
            if main is not None:
                stack.append(("after", main, ply + 1, depth))
            for variation in reversed(variations):
                stack.append(("close", variation, 0, 0))
                stack.append(("after", variation, ply + 1, depth + 1))
                stack.append(("open", variation, ply + 1, depth + 1))
            if main is not None:
                stack.append(("move", main, ply + 1, depth))
    return tuple(rows), nodes, current_row
