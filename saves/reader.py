"""Turning save text back into a GameRecord, replaying every move through the rules."""

from __future__ import annotations

from collections.abc import Sequence

from core.errors import IllegalMoveError, PositionError
from core.record import GameRecord, Node
from core.registry import find_game
from saves.errors import SaveProblem
from saves.header import GameLookup, SaveHeader, read_header
from saves.lexer import Token, split_lines, tokenize

#: What a game's buggy or strict notation code may raise for text that is not a move.
_NOT_A_MOVE = (ValueError, IndexError, KeyError, TypeError)


def read_record(text: str, games: GameLookup = find_game) -> GameRecord:
    """The record that save ``text`` describes; ``SaveProblem`` says what is wrong with it."""
    lines = split_lines(text)
    header = read_header(lines, games)
    tokens = tokenize("\n".join(lines[header.body_line :]), header.body_line + 1)
    record = _new_record(header)
    _replay(record, tokens, header.result)
    _check_result(record, header)
    _restore_current(record, header)
    return record


def _new_record(header: SaveHeader) -> GameRecord:
    try:
        return GameRecord(
            header.game,
            header.options,
            header.seed,
            header.players,
            header.start_position,
            header.tags,
        )
    except PositionError as error:
        raise SaveProblem(f"has a bad Position tag: {_reason(error, '')}") from None
    except ValueError as error:
        raise SaveProblem(f"cannot be set up: {_reason(error, '')}") from None


def _replay(record: GameRecord, tokens: Sequence[Token], result: str) -> None:
    """Grow the tree from the tokens: a variation replaces the move just before it."""
    node, ply = record.root, 0
    #: For each open variation: the node and ply to go back to, and the line of its "(".
    stack: list[tuple[Node, int, int]] = []
    moved = False  # a move has been read on the line being read
    for index, token in enumerate(tokens):
        if token.kind == "move":
            node, ply, moved = _play(record, node, ply + 1, token), ply + 1, True
        elif token.kind == "comment":
            if stack and not moved:
                raise SaveProblem(
                    f"has a comment before a variation's first move (line {token.line})"
                )
            node.comment = f"{node.comment} {token.text}" if node.comment else token.text
        elif token.kind == "open":
            if not moved or node.parent is None:
                raise SaveProblem(f"has a variation that follows no move (line {token.line})")
            stack.append((node, ply, token.line))
            node, ply, moved = node.parent, ply - 1, False
        elif token.kind == "close":
            if not stack:
                raise SaveProblem(f"has a ')' that closes no variation (line {token.line})")
            if not moved:
                raise SaveProblem(f"has an empty variation (line {token.line})")
            node, ply, _ = stack.pop()
        else:
            _end(stack, tokens[index + 1 :], token, result)
            return
    if stack:
        opened = stack[-1][2]
        raise SaveProblem(f"is cut short: the variation opened at line {opened} is never closed")
    raise SaveProblem("is cut short: its moves do not end with a result such as *")


def _end(
    stack: list[tuple[Node, int, int]], rest: Sequence[Token], token: Token, result: str
) -> None:
    """Check the result token that ends the movetext."""
    if stack:
        raise SaveProblem(f"has a result inside a variation (line {token.line})")
    if rest:
        raise SaveProblem(f"has more after the result {token.text} (line {rest[0].line})")
    if token.text != result:
        raise SaveProblem(
            f"ends its moves with {token.text}, "
            f"but its Result tag says {result} (line {token.line})"
        )


def _play(record: GameRecord, parent: Node, ply: int, token: Token) -> Node:
    game, text = record.game, token.text
    where = f"move {ply}, {text},"
    try:
        move = game.parse_move(parent.state, text)
        if any(child.move == move for child in parent.children):
            raise SaveProblem(
                f"cannot be replayed: {where} is given twice at the same point (line {token.line})"
            )
        record.current = parent
        return record.play(move)
    except IllegalMoveError as error:
        reason = _reason(error, text)
        raise SaveProblem(
            f"cannot be replayed: {where} is illegal: {reason} (line {token.line})"
        ) from None
    except _NOT_A_MOVE as error:
        reason = _reason(error, text)
        raise SaveProblem(
            f"cannot be replayed: {where} is not a move: {reason} (line {token.line})"
        ) from None


def _reason(error: Exception, text: str) -> str:
    """The error's sentence without a leading ``"<move>: "`` and the final full stop."""
    reason = str(error).strip().rstrip(".")
    if text and reason.lower().startswith(f"{text.lower()}:"):
        reason = reason[len(text) + 1 :].strip()
    return reason or "no reason given"


def _check_result(record: GameRecord, header: SaveHeader) -> None:
    mainline = record.mainline()
    end = mainline[-1] if mainline else record.root
    outcome = record.game.outcome(end.state)
    actual = outcome.result(len(header.players)) if outcome else "*"
    if actual != header.result:
        if outcome is None:
            raise SaveProblem(
                f"says the result is {header.result}, but its main line ends "
                "with the game still going on"
            )
        raise SaveProblem(f"says the result is {header.result}, but its moves end {actual}")
    if header.plies is not None and header.plies != len(mainline):
        raise SaveProblem(
            f"has a Plies tag of {header.plies}, but its main line has {len(mainline)} moves"
        )


def _restore_current(record: GameRecord, header: SaveHeader) -> None:
    """Go to the node the file was looking at. Stepping forward from there follows the main
    line: replaying left each branch pointing at the variation read last."""
    for node in record.walk():
        node.redo_index = 0
    record.root.redo_index = 0
    if header.current is None:
        mainline = record.mainline()
        record.goto(mainline[-1] if mainline else record.root)
        return
    try:
        record.goto(record.node_at(header.current))
    except PositionError:
        path = ".".join(map(str, header.current))
        raise SaveProblem(f"has a Current tag '{path}' that points to no move") from None
