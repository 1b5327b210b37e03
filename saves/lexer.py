"""Splitting save text into tags and movetext tokens, with the line each one is on.

Nothing here knows about games: the lexer only checks the shape of the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from core.time_control import CLOCK_COMMENT
from saves.errors import SaveProblem
from saves.escapes import unescape


class Tag(NamedTuple):
    name: str
    value: str
    line: int


class Token(NamedTuple):
    """One piece of movetext: ``kind`` is move, comment, open, close, stop (``|``: the line
    ends here, the variations after it go on from its last move), result, nag (``$4``: its
    number is ``text``), evaluation (a comment that is exactly ``[%eval 0.62]``: the win
    chance is ``text``), best (a comment that is exactly ``[%best c3-d4 c6-d5]``: the
    computer's best line, ``text``) or clock (a comment that is exactly ``[%clk 0:04:31]``:
    the mover's time left, ``text``)."""

    kind: str
    text: str
    line: int


_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')

_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
    | \{ (?P<body>(?:[^\\}]+|\\.)*) (?P<end>\})?
    | (?P<open>\()
    | (?P<close>\))
    | (?P<stop>\|)
    | (?P<stray>\})
    | (?P<word>[^\s(){}|]+)
    """,
    re.VERBOSE | re.DOTALL,
)

_NUMBER = re.compile(r"(\d+)\.+(.*)", re.DOTALL)

RESULT = re.compile(r"\*|1-0|0-1|1/2-1/2|[1-9]\d*(?:\+[1-9]\d*)*")

#: A numeric annotation glyph, ``$0`` to ``$255`` as in PGN.
NAG = re.compile(r"\$(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)")

#: The body of a comment that holds the computer's evaluation and nothing else, as written
#: (before unescaping): a win chance from 0 to 1. A player's comment that begins with ``[%``
#: is written with its ``[`` escaped, so it never reads as one.
EVALUATION = re.compile(r"\[%eval (0(?:\.\d{1,4})?|1(?:\.0{1,4})?)\]")

#: The body of a comment that holds the computer's best line from the position before the
#: move and nothing else: moves in notation, one space between them (``[%best c3-d4 c6-d5]``).
BEST_LINE = re.compile(r"\[%best ([^\s\\\[\](){}|]+(?: [^\s\\\[\](){}|]+)*)\]")


def split_lines(text: str) -> list[str]:
    """The lines of save text, read whether it has Unix or Windows line ends or starts with
    a byte order mark. Only ``\\n`` breaks lines (a save never holds a raw ``\\r``)."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")


def parse_tag(line_text: str, line: int, last: bool) -> Tag:
    """The tag on one (stripped) line; ``last`` says no line follows it in the file."""
    match = _TAG.fullmatch(line_text)
    if match is None:
        if last:
            raise SaveProblem(f"is cut short: the tag at line {line} is never closed")
        raise SaveProblem(f'has a bad tag at line {line} (a tag looks like [Name "value"])')
    return Tag(match.group(1), unescape(match.group(2)), line)


def split_header(lines: Sequence[str]) -> tuple[list[Tag], int]:
    """The tags at the top of ``lines`` and the index of the first line after them.

    Blank lines before and between tags are skipped; the header ends at the first line that
    does not start with ``[``. The caller has checked that the first one is a tag.
    """
    tags: list[Tag] = []
    index = 0
    while index < len(lines):
        text = lines[index].strip()
        if text and not text.startswith("["):
            break
        if text:
            tags.append(parse_tag(text, index + 1, last=index == len(lines) - 1))
        index += 1
    return tags, index


def tokenize(movetext: str, first_line: int) -> list[Token]:
    """The tokens of ``movetext``, which begins on line ``first_line`` of the file.

    Move numbers are dropped (they are for people; the tree says which move is which). A raw
    line break inside a comment is the writer's wrap and reads as a space.
    """
    tokens: list[Token] = []
    line = first_line
    for match in _TOKEN.finditer(movetext):  # the alternatives between them match any text
        kind = match.lastgroup
        if kind == "space":
            line += match.group().count("\n")
            continue
        if kind in ("body", "end"):
            if match.group("end") is None:
                raise SaveProblem(
                    f"is cut short: the comment opened at line {line} is never closed"
                )
            body = match.group("body")
            evaluation = EVALUATION.fullmatch(body.replace("\n", " "))
            clock = CLOCK_COMMENT.fullmatch(body.replace("\n", " "))
            best = BEST_LINE.fullmatch(body.replace("\n", " "))
            if evaluation is not None:
                tokens.append(Token("evaluation", evaluation.group(1), line))
            elif best is not None:
                tokens.append(Token("best", best.group(1), line))
            elif clock is not None:
                tokens.append(Token("clock", clock.group(1), line))
            else:
                tokens.append(Token("comment", unescape(body.replace("\n", " ")), line))
            line += body.count("\n")
        elif kind == "open":
            tokens.append(Token("open", "(", line))
        elif kind == "close":
            tokens.append(Token("close", ")", line))
        elif kind == "stop":
            tokens.append(Token("stop", "|", line))
        elif kind == "stray":
            raise SaveProblem(f"has a '}}' at line {line} that closes no comment")
        else:
            tokens.extend(_word_tokens(match.group(), line))
    return tokens


def _word_tokens(word: str, line: int) -> list[Token]:
    number = _NUMBER.fullmatch(word)
    if number is not None:
        word = number.group(2)
        if not word:
            return []
    nag = NAG.fullmatch(word)
    if nag is not None:
        return [Token("nag", nag.group(1), line)]
    kind = "result" if RESULT.fullmatch(word) else "move"
    return [Token(kind, word, line)]


def count_mainline_moves(tokens: Sequence[Token]) -> int:
    """How many moves the main line has, counted from the tokens without replaying them."""
    depth = count = 0
    for token in tokens:
        if token.kind == "open":
            depth += 1
        elif token.kind == "close":
            depth -= 1
        elif depth == 0 and token.kind == "stop":
            break
        elif token.kind == "move" and depth == 0:
            count += 1
    return count
