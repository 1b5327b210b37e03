"""Pawn moves as the rules read them: the move, or the first rule it breaks.

``walk_slide`` follows a slide square by square, ``walk_jump`` checks one jump of a chain,
``walk_path`` reads a whole path (a slide, or a chain of jumps) and ``walk_placement`` a
pawn placed from the hand. The moves are worked on bitboards (bit ``square``): the seat's
pawns ``own``, the other seat's ``other``.

The move generators are built from these walkers: the slide rays and jump lines (``lines``)
that both generators walk, and the Python generator's tables (``python_movegen``), are
made by asking them about every square, and the tests hold the C generator to the Python
one. A refused move is explained by the same walkers, so the two cannot disagree.
"""

from __future__ import annotations

from core.games.macadam.board import GOAL, HALF, PLACEABLE, SEAT_NAMES, goal_names, name
from core.games.macadam.moves import PawnMove, Placement, placement, step_move
from core.games.refusal import Refusal

#: The advice for a path that is neither a slide nor a jump.
NEITHER = "a pawn slides along a rank or file, or jumps over a neighbouring pawn of its own"


def is_slide_shape(start: int, end: int) -> bool:
    """Whether ``end`` is another square of ``start``'s rank or file."""
    return start != end and (start % 8 == end % 8 or start // 8 == end // 8)


def middle(here: int, there: int) -> int | None:
    """The square jumped over between two squares two apart in a line, else ``None``."""
    file_gap, rank_gap = there % 8 - here % 8, there // 8 - here // 8
    if {abs(file_gap), abs(rank_gap)} <= {0, 2} and (file_gap or rank_gap):
        return here + file_gap // 2 + 8 * (rank_gap // 2)
    return None


def walk_slide(seat: int, own: int, other: int, start: int, end: int) -> PawnMove | Refusal:
    """The slide of ``seat``'s pawn from ``start`` to ``end``, or why it may not: a pawn
    slides on its own half over empty squares, never over nor onto its own goal."""
    if not is_slide_shape(start, end):
        return Refusal("neither", NEITHER)
    if not HALF[seat] >> start & 1:
        return Refusal("slide-off-half", "a pawn on the opponent's side cannot slide, only jump")
    if not HALF[seat] >> end & 1:
        return Refusal("slide-crosses-lane", "a slide cannot cross the centre lane")
    step = 1 if start // 8 == end // 8 else 8
    step = step if end > start else -step
    occupied = own | other
    for square in range(start + step, end + step, step):
        if GOAL[seat] >> square & 1:
            return Refusal(
                "own-goal",
                f"a pawn may not pass over or stop on its own goal ({goal_names(seat)})",
            )
        if occupied >> square & 1:
            if square == end:
                return Refusal("not-empty", f"{name(end)} is not empty")
            return Refusal("slide-blocked", f"a slide cannot pass over the pawn on {name(square)}")
    return step_move(start, end)


def walk_jump(
    seat: int, own: int, other: int, landed: int, here: int, there: int, chained: bool
) -> Refusal | None:
    """Why ``seat``'s pawn, having landed on the squares ``landed`` (its start included),
    may not jump from ``here`` to ``there``: over a neighbouring pawn of its own (``own``,
    the pawn that moves left out) to the free square beyond, never landing twice on a
    square, nor over or on its own goal. ``chained``: the jump is part of a chain."""
    over = middle(here, there)
    if over is None:
        if chained:
            return Refusal(
                "not-a-jump",
                f"{name(here)}-{name(there)} is not a jump: every step of a chain jumps "
                "over a neighbouring pawn of your own",
            )
        return Refusal("neither", NEITHER)
    if other >> over & 1:
        return Refusal(
            "over-opponent", f"a pawn never jumps over an opponent's pawn (on {name(over)})"
        )
    if not own >> over & 1:
        return Refusal("nothing-to-jump", f"there is no pawn of yours on {name(over)} to jump over")
    if landed >> there & 1:
        return Refusal(
            "landed-twice",
            f"a chain may not land on {name(there)} twice (its starting square counts)",
        )
    if (own | other) >> there & 1:
        return Refusal("not-empty", f"{name(there)} is not empty")
    if (GOAL[seat] >> there | GOAL[seat] >> over) & 1:
        return Refusal(
            "own-goal", f"a pawn may not pass over or stop on its own goal ({goal_names(seat)})"
        )
    return None


def walk_path(seat: int, own: int, other: int, path: tuple[int, ...]) -> PawnMove | Refusal:
    """The move of ``seat``'s pawn on ``path[0]`` landing on each later square of ``path``
    in turn, or the first rule it breaks: a slide, or a chain of one or more jumps (a
    straight move of two squares over a pawn is a jump)."""
    start = path[0]
    if other >> start & 1:
        return Refusal("not-yours", f"the pawn on {name(start)} is {SEAT_NAMES[1 - seat]}'s")
    if not own >> start & 1:
        return Refusal("no-pawn", f"there is no pawn on {name(start)}")
    if len(path) == 2 and is_slide_shape(start, path[1]):
        over = middle(start, path[1])
        if over is None or not (own | other) >> over & 1:
            return walk_slide(seat, own, other, start, path[1])
    if len(path) == 2 and start == path[1]:
        return Refusal("same-square", "a move must take the pawn to another square")
    own ^= 1 << start
    landed = 1 << start
    for index in range(1, len(path)):
        here, there = path[index - 1], path[index]
        refused = walk_jump(seat, own, other, landed, here, there, len(path) > 2)
        if refused:
            return refused
        landed |= 1 << there
    return PawnMove(start, path[-1], path[1:-1])


def walk_placement(seat: int, occupied: int, square: int) -> Placement | Refusal:
    """A pawn of ``seat`` placed on ``square``, or why it may not be: on a free square of
    its own side of the lane, outside its own goal."""
    if occupied >> square & 1:
        return Refusal("taken", f"{name(square)} is already taken")
    if GOAL[seat] >> square & 1:
        return Refusal("own-goal", f"no pawn may be placed on its own goal ({goal_names(seat)})")
    if not PLACEABLE[seat] >> square & 1:
        return Refusal(
            "other-side", f"{SEAT_NAMES[seat]} places pawns on its own side of the lane only"
        )
    return placement(square)
