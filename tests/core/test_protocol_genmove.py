"""The engine protocol's computer player: ``genmove [level]`` and ``time_left <seconds>``."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest

import core.protocol
from core import find_game
from core.ai.levels import Level
from core.protocol import Session
from core.time_control import time_control_of
from tui.gtp import main
from tui.play.clock import Clocks

GAME = find_game("martian-chess")
#: South's drone on a3 can take North's queen on a5.
FREE_QUEEN = "3p/4/4/q3/4/d3/4/2pp 1 0/0 - -"
#: North's zone is empty and North leads 3 to 0: the game is over.
FINISHED = "4/4/4/4/4/4/4/3q 2 0/3 - -"


def ask(session: Session, line: str) -> str:
    reply = session.handle(line)
    assert reply is not None
    return reply[0]


def result(answer: str) -> str:
    assert answer.startswith("= "), answer
    return answer[2:].strip()


def test_genmove_answers_a_legal_move_and_plays_it() -> None:
    session = Session()
    ask(session, "new_game martian-chess seed=3")
    before = session.record.state if session.record else None
    legal = result(ask(session, "legal_moves")).split()
    move = result(ask(session, "genmove easy"))
    assert move in legal
    assert session.record is not None
    assert [node.notation for node in session.record.line()] == [move]
    assert GAME.to_move(session.record.state) == 1
    assert ask(session, "undo") == "=\n\n"
    assert session.record.state == before


def test_genmove_is_the_same_move_for_the_same_game() -> None:
    answers = []
    for _ in range(2):
        session = Session()
        ask(session, "new_game martian-chess seed=5")
        answers.append(ask(session, "genmove easy"))
    assert answers[0] == answers[1]


def test_genmove_takes_the_free_queen_at_every_level() -> None:
    for level in ("easy", "normal", "hard"):
        session = Session()
        ask(session, "new_game martian-chess")
        ask(session, f"set_position {FREE_QUEEN}")
        ask(session, "time_left 2")  # keeps Normal and Hard short
        assert ask(session, f"genmove {level}") == "= a3xa5\n\n"


def test_genmove_without_a_level_plays_at_normal() -> None:
    session = Session()
    ask(session, "new_game martian-chess")
    ask(session, "time_left 1")
    legal = result(ask(session, "legal_moves")).split()
    assert result(ask(session, "genmove")) in legal


def test_genmove_refuses_what_it_cannot_do() -> None:
    session = Session()
    assert ask(session, "genmove").startswith("? no game yet")
    ask(session, "new_game martian-chess")
    assert ask(session, "genmove clever") == (
        "? there is no level called 'clever' (levels: easy, normal, hard)\n\n"
    )
    ask(session, f"set_position {FINISHED}")
    assert ask(session, "genmove easy") == "? the game is over\n\n"
    assert ask(session, "outcome").startswith("= 0-1")


def test_time_left_shortens_the_thinking_and_counts_down() -> None:
    session = Session()
    ask(session, "new_game martian-chess")
    assert ask(session, "time_left 2") == "=\n\n"
    assert session.time_left == 2.0
    start = time.monotonic()
    result(ask(session, "genmove hard"))  # Hard alone would think about five seconds
    elapsed = time.monotonic() - start
    assert elapsed < 3.0, f"took {elapsed:.1f} s with 2 s left on the clock"
    assert session.time_left is not None and session.time_left < 2.0


@pytest.mark.parametrize("left", [0.3, 0.9, 4.0])
def test_genmove_thinks_the_share_of_time_left_the_app_s_computer_seats_do(
    left: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A controller's clock without increment and the app's clock of a 10+0 game with as
    much time left give a computer the same seconds to think."""
    asked: list[float | None] = []
    real = core.protocol.Searcher

    def searcher(game: Any, state: Any, level: Level, seed: int, **kwargs: Any) -> Any:
        asked.append(level.seconds)
        return real(game, state, level, seed, **kwargs)

    monkeypatch.setattr(core.protocol, "Searcher", searcher)
    session = Session()
    ask(session, "new_game martian-chess")
    ask(session, f"time_left {left}")
    result(ask(session, "genmove hard"))
    clocks = Clocks(time_control_of({"TimeControl": "10+0"}), 2, lambda: 0.0, [left, left])
    assert asked == [pytest.approx(clocks.think_seconds(0))]


def test_time_left_wants_a_number_of_seconds() -> None:
    session = Session()
    assert ask(session, "time_left").startswith("? missing argument: seconds")
    assert ask(session, "time_left soon") == "? time_left needs a number of seconds, not 'soon'\n\n"
    assert ask(session, "time_left -3") == "? time_left needs a number of seconds, not '-3'\n\n"
    assert ask(session, "time_left inf").startswith("? time_left needs")
    assert ask(session, "time_left 0") == "=\n\n"


def test_both_commands_are_listed() -> None:
    session = Session()
    listed = set(result(ask(session, "list_commands")).split())
    assert {"genmove", "time_left"} <= listed
    assert ask(session, "known_command genmove") == "= true\n\n"


def test_a_whole_game_by_genmove_over_stdin() -> None:
    commands = "new_game martian-chess seed=2\n"
    commands += f"set_position {FREE_QUEEN}\n" + "genmove easy\n" * 3 + "position\nquit\n"
    out = io.StringIO()
    assert main(io.StringIO(commands), out) == 0
    answers = out.getvalue().split("\n\n")
    assert answers[2] == "= a3xa5"
    moves = [answer[2:] for answer in answers[2:5]]
    state = GAME.read_position(FREE_QUEEN)
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    assert answers[5] == f"= {GAME.write_position(state)}"
