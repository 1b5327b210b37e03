"""Time controls and clock times as text: what a player types, what a clock shows, and the
``[%clk H:MM:SS]`` of a save file.

A time control is one of: none (``-`` or ``none``); sudden death, ``10+0`` (minutes, then no
increment); Fischer increment, ``5+3`` (minutes, then seconds added after each of the mover's
moves); correspondence, ``3d`` (days for every move, the clock set back to them after each).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

TimeControlKind = Literal["none", "sudden death", "increment", "correspondence"]

#: The bounds of what may be typed: minutes of a game, seconds of increment, days a move.
MAX_MINUTES = 600
MAX_INCREMENT = 600
MAX_DAYS = 30
DAY = 86_400.0

_GAME = re.compile(r"(\d{1,4})\s*\+\s*(\d{1,4})")
_DAYS = re.compile(r"(\d{1,3})\s*d", re.IGNORECASE)
#: A clock time in a save file: hours (any number), minutes, seconds, tenths where written.
CLOCK_TIME = re.compile(r"(\d{1,7}):([0-5]\d):([0-5]\d(?:\.\d)?)")
#: The body of a comment that holds a clock time and nothing else, as written.
CLOCK_COMMENT = re.compile(r"\[%clk (\d{1,7}:[0-5]\d:[0-5]\d(?:\.\d)?)\]")


class TimeControlError(ValueError):
    """A time control that cannot be read; its text is one sentence."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How much time each seat has: ``seconds`` at the start (a move's worth in
    correspondence), ``increment`` added after each of the mover's moves."""

    kind: TimeControlKind
    seconds: float = 0.0
    increment: float = 0.0

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    @property
    def text(self) -> str:
        """The control as typed: ``-``, ``10+0``, ``5+3``, ``3d``."""
        if self.kind == "none":
            return "-"
        if self.kind == "correspondence":
            return f"{round(self.seconds / DAY)}d"
        return f"{round(self.seconds / 60)}+{round(self.increment)}"

    def describe(self) -> str:
        """The control in words: "5 minutes + 3 seconds a move"."""
        if self.kind == "none":
            return "no clock"
        if self.kind == "correspondence":
            return f"{_count(round(self.seconds / DAY), 'day')} a move"
        minutes = _count(round(self.seconds / 60), "minute")
        if self.kind == "sudden death":
            return f"{minutes}, sudden death"
        return f"{minutes} + {_count(round(self.increment), 'second')} a move"


NO_CLOCK = TimeControl("none")


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def parse_time_control(text: str) -> TimeControl:
    """The time control ``text`` names; ``TimeControlError`` says in one sentence why not."""
    typed = text.strip()
    if typed.lower() in ("", "-", "none"):
        return NO_CLOCK
    game = _GAME.fullmatch(typed)
    if game is not None:
        minutes, increment = int(game.group(1)), int(game.group(2))
        if minutes > MAX_MINUTES or increment > MAX_INCREMENT:
            raise TimeControlError(
                f"A time control has at most {MAX_MINUTES} minutes and "
                f"{MAX_INCREMENT} seconds of increment, not {typed!r}."
            )
        if minutes == 0 and increment == 0:
            raise TimeControlError("A time control of 0+0 leaves no time at all: try 5+3.")
        kind: TimeControlKind = "increment" if increment else "sudden death"
        return TimeControl(kind, minutes * 60.0, float(increment))
    days = _DAYS.fullmatch(typed)
    if days is not None:
        count = int(days.group(1))
        if not 1 <= count <= MAX_DAYS:
            raise TimeControlError(
                f"A correspondence game has 1 to {MAX_DAYS} days a move, not {typed!r}."
            )
        return TimeControl("correspondence", count * DAY)
    raise TimeControlError(
        f"{typed!r} is not a time control: type minutes+seconds such as 10+0 or 5+3, "
        "days a move such as 3d, or - for none."
    )


#: The save file's tag of a timed game, with PGN's value: ``600`` (sudden death, seconds),
#: ``300+3`` (seconds + increment), ``1/259200`` (one move in so many seconds).
TIME_CONTROL_TAG = "TimeControl"
_PGN = re.compile(r"(?:(\d{1,7})|(\d{1,7})\+(\d{1,4})|1/(\d{1,8}))")


def pgn_text(control: TimeControl) -> str:
    """The control as PGN's ``TimeControl`` tag writes it (``-`` for none)."""
    if control.kind == "none":
        return "-"
    if control.kind == "correspondence":
        return f"1/{round(control.seconds)}"
    if control.kind == "sudden death":
        return str(round(control.seconds))
    return f"{round(control.seconds)}+{round(control.increment)}"


def time_control_of(tags: Mapping[str, str]) -> TimeControl:
    """The time control a record's tags give (``NO_CLOCK`` without the tag);
    ``TimeControlError`` for a value that is not one pawnshop writes."""
    value = tags.get(TIME_CONTROL_TAG, "-").strip()
    if value == "-":
        return NO_CLOCK
    match = _PGN.fullmatch(value)
    if match is None:
        raise TimeControlError(f"The TimeControl tag {value!r} is not a time control.")
    sudden, base, increment, per_move = match.groups()
    if per_move is not None:
        return TimeControl("correspondence", float(per_move))
    if sudden is not None:
        return TimeControl("sudden death", float(sudden))
    kind: TimeControlKind = "increment" if int(increment) else "sudden death"
    return TimeControl(kind, float(base), float(increment))


def clock_text(seconds: float) -> str:
    """What a clock shows: tenths under ten seconds ("0:04.3"), minutes and seconds ("4:31"),
    hours ("1:04:31"), days and hours from a day up ("2d 3h"). Time is cut, never rounded
    up: a clock never shows more than is left."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        tenths = math.floor(seconds * 10 + 1e-9)
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    whole = math.floor(seconds)
    if whole >= DAY:
        days, rest = divmod(whole, int(DAY))
        return f"{days}d {rest // 3600}h"
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def format_clk(seconds: float) -> str:
    """A clock time as a save file keeps it, PGN's ``H:MM:SS``, with tenths under ten
    seconds: ``0:04:31``, ``0:00:04.3``."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        tenths = math.floor(seconds * 10 + 1e-9)
        return f"0:00:{tenths // 10:02d}.{tenths % 10}"
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


def parse_clk(text: str) -> float:
    """The seconds of a save file's clock time (``ValueError`` if it is not one)."""
    match = CLOCK_TIME.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a clock time such as 0:04:31")
    return int(match.group(1)) * 3600 + int(match.group(2)) * 60 + float(match.group(3))


def think_seconds(remaining: float, increment: float, moves_to_plan: int = 20) -> float:
    """How long a computer may think with ``remaining`` seconds on its clock and
    ``increment`` to come after its move: a share of the time left plus most of the
    increment, never more than half of what is left, so that thinking never runs a clock out
    (what is left after the search pays for starting and answering it)."""
    if remaining <= 0:
        return 0.0
    share = remaining / moves_to_plan + 0.8 * increment
    return min(share, remaining / 2)
