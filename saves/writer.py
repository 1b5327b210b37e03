"""Writing a GameRecord as save text: tags, then the numbered moves wrapped at 80 columns."""

from __future__ import annotations

from datetime import datetime

from core.analysis_marks import format_evaluation
from core.options import format_options
from core.record import GameRecord, Node
from core.time_control import CLOCK_COMMENT, format_clk
from saves.escapes import escape
from saves.header import FORMAT_NAME, FORMAT_VERSION, TAG_NAME, is_derived
from saves.lexer import BEST_LINE, EVALUATION

LINE_WIDTH = 80
DATE_FORMAT = "%Y.%m.%d"
TIME_FORMAT = "%H:%M:%S"


def write_record(record: GameRecord, now: datetime | None = None) -> str:
    """The save text of ``record``. ``now`` dates a record whose tags have no Date or Time."""
    lines = [_tag_line(name, value) for name, value in _tags(record, now)]
    lines.append("")
    lines.extend(_wrap(_movetext_atoms(record)))
    return "\n".join(lines) + "\n"


def result_of(record: GameRecord) -> tuple[str, str]:
    """The Result and Termination tags: how the main line ends (``"*"`` while it goes on)."""
    mainline = record.mainline()
    end = mainline[-1] if mainline else record.root
    outcome = record.adjudicated or record.game.outcome(end.state)
    if outcome is None:
        return "*", ""
    return outcome.result(len(record.players)), outcome.reason


def stamp(record: GameRecord, now: datetime | None = None) -> None:
    """Give ``record`` Date and Time tags (the moment it was first saved) if it has none."""
    now = now or datetime.now()
    record.tags.setdefault("Date", now.strftime(DATE_FORMAT))
    record.tags.setdefault("Time", now.strftime(TIME_FORMAT))


def _tags(record: GameRecord, now: datetime | None) -> list[tuple[str, str]]:
    for name in record.tags:
        if not TAG_NAME.fullmatch(name):
            raise ValueError(f"'{name}' cannot be a tag name (letters, digits and _ only)")
    now = now or datetime.now()
    result, termination = result_of(record)
    tags = [
        ("Format", f"{FORMAT_NAME} {FORMAT_VERSION}"),
        ("Game", record.game.id),
        ("Options", format_options(record.options)),
        ("Seed", str(record.seed)),
    ]
    tags += [(f"Player{seat}", name) for seat, name in enumerate(record.players, start=1)]
    tags.append(("Date", record.tags.get("Date", now.strftime(DATE_FORMAT))))
    tags.append(("Time", record.tags.get("Time", now.strftime(TIME_FORMAT))))
    tags.append(("Result", result))
    if termination:
        tags.append(("Termination", termination))
    if record.start_position is not None:
        tags.append(("Position", record.start_position))
    tags.append(("Plies", str(len(record.mainline()))))
    tags.append(("Current", ".".join(map(str, record.current.path()))))
    tags += [
        (name, value)
        for name, value in record.tags.items()
        if name not in ("Date", "Time") and not is_derived(name)
    ]
    return tags


def _tag_line(name: str, value: str) -> str:
    return f'[{name} "{escape(value, chr(34))}"]'


def _movetext_atoms(record: GameRecord) -> list[str]:
    """The movetext as atoms: pieces that stay on one line, separated by a space or a wrap.

    A move and its number form one atom; a comment is split at its spaces so a long one can
    wrap (the reader reads the wrap back as that space); ``(`` and ``)`` stick to their moves.
    Where a line ends before its node's children (``Node.line_ends``), ``|`` stands after
    the node's move and comment, and every child follows it as a variation.
    """
    atoms: list[str] = []
    opening = ""

    def add(atom: str) -> None:
        nonlocal opening
        atoms.append(opening + atom)
        opening = ""

    def add_comment(text: str) -> None:
        body = escape(text, "}")
        # A player's text, not the computer's evaluation or a clock time.
        if any(command.fullmatch(body) for command in (EVALUATION, BEST_LINE, CLOCK_COMMENT)):
            body = "\\" + body
        for piece in f"{{{body}}}".split(" "):
            add(piece)

    def add_annotations(node: Node) -> None:
        """The NAGs, then the evaluation, the best line and the clock time, before the
        comment: the evaluation and the clock time one atom each (they never wrap), the best
        line wrapping between its moves, as a comment does."""
        for nag in node.nags:
            add(f"${nag}")
        if node.evaluation is not None:
            add(f"{{[%eval {format_evaluation(node.evaluation)}]}}")
        best = f"[%best {' '.join(node.best_line)}]"
        if node.best_line and BEST_LINE.fullmatch(best):
            for piece in f"{{{best}}}".split(" "):
                add(piece)
        if node.clock is not None:
            add(f"{{[%clk {format_clk(node.clock)}]}}")

    if record.root.comment:
        add_comment(record.root.comment)
    # An explicit stack instead of recursion: a main line can be thousands of moves long.
    stack: list[tuple[str, Node, int]] = [("after", record.root, 0)]
    while stack:
        task, node, ply = stack.pop()
        if task == "move":
            add(f"{ply}. {node.notation}")
            add_annotations(node)
            if node.comment:
                add_comment(node.comment)
        elif task == "open":
            opening = "("
        elif task == "close":
            atoms[-1] += ")"
        elif task == "stop":
            add("|")
        elif node.children:
            main = node.continuation
            variations = node.children[1:] if main is not None else node.children
            if main is not None:
                stack.append(("after", main, ply + 1))
            for variation in reversed(variations):
                stack.append(("close", variation, 0))
                stack.append(("after", variation, ply + 1))
                stack.append(("move", variation, ply + 1))
                stack.append(("open", variation, 0))
            stack.append(("move", main, ply + 1) if main is not None else ("stop", node, ply))
    add(result_of(record)[0])
    return atoms


def _wrap(atoms: list[str]) -> list[str]:
    lines: list[str] = []
    line: str | None = None
    for atom in atoms:
        if line is None:
            line = atom
        elif len(line) + 1 + len(atom) <= LINE_WIDTH:
            line = f"{line} {atom}"
        else:
            lines.append(line)
            line = atom
    if line is not None:
        lines.append(line)
    return lines
