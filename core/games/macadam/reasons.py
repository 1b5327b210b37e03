"""Why a well-formed move is illegal, in one sentence a player can read.

Only asked after the move generator has said no, so these checks explain rather than decide;
anything they do not recognise gets the plain "is not a legal move here".
"""

from __future__ import annotations

from itertools import pairwise

from core.games.macadam.board import GOAL, HALF, PLACEABLE, SEAT_NAMES, goal_names, name
from core.games.macadam.state import MacadamState


def placement_reason(state: MacadamState, square: int) -> str:
    label = f"@{name(square)}"
    if state.result:
        return f"{label}: the game is over"
    if not state.placing:
        return f"{label}: every pawn is already placed, so a pawn must move"
    side = state.side
    if (state.south | state.north) >> square & 1:
        return f"{label}: {name(square)} is already taken"
    if GOAL[side] >> square & 1:
        return f"{label}: no pawn may be placed on its own goal ({goal_names(side)})"
    if not PLACEABLE[side] >> square & 1:
        return f"{label}: {SEAT_NAMES[side]} places pawns on its own side of the lane only"
    return f"{label} is not a legal placement here"


def path_reason(state: MacadamState, path: tuple[int, ...]) -> str:
    label = "-".join(name(square) for square in path)
    return f"{label}: {_path_problem(state, path)}"


def _path_problem(state: MacadamState, path: tuple[int, ...]) -> str:
    if state.result:
        return "the game is over"
    if state.placing:
        return "the pawns are still being placed (place one with @ and a square, like @c3)"
    side = state.side
    own, other = state.pawns(side), state.pawns(1 - side)
    start = path[0]
    if other >> start & 1:
        return f"the pawn on {name(start)} is {SEAT_NAMES[1 - side]}'s"
    if not own >> start & 1:
        return f"there is no pawn on {name(start)}"
    if len(path) == 2 and _is_slide_shape(path[0], path[1]) and not _jumps_a_pawn(state, path):
        return _slide_problem(state, start, path[1])
    if len(path) == 2 and start == path[1]:
        return "a move must take the pawn to another square"
    own ^= 1 << start
    landed = 1 << start
    for here, there in pairwise(path):
        problem = _jump_problem(state, own, landed, here, there, len(path) > 2)
        if problem:
            return problem
        landed |= 1 << there
    return "that is not a legal move here"


def _is_slide_shape(start: int, end: int) -> bool:
    return start != end and (start % 8 == end % 8 or start // 8 == end // 8)


def _jumps_a_pawn(state: MacadamState, path: tuple[int, ...]) -> bool:
    middle = _middle(path[0], path[1])
    return middle is not None and bool((state.south | state.north) >> middle & 1)


def _middle(here: int, there: int) -> int | None:
    """The square jumped over between two squares two apart in a line, else ``None``."""
    file_gap, rank_gap = there % 8 - here % 8, there // 8 - here // 8
    if {abs(file_gap), abs(rank_gap)} <= {0, 2} and (file_gap or rank_gap):
        return here + file_gap // 2 + 8 * (rank_gap // 2)
    return None


def _slide_problem(state: MacadamState, start: int, end: int) -> str:
    side = state.side
    if not HALF[side] >> start & 1:
        return "a pawn on the opponent's side cannot slide, only jump"
    if not HALF[side] >> end & 1:
        return "a slide cannot cross the centre lane"
    step = 1 if start // 8 == end // 8 else 8
    step = step if end > start else -step
    occupied = state.south | state.north
    for square in range(start + step, end + step, step):
        if GOAL[side] >> square & 1:
            return f"a pawn may not pass over or stop on its own goal ({goal_names(side)})"
        if occupied >> square & 1:
            if square == end:
                return f"{name(end)} is not empty"
            return f"a slide cannot pass over the pawn on {name(square)}"
    return "that is not a legal move here"


def _jump_problem(
    state: MacadamState, own: int, landed: int, here: int, there: int, chained: bool
) -> str:
    side = state.side
    middle = _middle(here, there)
    if middle is None:
        if chained:
            return (
                f"{name(here)}-{name(there)} is not a jump: every step of a chain jumps "
                "over a neighbouring pawn of your own"
            )
        return "a pawn slides along a rank or file, or jumps over a neighbouring pawn of its own"
    if state.pawns(1 - side) >> middle & 1:
        return f"a pawn never jumps over an opponent's pawn (on {name(middle)})"
    if not own >> middle & 1:
        return f"there is no pawn of yours on {name(middle)} to jump over"
    if landed >> there & 1:
        return f"a chain may not land on {name(there)} twice (its starting square counts)"
    if (state.south | state.north) >> there & 1:
        return f"{name(there)} is not empty"
    if GOAL[side] >> there & 1:
        return f"a pawn may not pass over or stop on its own goal ({goal_names(side)})"
    return ""
