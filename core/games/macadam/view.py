"""What the screens need: the board as drawn, the squares a move is selected by, the hand."""

from __future__ import annotations

from core.games.macadam.board import (
    DOTS,
    GOAL,
    HALF,
    HEIGHT,
    LANE_AFTER_RANK,
    NORTH,
    PLACEABLE,
    SEAT_NAMES,
    SOUTH,
    WIDTH,
    mask,
)
from core.games.macadam.moves import PawnMove, Placement, placement
from core.games.macadam.state import MacadamState
from core.view import BoardView, Cell, TrayItem

#: How a pawn is written on the board: South upper case, North lower case.
PAWN_TEXT = ("P", "p")
_ALL_DOTS = mask(DOTS[SOUTH]) | mask(DOTS[NORTH])
_ALL_GOALS = GOAL[SOUTH] | GOAL[NORTH]


def _mark(square: int) -> str:
    if _ALL_GOALS >> square & 1:
        return "goal"
    if _ALL_DOTS >> square & 1:
        return "dot"
    return ""


#: Empty cells: region 0 for South's half, 1 for North's; goals and starting dots marked.
_EMPTY = tuple(
    Cell(region=NORTH if HALF[NORTH] >> square & 1 else SOUTH, mark=_mark(square))
    for square in range(WIDTH * HEIGHT)
)
_PAWN_CELLS = tuple(
    tuple(Cell(PAWN_TEXT[seat], seat, empty.region, empty.mark) for empty in _EMPTY)
    for seat in (SOUTH, NORTH)
)


def board_view(state: MacadamState) -> BoardView:
    cells = tuple(
        _PAWN_CELLS[SOUTH][square]
        if state.south >> square & 1
        else _PAWN_CELLS[NORTH][square]
        if state.north >> square & 1
        else _EMPTY[square]
        for square in range(WIDTH * HEIGHT)
    )
    return BoardView(WIDTH, HEIGHT, cells, rank_walls=frozenset({LANE_AFTER_RANK}))


def move_path(move: PawnMove | Placement) -> tuple[int, ...]:
    """The pawn's square then each landing square; a placement is its one square."""
    if isinstance(move, Placement):
        return (move.square,)
    return move.path


def tray(state: MacadamState) -> tuple[TrayItem, ...]:
    if not state.placing or state.result:
        return ()
    return (TrayItem("p", "pawn", state.in_hand(state.side)),)


def placement_move(state: MacadamState, key: str, square: int) -> Placement | None:
    side = state.side
    if not state.placing or key != "p" or not 0 <= square < WIDTH * HEIGHT:
        return None
    if not PLACEABLE[side] >> square & 1 or state.pawns(side) >> square & 1:
        return None
    return placement(square)


def panel_lines(state: MacadamState, seat: int) -> tuple[str, ...]:
    """Pawns still in hand during placement; pawns across the lane during the battle."""
    if state.placing:
        return (f"{state.in_hand(seat)} pawns to place",)
    across = (state.pawns(seat) & HALF[1 - seat]).bit_count()
    return (f"{across} on {SEAT_NAMES[1 - seat]}'s side",)
