"""The captures of the side to move in Martian Chess, found without listing every move.

The capture search at the leaves of the alpha-beta search visits several positions for each
one the main search sees, and only wants captures there. A piece's captures depend only on
which squares of its rays are taken, like the rest of its moves, so they come from tables
built once from the rules' own reach tables (``core.games.martian_chess.reach``): the moves
of a table entry that end on a taken square are its captures, since a ray stops at its first
taken square and a move onto a square of the piece's own zone is a merge, kept apart.
"""

from __future__ import annotations

from core.games.martian_chess.board import LAYOUTS, QUEEN
from core.games.martian_chess.moves import Move
from core.games.martian_chess.reach import REACH, ZONE_PARTS
from core.games.martian_chess.state import DEADLOCK_TURNS, NO_EMPTY_ZONE, State

#: One group of rays of a piece on a square: its squares as a bitboard, and the captures by
#: which of them are taken.
CaptureGroup = tuple[int, dict[int, tuple[Move, ...]]]


def _capture_tables(size: int) -> tuple[tuple[tuple[CaptureGroup, ...], ...], ...]:
    """``tables[piece][square]``: the capture groups of that piece on that square."""
    reach = REACH[size]
    tables: list[tuple[tuple[CaptureGroup, ...], ...]] = [()]
    for piece in range(1, QUEEN + 1):
        tables.append(
            tuple(
                tuple(
                    (
                        group,
                        {
                            taken: tuple(move for move in moves if taken >> move.dst & 1)
                            for taken, (moves, _) in table.items()
                        },
                    )
                    for group, table in reach[piece][square]
                )
                for square in range(size)
            )
        )
    return tuple(tables)


#: ``CAPTURE_TABLES[size][piece][square]``, for each board.
CAPTURE_TABLES = {size: _capture_tables(size) for size in LAYOUTS}


def captures(state: State) -> list[Move]:
    """Every legal capture of the side to move, biggest first (moves of the same value in the
    order the rules list them); none once the game is over."""
    board, seat, _, _, clock, _, occupied, empty_zone = state
    if empty_zone != NO_EMPTY_ZONE or clock >= DEADLOCK_TURNS:
        return []
    size = len(board)
    tables = CAPTURE_TABLES[size]
    found: list[Move] = []
    taken = occupied.to_bytes(size // 8, "little")
    for index, bits, squares in ZONE_PARTS[size][seat]:
        for square in squares[taken[index] & bits]:
            for group, table in tables[board[square]][square]:
                found += table[occupied & group]
    # The no-rejection rule needs no care here: the move it forbids goes back to the square
    # the piece just left, which is empty, so it is never a capture.
    found.sort(key=lambda move: -board[move.dst])
    return found
