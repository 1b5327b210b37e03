"""Hop: a tiny game for testing the generic board screen on what Martian Chess does not have.

Each side has a row of pieces (South ``S`` on rank 1, North ``n`` on the top rank). A turn
is one step forward or sideways onto an empty square, or a chain of jumps over adjacent
pieces (orthogonally, onto empty squares, never landing twice on a square), stopping after
any jump. A piece reaching the far rank leaves the board and scores: the player chooses
``=K`` (1 point) or ``=Q`` (2 points) -- two moves with the same path. ``pass`` is a key
action. The first to 3 points wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from core.errors import IllegalMoveError, NotationError, PositionError
from core.game import Game
from core.options import OptionSpec
from core.outcome import Outcome
from core.squares import parse_square, square_name
from core.view import BoardView, Cell

TARGET = 3
RULES = """# Hop

A tiny game of the tests.

## Moving

- **Step** one square forward or sideways onto an empty square.
- **Jump** over a neighbouring piece onto the empty square beyond, and on from there.

## Scoring

| piece leaves as | points |
| --- | --- |
| `=K` | 1 |
| `=Q` | 2 |

The first to 3 points wins.
"""
POINTS = {"K": 1, "Q": 2}


class HopMove(NamedTuple):
    path: tuple[int, ...]
    promote: str = ""


class HopState(NamedTuple):
    size: int
    board: tuple[str, ...]
    to_move: int
    scores: tuple[int, int]


PASS = HopMove(())


class Hop(Game):
    id = "hop"
    name = "Hop"
    description = "A tiny jumping game used in the tests of the board screen."
    option_specs = (
        OptionSpec("size", "Board size", "5", ("5", "6")),
        OptionSpec("first", "First player", "1", ("1", "2")),
    )

    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        return ("South", "North")

    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> HopState:
        opts = self.resolve_options(options)
        size = int(opts["size"])
        board = ["S"] * size + ["."] * (size * (size - 2)) + ["n"] * size
        return HopState(size, tuple(board), int(opts["first"]) - 1, (0, 0))

    def _steps(self, state: HopState, square: int) -> list[int]:
        size = state.size
        rank, file = divmod(square, size)
        forward = 1 if state.to_move == 0 else -1
        result = []
        for dr, df in ((forward, 0), (0, 1), (0, -1)):
            r, f = rank + dr, file + df
            if 0 <= r < size and 0 <= f < size and state.board[r * size + f] == ".":
                result.append(r * size + f)
        return result

    def _jumps(self, state: HopState, path: tuple[int, ...]) -> list[tuple[int, ...]]:
        size = state.size
        rank, file = divmod(path[-1], size)
        found = []
        for dr, df in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r1, f1, r2, f2 = rank + dr, file + df, rank + 2 * dr, file + 2 * df
            if not (0 <= r2 < size and 0 <= f2 < size):
                continue
            over, land = r1 * size + f1, r2 * size + f2
            if state.board[over] != "." and state.board[land] == "." and land not in path:
                longer = (*path, land)
                found.append(longer)
                if not self._is_far(state, land):
                    found.extend(self._jumps(state, longer))
        return found

    def _is_far(self, state: HopState, square: int) -> bool:
        rank = square // state.size
        return rank == (state.size - 1 if state.to_move == 0 else 0)

    def legal_moves(self, state: HopState) -> list[HopMove]:
        if self.outcome(state) is not None:
            return []
        mine = "S" if state.to_move == 0 else "n"
        moves: list[HopMove] = []
        for square, piece in enumerate(state.board):
            if piece != mine:
                continue
            paths = [(square, s) for s in self._steps(state, square)]
            paths += self._jumps(state, (square,))
            for path in paths:
                if self._is_far(state, path[-1]):
                    moves += [HopMove(path, "K"), HopMove(path, "Q")]
                else:
                    moves.append(HopMove(path))
        moves.append(PASS)
        return moves

    def apply(self, state: HopState, move: HopMove) -> HopState:
        board = list(state.board)
        scores = list(state.scores)
        if move.path:
            piece = board[move.path[0]]
            board[move.path[0]] = "."
            if move.promote:
                scores[state.to_move] += POINTS[move.promote]
            else:
                board[move.path[-1]] = piece
        return HopState(state.size, tuple(board), 1 - state.to_move, (scores[0], scores[1]))

    def outcome(self, state: HopState) -> Outcome | None:
        for seat, score in enumerate(state.scores):
            if score >= TARGET:
                other = state.scores[1 - seat]
                return Outcome((seat,), f"{self.seat_names({})[seat]} scored {score} to {other}")
        return None

    def to_move(self, state: HopState) -> int:
        return state.to_move

    def scores(self, state: HopState) -> tuple[int, ...]:
        return state.scores

    def actions(self, state: HopState) -> tuple[tuple[str, str, HopMove], ...]:
        return (("p", "pass", PASS),) if self.outcome(state) is None else ()

    def panel_lines(self, state: HopState, seat: int) -> tuple[str, ...]:
        left = sum(1 for p in state.board if p == ("S" if seat == 0 else "n"))
        return (f"{left} pieces on the board",)

    def format_move(self, state: HopState, move: HopMove) -> str:
        if not move.path:
            return "pass"
        text = "-".join(square_name(s, state.size) for s in move.path)
        return f"{text}={move.promote}" if move.promote else text

    def parse_move(self, state: HopState, text: str) -> HopMove:
        text = text.strip()
        if text.lower() == "pass":
            return PASS
        body, _, promote = text.partition("=")
        squares = tuple(parse_square(part, state.size, state.size) for part in body.split("-"))
        if len(squares) < 2:
            raise NotationError(f"'{text}' is not a move (expected squares like a1-a2)")
        move = HopMove(squares, promote.upper())
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{text}: that piece cannot go there")
        return move

    def write_position(self, state: HopState) -> str:
        size = state.size
        rows = ["".join(state.board[r * size : (r + 1) * size]) for r in reversed(range(size))]
        return f"{'/'.join(rows)} {state.to_move + 1} {state.scores[0]}/{state.scores[1]}"

    def read_position(self, text: str) -> HopState:
        try:
            rows_text, to_move, scores = text.split()
            rows = rows_text.split("/")
            board = "".join(reversed(rows))
            first, second = (int(s) for s in scores.split("/"))
            return HopState(len(rows), tuple(board), int(to_move) - 1, (first, second))
        except ValueError as error:
            raise PositionError(f"'{text}' is not a Hop position") from error

    def board_view(self, state: HopState) -> BoardView:
        cells = []
        for square, piece in enumerate(state.board):
            region = (square // state.size + square % state.size) % 2
            if piece == ".":
                cells.append(Cell(region=region))
            else:
                cells.append(Cell(piece, 0 if piece == "S" else 1, region))
        return BoardView(state.size, state.size, tuple(cells))

    def move_path(self, state: HopState, move: HopMove) -> tuple[int, ...]:
        return move.path

    def rules_text(self) -> str:
        return RULES


HOP = Hop()
