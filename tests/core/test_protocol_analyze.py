"""The engine protocol's ``analyze [SECONDS]``: the side to move's win chance and best line."""

from __future__ import annotations

import re
import time

import pytest

from core.protocol import Session

#: South's drone on a3 can take North's queen on a5.
FREE_QUEEN = "3p/4/4/q3/4/d3/4/2pp 1 0/0 - -"
#: North's zone is empty and North leads 3 to 0: the game is over.
FINISHED = "4/4/4/4/4/4/4/3q 2 0/3 - -"


def ask(session: Session, line: str) -> str:
    reply = session.handle(line)
    assert reply is not None
    return reply[0]


def session_at(position: str) -> Session:
    session = Session()
    ask(session, "new_game martian-chess")
    ask(session, f"set_position {position}")
    return session


def test_analyze_answers_the_win_chance_and_the_best_line_on_one_line() -> None:
    session = session_at(FREE_QUEEN)
    answer = ask(session, "7 analyze 0.3")
    match = re.fullmatch(r"=7 score (0\.\d\d|1\.00) pv (\S+(?: \S+)*)\n\n", answer)
    assert match is not None, answer
    assert float(match.group(1)) > 0.6
    line = match.group(2).split()
    assert line[0] == "a3xa5"
    for move in line:  # every move of the line is legal in turn
        assert ask(session, f"play {move}") == "=\n\n"


def test_analyze_plays_nothing() -> None:
    session = session_at(FREE_QUEEN)
    before = ask(session, "position")
    ask(session, "analyze 0.1")
    assert ask(session, "position") == before


def test_analyze_thinks_about_the_time_it_is_given() -> None:
    session = session_at(FREE_QUEEN)
    start = time.monotonic()
    ask(session, "analyze 0.2")
    assert time.monotonic() - start < 2.0


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("analyze 0", "analyze needs a number of seconds above 0 and at most 60, not '0'"),
        ("analyze 61", "analyze needs a number of seconds above 0 and at most 60, not '61'"),
        ("analyze nan", "analyze needs a number of seconds above 0 and at most 60, not 'nan'"),
        ("analyze soon", "analyze needs a number of seconds above 0 and at most 60, not 'soon'"),
        ("analyze 1 2", "analyze takes one number of seconds at most, not '1 2'"),
    ],
)
def test_bad_arguments_are_one_sentence(command: str, reason: str) -> None:
    assert ask(session_at(FREE_QUEEN), command) == f"? {reason}\n\n"


def test_a_finished_game_and_no_game_are_refused() -> None:
    assert ask(session_at(FINISHED), "analyze") == "? the game is over\n\n"
    assert ask(Session(), "analyze").startswith("? no game yet")


def test_analyze_is_listed() -> None:
    assert "analyze" in ask(Session(), "list_commands").split()
