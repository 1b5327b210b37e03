"""The engine text protocol, after the Go Text Protocol: one command a line, one answer each.

An answer is ``= result`` (or ``=id result`` when the command began with a number) or
``? reason``, followed by a blank line. Bad input never ends the session; only ``quit`` and
the end of input do. The byte-level loop lives in ``tui.gtp``; this module only turns a
command line into an answer, so it stays pure and testable.

Any line is answered at once: lines are capped in length (``MAX_LINE``), numbers in digits
(``MAX_DIGITS``: Python refuses to read an integer of more than 4,300 digits, and a long one is
slow to read), the moves ``legal_moves`` lists in count (``MAX_LISTED_MOVES``), and ``genmove``
thinks no longer than its level. Whatever a command raises, the answer is one line saying why.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core import __version__
from core.ai import Searcher, find_level, move_seed
from core.ai.levels import LEVELS
from core.ai.stagnation import record_quiet_plies
from core.analysis import analyse_position
from core.analysis_marks import format_evaluation
from core.errors import PawnshopError
from core.game import Game
from core.options import parse_options
from core.record import GameRecord
from core.registry import all_games, find_game
from core.time_control import think_seconds
from core.view import BoardView

PROTOCOL_VERSION = "2"
#: ``analyze`` thinks this long unless told, and at most ``MAX_ANALYZE_SECONDS``.
ANALYZE_SECONDS = 1.0
MAX_ANALYZE_SECONDS = 60.0


#: ``legal_moves`` refuses to list more moves than this, so that the list is answered within a
#: second (a Chase player with many stacks of gold has millions of merges: gigabytes of text).
MAX_LISTED_MOVES = 10_000
#: The longest line read, in bytes (UTF-8) without its line end: several times the longest
#: position text of any game.
MAX_LINE = 16_384
#: The most digits a number in a command may have (a seed, a count in a position).
MAX_DIGITS = 100
#: The longest piece of the input an error message repeats, and the longest message.
MAX_QUOTED = 40
MAX_REASON = 300
#: Commands that take no argument.
NO_ARGUMENTS = frozenset(
    {
        "protocol_version", "name", "version", "list_commands", "list_games", "position",
        "legal_moves", "undo", "showboard", "outcome", "quit",
    }
)  # fmt: skip

_COMMAND_ID = re.compile(r"[0-9]+")
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
#: Characters removed from every line before it is read (after the Go Text Protocol: control
#: characters other than tab and line feed).
_CONTROL = dict.fromkeys(code for code in (*range(0x20), *range(0x7F, 0xA0)) if code not in (9, 10))


class CommandError(Exception):
    """A command that cannot be carried out; its message becomes the ``? reason`` answer."""


@dataclass(frozen=True, slots=True)
class Answer:
    ok: bool
    text: str
    quit: bool = False

    def render(self, command_id: str = "") -> str:
        """The answer as written: a reason on one line; a result on as many as it needs, but
        never a blank one, which would end the answer early."""
        head = ("=" if self.ok else "?") + command_id
        text = self.text if self.ok else " ".join(self.text.split())
        if not self.ok and len(text) > MAX_REASON:
            text = text[: MAX_REASON - 1] + "…"
        text = "\n".join(line.rstrip() for line in text.split("\n") if line.strip())
        if self.ok and self.text.startswith("\n"):
            text = "\n" + text  # a board begins on the line after the ``=``
        body = f"{head} {text}" if text else head
        return body.rstrip() + "\n\n"


def quoted(text: str) -> str:
    """``text`` as an error message repeats it: cut short when long."""
    return text if len(text) <= MAX_QUOTED else text[: MAX_QUOTED - 1] + "…"


def over_long(line: str) -> bool:
    """True when ``line`` is longer than ``MAX_LINE`` bytes in UTF-8, not counting its end."""
    line = line.rstrip("\r\n")
    return len(line) > MAX_LINE or len(line.encode("utf-8", "surrogatepass")) > MAX_LINE


def clean_line(line: str) -> str:
    """A line as the protocol reads it: control characters removed (tabs become spaces), the
    comment after ``#`` dropped, spaces around trimmed."""
    line = line.translate(_CONTROL).replace("\t", " ")
    return line.split("#", 1)[0].strip()


def board_text(view: BoardView) -> str:
    """A plain-text board: ranks from the top, ``.`` for empty squares, labels around."""
    width = max(1, *(len(cell.text) for cell in view.cells))
    files = "abcdefghijklmnopqrstuvwxyz"[: view.width]
    label_width = len(str(view.height))
    header = " " * (label_width + 1) + " ".join(f.ljust(width) for f in files)
    lines = [header]
    for rank in reversed(range(view.height)):
        row = view.cells[rank * view.width : (rank + 1) * view.width]
        squares = " ".join((cell.text or ".").ljust(width) for cell in row)
        lines.append(f"{rank + 1:>{label_width}} {squares.rstrip()}")
    return "\n".join(lines)


class Session:
    """One protocol session: the current game record and the command table."""

    def __init__(self) -> None:
        self.record: GameRecord | None = None
        #: Seconds left on the engine's clock (``time_left``), ``None`` without a clock.
        self.time_left: float | None = None
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda args: PROTOCOL_VERSION,
            "name": lambda args: "pawnshop",
            "version": lambda args: __version__,
            "list_commands": lambda args: "\n".join(self.commands),
            "known_command": self._known_command,
            "list_games": self._list_games,
            "new_game": self._new_game,
            "set_position": self._set_position,
            "position": lambda args: self._game().write_position(self._record().state),
            "legal_moves": self._legal_moves,
            "play": self._play,
            "undo": self._undo,
            "showboard": self._showboard,
            "outcome": self._outcome,
            "genmove": self._genmove,
            "analyze": self._analyze,
            "time_left": self._time_left,
            "quit": lambda args: "",
        }

    # -- the loop body ------------------------------------------------------------------------

    def handle(self, line: str) -> tuple[str, bool] | None:
        """The answer text to one input line and whether the session ends with it;
        ``None`` for a blank or comment line."""
        if over_long(line):
            return self.too_long(line), False
        line = clean_line(line)
        if not line:
            return None
        words = line.split()
        command_id = ""
        if _COMMAND_ID.fullmatch(words[0]):
            command_id = words.pop(0)
            if not words:
                return Answer(False, "no command after the id").render(command_id), False
        if _LONG_NUMBER.search(" ".join(words)):
            refusal = f"a number has at most {MAX_DIGITS} digits here"
            return Answer(False, refusal).render(command_id), False
        answer = self.answer(words[0].lower(), words[1:])
        return answer.render(command_id), answer.quit

    def too_long(self, head: str) -> str:
        """The answer to a line longer than ``MAX_LINE`` bytes, of which ``head`` is the
        beginning (with its id, if it has one, the answer has it too)."""
        words = clean_line(head).split(maxsplit=1)
        command_id = words[0] if words and _COMMAND_ID.fullmatch(words[0]) else ""
        refusal = f"the line is longer than {MAX_LINE:,} bytes: it is not read"
        return Answer(False, refusal).render(command_id)

    def answer(self, name: str, args: list[str]) -> Answer:
        command = self.commands.get(name)
        if command is None:
            return Answer(False, f"unknown command '{quoted(name)}' (list_commands lists them)")
        if args and name in NO_ARGUMENTS:
            return Answer(False, f"{name} takes no arguments, not '{quoted(' '.join(args))}'")
        try:
            return Answer(True, command(args), quit=name == "quit")
        except (CommandError, PawnshopError) as error:
            return Answer(False, str(error))
        except Exception as error:  # a fault of ours: still one answer, and the session goes on
            return Answer(False, f"{name} failed: {type(error).__name__}: {quoted(str(error))}")

    # -- helpers ------------------------------------------------------------------------------

    def _record(self) -> GameRecord:
        if self.record is None:
            raise CommandError("no game yet: start one with new_game <game>")
        return self.record

    def _game(self) -> Game[Any, Any]:
        return self._record().game

    @staticmethod
    def _one_arg(args: list[str], what: str) -> str:
        if not args:
            raise CommandError(f"missing argument: {what}")
        return " ".join(args)

    # -- commands -----------------------------------------------------------------------------

    def _known_command(self, args: list[str]) -> str:
        return "true" if self._one_arg(args, "command name").lower() in self.commands else "false"

    def _list_games(self, args: list[str]) -> str:
        return "\n".join(f"{game.id} {game.name}" for game in all_games())

    def _new_game(self, args: list[str]) -> str:
        if not args:
            raise CommandError("missing argument: game (list_games lists them)")
        game = find_game(args[0])
        options = parse_options(" ".join(args[1:]))
        seed_text = options.pop("seed", "0")
        if not _COMMAND_ID.fullmatch(seed_text):
            raise CommandError(
                f"seed must be a whole number of 0 or more, not '{quoted(seed_text)}'"
            )
        self.record = GameRecord(game, options, seed=int(seed_text))
        return game.id

    def _set_position(self, args: list[str]) -> str:
        record = self._record()
        text = self._one_arg(args, "position text")
        record.game.read_position(text)  # raises PositionError before anything changes
        self.record = GameRecord(
            record.game, record.options, record.seed, record.players, start_position=text
        )
        return ""

    def _legal_moves(self, args: list[str]) -> str:
        record = self._record()
        state = record.state
        moves = record.game.legal_moves(state)
        if len(moves) > MAX_LISTED_MOVES:
            raise CommandError(
                f"this position has {len(moves):,} legal moves, too many to list "
                f"(at most {MAX_LISTED_MOVES:,})"
            )
        return " ".join(record.game.format_move(state, m) for m in moves)

    def _play(self, args: list[str]) -> str:
        record = self._record()
        text = self._one_arg(args, "move")
        if record.outcome() is not None:
            raise CommandError("the game is over")
        record.play_text(text, main=True)
        return ""

    def _undo(self, args: list[str]) -> str:
        if not self._record().undo():
            raise CommandError("nothing to undo")
        return ""

    def _showboard(self, args: list[str]) -> str:
        record = self._record()
        game, state = record.game, record.state
        seat = game.seat_names(record.options)[game.to_move(state)]
        return "\n" + board_text(game.board_view(state)) + f"\n{seat} to move"

    def _outcome(self, args: list[str]) -> str:
        record = self._record()
        outcome = record.outcome()
        if outcome is None:
            return "*"
        return f"{outcome.result(len(record.seat_names))} {outcome.reason}"

    def _genmove(self, args: list[str]) -> str:
        """The computer's move for the side to move, played on the board: ``genmove [level]``."""
        record = self._record()
        if record.outcome() is not None:
            raise CommandError("the game is over")
        if len(args) > 1:
            raise CommandError(f"genmove takes one level at most, not '{quoted(' '.join(args))}'")
        wanted = args[0] if args else "normal"
        try:
            level = find_level(wanted)
        except ValueError:
            known = ", ".join(LEVELS)
            raise CommandError(
                f"there is no level called '{quoted(wanted)}' (levels: {known})"
            ) from None
        if self.time_left is not None:
            # The share of the app's computer seats, so that both play a clock alike.
            share = think_seconds(self.time_left, 0.0)
            seconds = share if level.seconds is None else min(level.seconds, share)
            level = dataclasses.replace(level, seconds=seconds)
        state = record.state
        start = time.monotonic()
        seed = move_seed(record.seed, record.current.ply)
        quiet = record_quiet_plies(record)
        move = Searcher(record.game, state, level, seed, quiet_plies=quiet).run()
        if self.time_left is not None:
            self.time_left = max(0.0, self.time_left - (time.monotonic() - start))
        notation = record.game.format_move(state, move)
        record.play(move, main=True)
        return notation

    def _analyze(self, args: list[str]) -> str:
        """``analyze [SECONDS]``: the side to move's win chance and the best line, as it
        sees the position: ``score 0.62 pv MOVE MOVE ...``. Nothing is played."""
        record = self._record()
        if record.outcome() is not None:
            raise CommandError("the game is over")
        if len(args) > 1:
            raise CommandError(
                f"analyze takes one number of seconds at most, not '{quoted(' '.join(args))}'"
            )
        seconds = ANALYZE_SECONDS
        if args:
            try:
                seconds = float(args[0])
            except ValueError:
                seconds = -1.0
            if not 0 < seconds <= MAX_ANALYZE_SECONDS:
                raise CommandError(
                    f"analyze needs a number of seconds above 0 and at most "
                    f"{MAX_ANALYZE_SECONDS:g}, not '{quoted(args[0])}'"
                )
        analysis = analyse_position(
            record, "normal", seconds, quiet_plies=record_quiet_plies(record)
        )
        if analysis is None:  # the outcome says the game goes on, so a move is there
            raise CommandError("the game is over")
        return (
            f"score {format_evaluation(analysis.win_chance)} pv {' '.join(analysis.best_line_text)}"
        )

    def _time_left(self, args: list[str]) -> str:
        """``time_left SECONDS``: the time the engine has left; each ``genmove`` uses a share."""
        text = self._one_arg(args, "seconds")
        try:
            seconds = float(text)
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds < float("inf"):
            raise CommandError(f"time_left needs a number of seconds, not '{quoted(text)}'")
        self.time_left = seconds
        return ""
