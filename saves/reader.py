"""Turning save text back into a GameRecord, replaying every move through the rules."""

from __future__ import annotations

from collections.abc import Sequence

from core.errors import IllegalMoveError, PositionError
from core.record import GameRecord, Node
from core.registry import find_game
from core.time_control import parse_clk
from core.time_outcome import ended_by_a_player, outcome_of_result
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


class _Level:
    """Where reading stands in one line (the main line or a variation)."""

    __slots__ = ("branched", "moved", "node", "opened", "ply", "stopped")

    def __init__(self, node: Node, ply: int, opened: int = 0) -> None:
        self.node, self.ply = node, ply
        #: A move has been read on this line.
        self.moved = False
        #: The line has ended with ``|``; only variations (and comments) may follow.
        self.stopped = False
        #: A variation has been read since the ``|``.
        self.branched = False
        #: The line of the ``(`` that opened this variation (0 for the main line).
        self.opened = opened


def _replay(record: GameRecord, tokens: Sequence[Token], result: str) -> None:
    """Grow the tree from the tokens: a variation replaces the move just before it, or after
    a ``|`` goes on from it."""
    level = _Level(record.root, 0)
    outer: list[_Level] = []  # the lines around the variation being read
    for index, token in enumerate(tokens):
        if token.kind == "move":
            if level.stopped:
                raise SaveProblem(
                    f"has a move after '|' that is not in a variation (line {token.line})"
                )
            level.node = _play(record, level.node, level.ply + 1, token)
            level.ply, level.moved = level.ply + 1, True
        elif token.kind == "comment":
            if outer and not level.moved:
                raise SaveProblem(
                    f"has a comment before a variation's first move (line {token.line})"
                )
            node = level.node
            node.comment = f"{node.comment} {token.text}" if node.comment else token.text
        elif token.kind in ("nag", "evaluation", "best", "clock"):
            _annotate(level, outer, token)
        elif token.kind == "stop":
            if level.stopped or (outer and not level.moved):
                raise SaveProblem(f"has a '|' that ends no line (line {token.line})")
            level.stopped = True
            level.node.line_ends = True
        elif token.kind == "open":
            level = _open(level, outer, token)
        elif token.kind == "close":
            if not outer:
                raise SaveProblem(f"has a ')' that closes no variation (line {token.line})")
            _check_line_end(level, token)
            if not level.moved:
                raise SaveProblem(f"has an empty variation (line {token.line})")
            level = outer.pop()
        else:
            _check_line_end(level, token)
            _end(outer, tokens[index + 1 :], token, result)
            return
    if outer:
        raise SaveProblem(
            f"is cut short: the variation opened at line {level.opened} is never closed"
        )
    raise SaveProblem("is cut short: its moves do not end with a result such as *")


#: The comment command of each annotation token, and what it is called in an error.
_COMMANDS = {"evaluation": "eval", "best": "best", "clock": "clk"}
_NAMES = {"evaluation": "an evaluation", "best": "a best line", "clock": "a clock time"}


def _annotate(level: _Level, outer: Sequence[_Level], token: Token) -> None:
    """Put a NAG, the computer's evaluation or best line, or the mover's clock time on the
    move just read. Before the first move of the game a comment command is only text: it
    stays the game's comment, as written."""
    node = level.node
    if token.kind != "nag" and node.parent is None and not outer:
        text = f"[%{_COMMANDS[token.kind]} {token.text}]"
        node.comment = f"{node.comment} {text}" if node.comment else text
    elif not level.moved:
        what = f"${token.text}" if token.kind == "nag" else _NAMES[token.kind]
        raise SaveProblem(f"has {what} that follows no move (line {token.line})")
    elif token.kind == "nag":
        node.nags = (*node.nags, int(token.text))
    elif token.kind == "clock":
        node.clock = parse_clk(token.text)
    elif token.kind == "best":
        node.best_line = tuple(token.text.split(" "))
    else:
        node.evaluation = float(token.text)


def _open(level: _Level, outer: list[_Level], token: Token) -> _Level:
    """The line of a variation that ``(`` opens: after ``|`` it goes on from the line's last
    move, otherwise it replaces that move."""
    outer.append(level)
    if level.stopped:
        level.branched = True
        return _Level(level.node, level.ply, token.line)
    parent = level.node.parent
    if not level.moved or parent is None:
        raise SaveProblem(f"has a variation that follows no move (line {token.line})")
    return _Level(parent, level.ply - 1, token.line)


def _check_line_end(level: _Level, token: Token) -> None:
    if level.stopped and not level.branched:
        raise SaveProblem(f"has a '|' with no variation after it (line {token.line})")


def _end(outer: Sequence[_Level], rest: Sequence[Token], token: Token, result: str) -> None:
    """Check the result token that ends the movetext."""
    if outer:
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
        return record.play(move, checked=True)  # parse_move gives only legal moves
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
    if outcome is None and header.result != "*" and ended_by_a_player(header.termination):
        # A flag fell or a player resigned: the game ended where the rules would have let it
        # go on.
        record.adjudicated = outcome_of_result(header.result, header.termination)
        actual = header.result
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
