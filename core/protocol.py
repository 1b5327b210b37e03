"""The engine text protocol, after the Go Text Protocol: one command a line, one answer each.

An answer is ``= result`` (or ``=id result`` when the command began with a number) or
``? reason``, followed by a blank line. Bad input never ends the session; only ``quit`` and
the end of input do. The byte-level loop lives in ``tui.gtp``; this module only turns a
command line into an answer, so it stays pure and testable.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

from core import __version__
from core.ai import Searcher, find_level, move_seed
from core.errors import PawnshopError
from core.game import Game
from core.options import parse_options
from core.record import GameRecord
from core.registry import all_games, find_game
from core.view import BoardView

PROTOCOL_VERSION = "2"
#: ``genmove`` plans for this many more moves when ``time_left`` says how much time is left.
MOVES_TO_PLAN = 20
#: ``genmove`` thinks at least this long, however little time is left.
MIN_THINK_SECONDS = 0.05


#: ``legal_moves`` refuses to list more moves than this (a Chase player with many stacks of
#: gold has millions of merges: gigabytes of text).
MAX_LISTED_MOVES = 1_000_000


class CommandError(Exception):
    """A command that cannot be carried out; its message becomes the ``? reason`` answer."""


@dataclass(frozen=True, slots=True)
class Answer:
    ok: bool
    text: str
    quit: bool = False

    def render(self, command_id: str = "") -> str:
        head = ("=" if self.ok else "?") + command_id
        body = f"{head} {self.text}" if self.text else head
        return body.rstrip() + "\n\n"


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
            "time_left": self._time_left,
            "quit": lambda args: "",
        }

    # -- the loop body ------------------------------------------------------------------------

    def handle(self, line: str) -> tuple[str, bool] | None:
        """The answer text to one input line and whether the session ends with it;
        ``None`` for a blank or comment line."""
        line = line.split("#", 1)[0].strip().replace("\t", " ")
        if not line:
            return None
        words = line.split()
        command_id = ""
        if words[0].isdigit():
            command_id = words.pop(0)
            if not words:
                return Answer(False, "no command after the id").render(command_id), False
        answer = self.answer(words[0].lower(), words[1:])
        return answer.render(command_id), answer.quit

    def answer(self, name: str, args: list[str]) -> Answer:
        command = self.commands.get(name)
        if command is None:
            return Answer(False, f"unknown command '{name}' (list_commands lists them)")
        try:
            return Answer(True, command(args), quit=name == "quit")
        except (CommandError, PawnshopError) as error:
            return Answer(False, str(error))

    # -- helpers ------------------------------------------------------------------------------

    def _record(self) -> GameRecord:
        if self.record is None:
            raise CommandError("no game yet: start one with new_game <game>")
        return self.record

    def _game(self) -> Game:
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
        if not seed_text.isdigit():
            raise CommandError(f"seed must be a whole number, not '{seed_text}'")
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
        try:
            level = find_level(args[0] if args else "normal")
        except ValueError as error:
            raise CommandError(str(error)) from error
        if self.time_left is not None:
            share = max(MIN_THINK_SECONDS, self.time_left / MOVES_TO_PLAN)
            seconds = share if level.seconds is None else min(level.seconds, share)
            level = dataclasses.replace(level, seconds=seconds)
        state = record.state
        start = time.monotonic()
        move = Searcher(record.game, state, level, move_seed(record.seed, record.current.ply)).run()
        if self.time_left is not None:
            self.time_left = max(0.0, self.time_left - (time.monotonic() - start))
        notation = record.game.format_move(state, move)
        record.play(move, main=True)
        return notation

    def _time_left(self, args: list[str]) -> str:
        """``time_left SECONDS``: the time the engine has left; each ``genmove`` uses a share."""
        text = self._one_arg(args, "seconds")
        try:
            seconds = float(text)
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds < float("inf"):
            raise CommandError(f"time_left needs a number of seconds, not '{text}'")
        self.time_left = seconds
        return ""
