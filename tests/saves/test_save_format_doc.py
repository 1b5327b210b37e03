"""docs/save-format.md says true things: its example loads and saves back to the same bytes,
and each form its grammar allows beyond what the writer writes is read as it says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core import find_game
from core.errors import PawnshopError
from saves.errors import SaveError
from saves.format import dumps, loads

DOC = Path(__file__).parents[2] / "docs" / "save-format.md"
MARTIAN = find_game("martian-chess")


def example() -> str:
    match = re.search(r"```\n(\[Format .*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert match is not None, "the example is gone from docs/save-format.md"
    return match.group(1)


def test_the_example_loads_and_saves_back_byte_for_byte() -> None:
    text = example()
    record = loads(text)
    assert dumps(record) == text
    assert [node.notation for node in record.mainline()] == ["c3-d4", "c6-d5", "d4-c5", "c5-d6"]
    assert [node.notation for node in record.line()] == ["c3-d4", "c6-d5", "b3-c4", "d5xc4"]
    assert record.current.path() == (0, 0, 1, 0)
    assert record.root.comment == "Friday, board 2"
    assert record.mainline()[1].comment == "a comment, with } and \\ escaped"
    assert record.tags["Event"] == "Club night"


HEAD = "\n".join(example().split("\n")[:4]) + '\n[Player1 "Alice"]\n[Player2 "Bob"]\n'


def read(tags: str, movetext: str) -> str:
    """The save text of ``movetext`` as the writer writes it back."""
    body = dumps(loads(HEAD + tags + "\n" + movetext))
    return body[body.index("\n\n") + 2 :]


@pytest.mark.parametrize(
    ("tags", "movetext", "written"),
    [
        ('[Result "*"]\n', "c3-d4 c6-d5 *", "1. c3-d4 2. c6-d5 *\n"),  # no numbers
        ('[Result "*"]\n', "1.c3-d4 7... c6-d5 *", "1. c3-d4 2. c6-d5 *\n"),  # stuck, wrong
        ('\n  [ Result   "*" ]\n\n', "1. c3-d4 *", "1. c3-d4 *\n"),  # blank lines, spaces
        ('[Result "*"]\n', "{a} {b} 1. c3-d4 *", "{a b} 1. c3-d4 *\n"),  # game comments
        (  # comments on a move, before and after its variations, joined in order
            '[Result "*"]\n',
            "1. c3-d4 {one} (1. b3-c4) {two} (1. d3-d4 {three}) {four} *",
            "1. c3-d4 {one two four} (1. b3-c4) (1. d3-d4 {three}) *\n",
        ),
        ('[Result "*"]\n', "1. c3-d4 {split\nover lines} *", "1. c3-d4 {split over lines} *\n"),
        ('[Result "*"]\n', "1. c3-d4 {\\x41\\q\\n} *", "1. c3-d4 {Aq\\n} *\n"),  # escapes
        ('[Result "*"]\n', "1. c3-d4(1. b3-c4)2. c6-d5 *", "1. c3-d4 (1. b3-c4) 2. c6-d5 *\n"),
        ('[Result "*"]\n', "1. c3-d4|(2. c6-d5)*", "1. c3-d4 | (2. c6-d5) *\n"),  # a line end
        (  # a comment after "|" is still on the line's last move
            '[Result "*"]\n',
            "1. c3-d4 | {mine} (2. c6-d5) {too} (2. b6-a5) *",
            "1. c3-d4 {mine too} | (2. c6-d5) (2. b6-a5) *\n",
        ),
        ('[Result "*"]\n', "| (1. c3-d4) *", "| (1. c3-d4) *\n"),  # an empty main line
    ],
)
def test_the_grammar_reads_what_it_allows(tags: str, movetext: str, written: str) -> None:
    assert read(tags, movetext) == written


@pytest.mark.parametrize(
    "movetext",
    [
        "(1. c3-d4) *",  # a variation before any move
        "1. c3-d4 ({why} 1. b3-c4) *",  # a comment before a variation's first move
        "1. c3-d4 (1. b3-c4 *)",  # the result inside a variation
        "1. c3-d4 * 2. c6-d5",  # moves after the result
        "1. c3-d4 {never closed *",
        "1. c3-d4 | 2. c6-d5 *",  # a move after "|" outside a variation
        "1. c3-d4 | *",  # "|" with no variation after it
    ],
)
def test_the_grammar_refuses_what_it_does_not_allow(movetext: str) -> None:
    with pytest.raises((SaveError, PawnshopError)):
        loads(HEAD + '[Result "*"]\n\n' + movetext)


def test_stepping_forward_from_the_current_node_follows_the_main_line() -> None:
    record = loads(HEAD + '[Result "*"]\n[Current ""]\n\n1. c3-d4 (1. b3-c4 2. c6-d5) 2. c6-b5 *')
    assert record.current is record.root
    walked = []
    while record.redo():
        walked.append(record.current.notation)
    assert walked == ["c3-d4", "c6-b5"]  # not into the variation, read last
