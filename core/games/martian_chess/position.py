"""Position text: one line holding the whole position.

``<ranks 8..1 separated by '/'> <seat to move> <scores> <last crossing> <clock> [teams|ffa]``,
for example the two-player start ``qqd1/qdp1/dpp1/4/4/1ppd/1pdq/1dqq 1 0/0 - o``. Ranks list
pieces from file a: ``q`` queen, ``d`` drone, ``p`` pawn, a digit for a run of empty squares;
four squares wide means two players, eight wide four players. The seat to move counts from
1; scores are ``a/b`` or ``a/b/c/d``; the last crossing is the previous move if it carried a
piece over the canal in a two-player game (``c4-c5``), else ``-``; the clock is ``-`` (off),
``o`` (on, not called) or ``c3`` (called, 3 quiet turns so far); four-player positions end
with ``teams`` or ``ffa``.
"""

from __future__ import annotations

import re

from core.errors import NotationError, PositionError
from core.games.martian_chess.board import EMPTY, LAYOUTS, PIECE_LETTERS, Layout, layout_of
from core.games.martian_chess.moves import Move
from core.games.martian_chess.state import (
    CLOCK_OFF,
    CLOCK_READY,
    DEADLOCK_TURNS,
    State,
    make_state,
)
from core.squares import parse_square, square_name

CROSSING_PATTERN = re.compile(r"([a-z]\d+)[-x]?([a-z]\d+)")


def write_position(state: State) -> str:
    layout = layout_of(state.board)
    fields = [
        _write_board(state.board, layout.width),
        str(state.to_move + 1),
        "/".join(str(score) for score in state.scores),
        _write_crossing(state.crossing, layout.width),
        _write_clock(state.clock),
    ]
    if layout.players == 4:
        fields.append("teams" if state.teams else "ffa")
    return " ".join(fields)


def _write_board(board: tuple[int, ...], width: int) -> str:
    ranks = []
    for start in range(len(board) - width, -1, -width):
        text, run = "", 0
        for piece in board[start : start + width]:
            if piece == EMPTY:
                run += 1
                continue
            if run:
                text, run = text + str(run), 0
            text += PIECE_LETTERS[piece].lower()
        ranks.append(text + (str(run) if run else ""))
    return "/".join(ranks)


def _write_crossing(crossing: Move | None, width: int) -> str:
    if crossing is None:
        return "-"
    return f"{square_name(crossing.src, width)}-{square_name(crossing.dst, width)}"


def _write_clock(clock: int) -> str:
    if clock == CLOCK_OFF:
        return "-"
    if clock == CLOCK_READY:
        return "o"
    return f"c{clock}"


def read_position(text: str) -> State:
    fields = text.split()
    if not fields:
        raise PositionError("the position text is empty")
    board, layout = _read_board(fields[0])
    expected = 6 if layout.players == 4 else 5
    if len(fields) != expected:
        raise PositionError(
            f"a {layout.players}-player position has {expected} fields "
            f"(board, seat to move, scores, last crossing, clock{', teams' * (expected == 6)}), "
            f"not {len(fields)}"
        )
    to_move = _read_number(fields[1], "the seat to move") - 1
    if not 0 <= to_move < layout.players:
        raise PositionError(f"the seat to move must be 1 to {layout.players}, not {fields[1]}")
    scores = tuple(_read_number(part, "a score") for part in fields[2].split("/"))
    if len(scores) != layout.players:
        raise PositionError(f"there must be {layout.players} scores separated by '/'")
    crossing = _read_crossing(fields[3], board, layout, to_move)
    clock = _read_clock(fields[4])
    teams = False
    if layout.players == 4:
        if fields[5] not in ("teams", "ffa"):
            raise PositionError(f"the last field must be 'teams' or 'ffa', not '{fields[5]}'")
        teams = fields[5] == "teams"
    empty_zones = [
        seat
        for seat, squares in enumerate(layout.zone_squares)
        if not any(board[square] for square in squares)
    ]
    if len(empty_zones) > 1:
        raise PositionError("more than one zone is empty")
    return make_state(board, to_move, scores, crossing, clock, teams)


def _read_board(text: str) -> tuple[tuple[int, ...], Layout]:
    ranks = text.split("/")
    if len(ranks) != 8:
        raise PositionError(f"the board must have 8 ranks separated by '/', not {len(ranks)}")
    rows: list[list[int]] = []
    for number, rank in zip(range(8, 0, -1), ranks, strict=True):
        row: list[int] = []
        for char in rank:
            if char.isascii() and char.isdigit():
                row.extend([EMPTY] * int(char))
            elif char.upper() in PIECE_LETTERS[1:]:
                row.append(PIECE_LETTERS.index(char.upper()))
            else:
                raise PositionError(f"'{char}' on rank {number} is not q, d, p or a digit")
        rows.append(row)
    width = len(rows[0])
    if width not in (4, 8) or any(len(row) != width for row in rows):
        raise PositionError("every rank must be 4 squares wide (two players) or 8 (four players)")
    board = tuple(piece for row in reversed(rows) for piece in row)
    return board, LAYOUTS[len(board)]


def _read_number(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise PositionError(f"{what} must be a whole number, not '{text}'")
    return int(text)


def _read_crossing(text: str, board: tuple[int, ...], layout: Layout, to_move: int) -> Move | None:
    if text == "-":
        return None
    if layout.players != 2:
        raise PositionError("a last crossing is only kept in the two-player game; write '-'")
    match = CROSSING_PATTERN.fullmatch(text.lower())
    if match is None:
        raise PositionError(f"the last crossing must look like c4-c5 or be '-', not '{text}'")
    try:
        src, dst = (parse_square(name, layout.width, layout.height) for name in match.groups())
    except NotationError as error:
        raise PositionError(f"the last crossing {text}: {error}") from None
    zone_of = layout.zone_of
    if zone_of[dst] != to_move or zone_of[src] == to_move:
        raise PositionError(
            f"the last crossing {text} must come from the other zone into the zone of the "
            "seat to move"
        )
    path = layout.squares_between(board[dst], dst, src) if board[dst] else None
    if board[src] != EMPTY or path is None or any(board[square] for square in path):
        raise PositionError(f"the last crossing {text} is not a move the piece there just made")
    return Move(src, dst)


def _read_clock(text: str) -> int:
    if text == "-":
        return CLOCK_OFF
    if text == "o":
        return CLOCK_READY
    turns = text[1:] if text[:1] == "c" and text[1:].isascii() else ""
    if turns.isdigit() and len(turns) < 4 and int(turns) <= DEADLOCK_TURNS:
        return int(turns)
    raise PositionError(
        f"the clock must be '-' (off), 'o' (not called) or c0 to c{DEADLOCK_TURNS}, not '{text}'"
    )
