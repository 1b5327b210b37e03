"""The position text: one line, four fields separated by spaces.

``8/p1p2p1p/1p1pp1p1/8/8/1P1PP1P1/P1P2P1P/8 s play -``

1. the board from rank 8 down to rank 1, ranks separated by ``/``: ``P`` a South pawn,
   ``p`` a North pawn, a digit that many empty squares;
2. the side to move (or to place): ``s`` or ``n``;
3. the phase: ``play``, or ``place:s`` / ``place:n`` during free placement, naming who
   makes the first move once every pawn is placed;
4. the history: every battle move so far as its start and end squares written together
   (``a2a4h7h5``), oldest first, ``-`` for none. The earlier positions are rebuilt by
   taking these moves back, so a set-up position counts repetitions exactly.
"""

from __future__ import annotations

import re

from core.errors import PositionError
from core.games.macadam.board import (
    GOAL,
    HEIGHT,
    PAWNS_PER_SEAT,
    PLACEABLE,
    SEAT_NAMES,
    WIDTH,
    goal_names,
    name,
    squares_of,
)
from core.games.macadam.movegen import pawn_moves_from
from core.games.macadam.rules import battle_state
from core.games.macadam.state import (
    ONGOING,
    RECORD_SIZE,
    MacadamState,
    record_pawns,
)
from core.squares import parse_square

SIDES = "sn"


def write_position(state: MacadamState) -> str:
    board = "/".join(_write_rank(state, rank) for rank in reversed(range(HEIGHT)))
    first = state.battle_first
    phase = "play" if first is None else f"place:{SIDES[first]}"
    return f"{board} {SIDES[state.side]} {phase} {_write_history(state) or '-'}"


def _write_rank(state: MacadamState, rank: int) -> str:
    text, gap = "", 0
    for square in range(rank * WIDTH, rank * WIDTH + WIDTH):
        letter = "P" if state.south >> square & 1 else "p" if state.north >> square & 1 else ""
        if letter:
            text += f"{gap or ''}{letter}"
            gap = 0
        else:
            gap += 1
    return text + (str(gap) if gap else "")


def _write_history(state: MacadamState) -> str:
    """The moves between consecutive history records, as start and end square names."""
    history = state.history
    count = len(history) // RECORD_SIZE
    moves = []
    for index in range(count - 1):
        mover = state.side ^ ((count - 1 - index) & 1)
        before = record_pawns(history, index)[mover]
        after = record_pawns(history, index + 1)[mover]
        (start,) = squares_of(before & ~after)
        (end,) = squares_of(after & ~before)
        moves.append(name(start) + name(end))
    return "".join(moves)


def read_position(text: str) -> MacadamState:
    fields = text.split()
    if len(fields) != 4:
        raise PositionError(
            "a Macadam position has four fields: board, side to move, phase and history"
        )
    board, side_text, phase, moves = fields
    south, north = _read_board(board)
    if side_text.lower() not in ("s", "n"):
        raise PositionError(f"'{side_text}' is not a side to move (s for South, n for North)")
    side = SIDES.index(side_text.lower())
    for seat, pawns in enumerate((south, north)):
        if pawns.bit_count() > PAWNS_PER_SEAT:
            raise PositionError(f"{SEAT_NAMES[seat]} has more than {PAWNS_PER_SEAT} pawns")
    if phase.lower() == "play":
        return _battle(south, north, side, moves)
    placing = re.fullmatch(r"place:([sn])", phase.lower())
    if not placing:
        raise PositionError(f"'{phase}' is not a phase (play, place:s or place:n)")
    if moves != "-":
        raise PositionError("a position during placement has no move history (write -)")
    return _placement(south, north, side, SIDES.index(placing.group(1)))


def _read_board(board: str) -> tuple[int, int]:
    ranks = board.split("/")
    if len(ranks) != HEIGHT:
        raise PositionError(f"the board needs {HEIGHT} ranks separated by /, not {len(ranks)}")
    south = north = 0
    for row, rank_text in enumerate(ranks):
        rank = HEIGHT - 1 - row
        file = 0
        for char in rank_text:
            if char in "12345678":
                file += int(char)
            elif char in "Pp":
                if file < WIDTH:  # a rank that is too long is refused below
                    bit = 1 << (rank * WIDTH + file)
                    if char == "P":
                        south |= bit
                    else:
                        north |= bit
                file += 1
            else:
                raise PositionError(
                    f"'{char}' in rank {rank + 1} is not P, p or a digit from 1 to 8"
                )
        if file != WIDTH:
            raise PositionError(f"rank {rank + 1} describes {file} squares instead of {WIDTH}")
    return south, north


def _placement(south: int, north: int, side: int, first: int) -> MacadamState:
    for seat, pawns in enumerate((south, north)):
        if pawns & ~PLACEABLE[seat]:
            raise PositionError(
                f"during placement {SEAT_NAMES[seat]}'s pawns stand on its own side only, "
                f"outside its goal ({goal_names(seat)})"
            )
    placed = south.bit_count(), north.bit_count()
    if placed[0] - placed[1] not in (0, 1) or placed == (PAWNS_PER_SEAT, PAWNS_PER_SEAT):
        raise PositionError(
            "South places first and the players alternate, so South has as many pawns as "
            "North or one more, until all are placed"
        )
    if side != placed[0] - placed[1]:
        raise PositionError(f"it is {SEAT_NAMES[placed[0] - placed[1]]}'s turn to place")
    return MacadamState(south, north, side, first, (), b"", 0, ONGOING)


def _battle(south: int, north: int, side: int, moves: str) -> MacadamState:
    if _misplaced(south, north, side):
        raise PositionError(f"in this position, {_misplaced(south, north, side)}")
    steps = _read_history(moves)
    positions = [(south, north, side)]
    for ply in range(len(steps), 0, -1):
        positions.append(_take_back(positions[-1], *steps[ply - 1], ply))
    positions.reverse()
    state = battle_state(*positions[0])
    for ply, (start, end) in enumerate(steps, 1):
        _check_step(state, start, end, ply)
        state = battle_state(*positions[ply], state.past, state.recent, state.seen)
    return state


def _read_history(moves: str) -> list[tuple[int, int]]:
    if moves == "-":
        return []
    text = moves.lower()
    if not re.fullmatch(r"(?:[a-h][1-8][a-h][1-8])+", text):
        raise PositionError(
            f"'{moves}' is not a move history (start and end squares of each move, like a2a4h7h5)"
        )
    squares = [parse_square(token, WIDTH, HEIGHT) for token in re.findall(r"[a-h][1-8]", text)]
    return list(zip(squares[::2], squares[1::2], strict=True))


def _take_back(after: tuple[int, int, int], start: int, end: int, ply: int) -> tuple[int, int, int]:
    """The position before the ``ply``-th history move, given the position after it."""
    south, north, side = after
    mover = 1 - side
    pawns = (south, north)[mover]
    if not pawns >> end & 1:
        problem = f"no {SEAT_NAMES[mover]} pawn is on {name(end)} after it"
        raise PositionError(f"{_step_label(ply, start, end)}: {problem}")
    if (south | north) >> start & 1:
        raise PositionError(f"{_step_label(ply, start, end)}: {name(start)} is not empty after it")
    pawns ^= 1 << start | 1 << end
    before = (south, pawns, mover) if mover else (pawns, north, mover)
    if _misplaced(*before):
        raise PositionError(f"before {_step_label(ply, start, end)}, {_misplaced(*before)}")
    return before


def _misplaced(south: int, north: int, side: int) -> str:
    """What is wrong with where the pawns stand, or ``""``: a pawn on its own goal, or one of
    the side to move on the opponent's goal (the game would be over)."""
    for seat, pawns in enumerate((south, north)):
        if pawns & GOAL[seat]:
            return f"a {SEAT_NAMES[seat]} pawn stands on its own goal ({goal_names(seat)})"
    if (south, north)[side] & GOAL[1 - side]:
        return (
            f"a {SEAT_NAMES[side]} pawn stands on {SEAT_NAMES[1 - side]}'s goal, "
            f"so the game ended before {SEAT_NAMES[side]}'s turn"
        )
    return ""


def _check_step(before: MacadamState, start: int, end: int, ply: int) -> None:
    """The ``ply``-th history move must be legal in a game that was still going on."""
    if before.result != ONGOING:
        raise PositionError(f"{_step_label(ply, start, end)} comes after the game was already over")
    own, other = before.pawns(before.side), before.pawns(1 - before.side)
    if not any(move.end == end for move in pawn_moves_from(start, own, other, before.side)):
        label = _step_label(ply, start, end)
        raise PositionError(f"{label} is not a legal move in the position before it")


def _step_label(ply: int, start: int, end: int) -> str:
    return f"history move {ply} ({name(start)}{name(end)})"
