"""The engine protocol under any input: every line gets one answer, in the protocol's form and
within its deadline, and only ``quit`` or the end of input ends the session (seeded fuzzing of
the session, and of the real ``pawnshop gtp`` on bytes that are not even text)."""

from __future__ import annotations

import os
import random
import re
import selectors
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from core.ai.levels import LEVELS
from core.protocol import (
    ANALYZE_SECONDS,
    MAX_ANALYZE_SECONDS,
    MAX_DIGITS,
    MAX_LINE,
    MAX_LISTED_MOVES,
    Session,
    clean_line,
)
from core.registry import all_games
from core.time_control import think_seconds

#: Every line is answered within this many seconds (``genmove`` on top of its thinking time).
DEADLINE = 1.0
GAMES = [game.id for game in all_games()]
COMMANDS = list(Session().commands)
#: Commands that need a game (the others answer before ``new_game`` too).
NEED_A_GAME = ["position", "legal_moves", "play", "undo", "showboard", "outcome", "genmove"]
OPTIONS = {
    spec.name: spec.choices for game in all_games() for spec in game.option_specs if spec.choices
}
#: One answer: ``=``/``?``, an optional id, then text; a reason on a single line; a blank
#: line at the end and nowhere else.
SUCCESS = re.compile(r"=([0-9]*)( [^\n]*)?(\n[^\n]+)*\n\n")
FAILURE = re.compile(r"\?([0-9]*) [^\n]+\n\n")


def number_text(chance: random.Random) -> str:
    return chance.choice(
        [
            "9" * 5000,
            "1" * (MAX_DIGITS + 1),
            "7" * MAX_DIGITS,
            "0" * 4400 + "1",
            str(chance.randrange(-(10**6), 10**6)),
            "-0",
            "+3",
            "nan",
            "NaN",
            "inf",
            "-inf",
            "1e400",
            "1e-400",
            "0x1f",
            "1_000",
            "²",
            "١٢٣",
            "3.5",
            "",
        ]
    )


def noise(chance: random.Random, size: int = 24) -> str:
    """Random bytes read as the loop reads them: UTF-8 where they are, U+FFFD where not."""
    raw = bytes(chance.randrange(256) for _ in range(chance.randrange(1, size)))
    return raw.replace(b"\n", b" ").decode("utf-8", "replace")


def option_text(chance: random.Random) -> str:
    name = chance.choice([*OPTIONS, "seed", "seed", "players", "portals", "x", "", "=="])
    choices = OPTIONS.get(name, ())
    value = chance.choice(
        [*choices, number_text(chance), noise(chance, 6), "b4,c5", "a1,a1", "z9,q0", ""]
    )
    return chance.choice([f"{name}={value}", name, f"={value}", f"{name}=={value}"])


def mutated(chance: random.Random, text: str) -> str:
    """``text`` with a piece replaced by a number, noise or nothing."""
    if not text:
        return noise(chance)
    start = chance.randrange(len(text))
    end = min(len(text), start + chance.randrange(1, 6))
    filler = chance.choice([number_text(chance), noise(chance, 4), "", "-", "/", ",", ":"])
    return text[:start] + filler + text[end:]


def fuzz_line(chance: random.Random, session: Session) -> str:
    """One line: a command (mostly known ones) with odd arguments, or plain noise."""
    record = session.record
    if record is None and chance.random() < 0.5:  # most lines are better read with a game
        game = chance.choice(list(all_games()))
        options = [
            f"{spec.name}={chance.choice(spec.choices)}"
            for spec in game.option_specs
            if spec.choices and chance.random() < 0.5
        ]
        return " ".join(["new_game", game.id, *options])
    kind = chance.random()
    if kind < 0.08:
        return noise(chance, 60)
    if kind < 0.12:
        return chance.choice(["", "#", " \t ", "\x00", "\r", "\x00name", "na\x00me", "\x1b[2J"])
    command = chance.choice(COMMANDS + ["new_game"] + ["play"] * 16 + ["set_position"] * 2)
    command = command.upper() if chance.random() < 0.05 else command
    args: list[str] = []
    if command.lower() == "new_game":
        args = [chance.choice([*GAMES, *GAMES, noise(chance, 8), ""])]
        args += [option_text(chance) for _ in range(chance.choice([0, 0, 0, 1, 2]))]
        if chance.random() < 0.3:
            args.append(f"seed={number_text(chance)}")
    elif command.lower() == "play" and record is not None and record.outcome() is None:
        state = record.state
        moves = record.game.legal_moves(state)
        if moves and chance.random() < 0.7:
            move = moves[chance.randrange(len(moves))]
            args = [record.game.format_move(state, move)]
        if chance.random() < 0.3 or not args:
            args = [mutated(chance, args[0] if args else noise(chance))]
    elif command.lower() == "set_position" and record is not None:
        args = [mutated(chance, record.game.write_position(record.state))]
    elif command.lower() == "genmove":
        levels = ["easy", "easy", noise(chance, 6)]
        if session.time_left is not None and session.time_left <= 2:
            levels += ["normal", "hard"]  # kept short by the clock
        args = [chance.choice(levels)]
    elif command.lower() == "analyze":
        args = [chance.choice(["0.05", "0.1", noise(chance, 6), number_text(chance)])]
    elif command.lower() == "time_left":
        args = [chance.choice([number_text(chance), "0.2", "1", "0", "1e-320"])]
    elif chance.random() < 0.3:
        args = [chance.choice([number_text(chance), noise(chance), option_text(chance)])]
    words = [command, *args]
    if chance.random() < 0.2:
        words.insert(0, chance.choice(["1", "42", "9" * 30, "007"]))
    return chance.choice([" ", "  ", "\t"]).join(words)


def thinking_allowed(session: Session, line: str) -> float:
    """The time ``genmove`` may think on top of the deadline (its level's, or its share of the
    clock), or ``analyze`` (the seconds it is given); nothing for any other line."""
    words = clean_line(line).split()
    if words and words[0].isdigit():
        words = words[1:]
    if words and words[0].lower() == "analyze":
        try:
            given = float(words[1]) if len(words) == 2 else ANALYZE_SECONDS
        except ValueError:
            given = 0.0
        return given if 0 < given <= MAX_ANALYZE_SECONDS else 0.0
    if not words or words[0].lower() != "genmove":
        return 0.0
    level = LEVELS.get(words[1].lower() if len(words) > 1 else "normal")
    seconds = level.seconds if level is not None and level.seconds is not None else 0.0
    if session.time_left is not None:
        seconds = min(seconds, think_seconds(session.time_left, 0.0))
    return seconds


def check_answer(line: str, reply: tuple[str, bool] | None) -> None:
    assert (reply is None) == (clean_line(line) == ""), repr(line)  # blank lines: no answer
    if reply is None:
        return
    text, ends = reply
    assert SUCCESS.fullmatch(text) or FAILURE.fullmatch(text), (line[:80], text[:200])
    assert " failed: " not in text, (line[:80], text[:200])  # a fault of ours, not the input's
    assert not ends or text.startswith("=")


@pytest.mark.parametrize("seed", range(4))
def test_every_line_is_answered_in_time_in_the_protocol_s_form(seed: int) -> None:
    chance = random.Random(seed)
    session = Session()
    quits = 0
    check_no_game_yet(session)
    session.handle("time_left 2")  # keeps Normal and Hard short (until a line sets another)
    for _ in range(600):
        line = fuzz_line(chance, session)
        allowed = DEADLINE + thinking_allowed(session, line)
        start = time.monotonic()
        reply = session.handle(line)
        took = time.monotonic() - start
        assert took < allowed, f"{line[:60]!r} took {took:.2f} s (allowed {allowed:.2f} s)"
        check_answer(line, reply)
        if reply is not None and reply[1]:
            quits += 1
            session = Session()  # ``quit`` ends a session: carry on with a new one
    assert quits > 0


def check_no_game_yet(session: Session) -> None:
    """Every command that needs a game, with odd arguments or none, before ``new_game``."""
    reasons = ("no game yet", "100 digits", "missing argument", "takes no arguments")
    for command in [*NEED_A_GAME, "set_position"]:
        for args in ("", " easy", " a1-a2", " 9" + "9" * 5000, " \x00", " ²"):
            reply = session.handle(command + args)
            assert reply is not None and not reply[1]
            assert FAILURE.fullmatch(reply[0]), reply
            assert any(reason in reply[0] for reason in reasons), reply


def test_numbers_past_python_s_digit_limit_are_refused_in_one_line() -> None:
    session = Session()
    huge = "9" * 5000
    assert session.handle(f"new_game martian-chess seed={huge}") == (
        f"? a number has at most {MAX_DIGITS} digits here\n\n",
        False,
    )
    assert session.handle("new_game martian-chess seed=-1") == (
        "? seed must be a whole number of 0 or more, not '-1'\n\n",
        False,
    )
    assert session.handle(f"new_game martian-chess seed={'9' * MAX_DIGITS}") == (
        "= martian-chess\n\n",
        False,
    )
    for line in (f"play a{huge}-a1", f"set_position 4/4/4/4/4/4/4/3q 2 0/{huge} - -"):
        assert session.handle(line) == (
            f"? a number has at most {MAX_DIGITS} digits here\n\n",
            False,
        )


def test_digits_that_are_not_ascii_are_refused_in_one_sentence() -> None:
    session = Session()
    answer = session.handle("new_game mac mode=dark portals=a²,b3")
    assert answer is not None
    assert (
        answer[0]
        == "? option portals: 'a²' is not a square (expected a letter and a number, like c3)\n\n"
    )
    session.handle("new_game martian-chess")
    for position in ("qqd1/qdp1/dpp1/4/4/1ppd/1p²/1dqq 1 0/0 - o", "4/4/4/4/4/4/4/3q 1 0/² - c²"):
        answer = session.handle(f"set_position {position}")
        assert answer is not None and FAILURE.fullmatch(answer[0]), answer
        assert " failed: " not in answer[0]


def test_surplus_arguments_and_odd_values_are_refused() -> None:
    session = Session()
    assert session.handle("name please")[0] == "? name takes no arguments, not 'please'\n\n"  # type: ignore[index]
    assert session.handle("quit now")[0].startswith("? quit takes no arguments")  # type: ignore[index]
    session.handle("new_game martian-chess")
    answer = session.handle("genmove easy " + "x" * 1000)
    assert answer is not None and answer[0].startswith("? genmove takes one level at most")
    assert len(answer[0]) < 200
    for value in ("nan", "inf", "-inf", "-1", "1e400", "²"):
        answer = session.handle(f"time_left {value}")
        assert answer == (f"? time_left needs a number of seconds, not '{value}'\n\n", False)
    assert session.handle("time_left 1e308") == ("=\n\n", False)
    start = time.monotonic()
    answer = session.handle("genmove easy")  # a huge clock leaves Easy its own short time
    assert answer is not None and answer[0].startswith("= ")
    assert time.monotonic() - start < DEADLINE


def test_a_long_line_is_refused_and_a_long_list_of_moves_too() -> None:
    session = Session()
    answer = session.handle("5 play " + "a1-" * MAX_LINE)
    assert answer == (f"?5 the line is longer than {MAX_LINE:,} bytes: it is not read\n\n", False)
    data = Path(__file__).parent / "data" / "chase_many_stacks.txt"
    session.handle("new_game chase")
    session.handle(f"set_position {data.read_text().strip()}")
    start = time.monotonic()
    answer = session.handle("legal_moves")
    assert time.monotonic() - start < DEADLINE
    assert answer is not None and answer[0].endswith(f"(at most {MAX_LISTED_MOVES:,})\n\n")


# -- the real ``pawnshop gtp`` --------------------------------------------------------------------


def hostile_lines(chance: random.Random, count: int) -> list[bytes]:
    """Lines of bytes, each with an id so that its answer can be told: random bytes (invalid
    UTF-8 too), NULs, carriage returns, huge numbers, an over-long line; never a line end."""
    lines = []
    for number in range(1, count + 1):
        body = chance.choice(
            [
                bytes(chance.randrange(256) for _ in range(chance.randrange(1, 80))),
                b"new_game martian-chess seed=" + b"9" * 5000,
                b"new_game " + chance.choice(GAMES).encode() + b" seed=\xff\xfe",
                b"new_game " + chance.choice(GAMES).encode(),
                b"play \x00a1-a2\x00",
                b"na\x00me\r",
                b"time_left nan",
                b"legal_moves",
                b"genmove easy",
                b"\xc3\x28\xa0\xa1 \xed\xa0\x80",
                b"set_position " + b"x" * (MAX_LINE + 100),
            ]
        )
        body = body.replace(b"\n", b" ").replace(b"#", b" ")  # a comment would hide nothing
        lines.append(b"%d " % number + body)
    return lines


class Engine:
    """``pawnshop gtp`` in a subprocess, answered line by line."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui", "gtp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert self.process.stdout is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.pending = b""

    def send(self, line: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def answer(self, timeout: float) -> bytes:
        """The next answer, waiting at most ``timeout`` seconds for it."""
        end = time.monotonic() + timeout
        while b"\n\n" not in self.pending:
            left = end - time.monotonic()
            assert left > 0, f"no answer within {timeout} s (so far {self.pending[:200]!r})"
            if self.selector.select(left):
                chunk = self.process.stdout.read()  # type: ignore[union-attr]
                assert chunk, f"the engine ended: {self.finish(b'')[1]!r}"
                self.pending += chunk
        answer, self.pending = self.pending.split(b"\n\n", 1)
        return answer + b"\n\n"

    def finish(self, rest: bytes) -> tuple[int, bytes]:
        """Send ``rest`` and the end of input; the exit status and what stderr said."""
        _, errors = self.process.communicate(rest, timeout=30)
        return self.process.returncode, errors


def run_engine(check: Callable[[Engine], None]) -> None:
    engine = Engine()
    try:
        check(engine)
    finally:
        if engine.process.poll() is None:
            engine.process.kill()
            engine.process.wait()


def test_the_real_engine_answers_each_hostile_line_and_ends_only_at_the_end() -> None:
    lines = hostile_lines(random.Random(5), 120)

    def check(engine: Engine) -> None:
        first = engine.answer  # warm up: the first answer waits for the interpreter's start
        engine.send(b"0 name")
        assert first(30) == b"=0 pawnshop\n\n"
        for number, line in enumerate(lines, start=1):
            start = time.monotonic()
            engine.send(line)
            answer = engine.answer(DEADLINE + 0.3)  # Easy thinks 0.3 s at most
            assert time.monotonic() - start < DEADLINE + 0.3
            assert re.fullmatch(rb"[=?]%d( [^\n]*)?(\n[^\n]+)*\n\n" % number, answer), (
                line[:80],
                answer[:200],
            )
        assert engine.process.poll() is None  # no line ended it
        status, errors = engine.finish(b"")  # the end of input
        assert status == 0 and errors == b"", errors.decode("utf-8", "replace")

    run_engine(check)


def test_the_real_engine_ends_at_quit_and_reads_no_further() -> None:
    engine = Engine()
    out, errors = engine.process.communicate(b"1 bogus\xff\x00\n2 quit\n3 name\n", timeout=60)
    assert engine.process.returncode == 0 and errors == b""
    assert out.startswith(b"?1 unknown command 'bogus\xef\xbf\xbd'")
    assert out.endswith(b"\n\n=2\n\n")
