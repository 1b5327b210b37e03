"""Shared pieces of the save tests: a fixed clock, records grown by scripted edits, and a
comparable picture of a record's whole tree."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from toy_game import TOY

from core import GameRecord
from core.record import Node

NOW = datetime(2026, 11, 21, 14, 3, 9)


def toy_record(
    moves: Sequence[str] = (),
    *,
    options: dict[str, str] | None = None,
    seed: int = 7,
    players: Sequence[str] = ("Alice", "Bob"),
    start_position: str | None = None,
) -> GameRecord:
    """A Toy Nim record with ``moves`` played (in notation) along the main line."""
    record = GameRecord(TOY, options or {}, seed, list(players), start_position)
    for text in moves:
        record.play_text(text)
    return record


def edit_randomly(record: GameRecord, steps: Sequence[tuple[int, int, str]]) -> None:
    """Grow and walk the tree as a player would: each step is (action, choice, text).

    Actions: play a move on the main line or as a variation, undo, redo, comment the current
    node (or the game, at the root), jump to any node, promote or delete a variation. Undo,
    redo and jumps are sometimes those of a game in progress (``main=True``), which end the
    main line where the game stands.
    """
    for action, choice, text in steps:
        rng = random.Random(choice)
        nodes = [record.root, *record.walk()]
        kind = action % 10
        if kind < 4:
            moves = list(record.game.legal_moves(record.state))
            if moves:
                record.play(rng.choice(moves), main=kind < 2)
        elif kind == 4:
            record.undo(main=choice % 2 == 0)
        elif kind == 5:
            record.redo(main=choice % 2 == 0)
        elif kind == 6:
            record.current.comment = text
        elif kind == 7:
            record.goto(rng.choice(nodes), main=choice % 3 == 0)
        elif len(nodes) > 1:
            node = rng.choice(nodes[1:])
            if kind == 8:
                record.promote(node)
            else:
                record.delete(node)


def play_random_game(record: GameRecord, seed: int, plies: int) -> None:
    """Play up to ``plies`` random legal moves from the current node."""
    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(record.game.legal_moves(record.state))
        if not moves:
            return
        record.play(rng.choice(moves))


def tree(node: Node) -> tuple:
    """Everything a save keeps of the tree below ``node``: moves, notation, states, comments,
    and where a line ends before the moves after it."""
    return (
        node.move,
        node.notation,
        node.state,
        node.comment,
        node.line_ends,
        tuple(tree(child) for child in node.children),
    )


def check_line_ends(record: GameRecord) -> None:
    """A line ends only at a node with moves after it (else there is nothing to mark)."""
    for node in [record.root, *record.walk()]:
        assert not node.line_ends or node.children, f"a bare line end at {node.path()}"


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


def files_in(folder: Path) -> list[str]:
    """Every file in ``folder`` and below, hidden ones included, as sorted relative paths."""
    if not folder.exists():
        return []
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())
