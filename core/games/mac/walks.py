"""A piece's moves as the rules read them: where it may go, or the first rule it breaks.

Each kind of move has one walker here, which both the move generator (``movegen``) and the
explanation of a refused move (``reasons``) call:

* ``mover_refusal``: whether the piece on a square is one the player may move;
* ``landing_refusal``: whether a step may end on what stands there (empty, a beaten enemy);
* ``portal_exit_refusal``: where a step into a portal may come out of the other one;
* ``walk_steps``: a path of steps (one, two for Double Step, a Push), portals included;
* ``walk_cannon``: a cannon's jumps along its rays;
* ``placement_refusal``: a piece placed before the battle;
* ``token_target_refusal``: the square a power token is played on.

The generator's per-code tables (``MOVERS``, ``LANDS``, ``PUSH_LANDS``, ``TOKEN_TARGETS``),
its portal exits and the squares it places on are made by asking these walkers, and it
calls ``walk_cannon`` for every cannon; the power tokens' moves (``tokens``) are made of
the same tables and of the paths ``walk_steps`` allows, so the rules are written here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from core.games.mac.board import HALVES, NEIGHBOURS, RAYS, SIZE, SQUARES, name
from core.games.mac.moves import STEPS, MacMove, through_portal
from core.games.mac.pieces import (
    CODES,
    COLOUR_NAMES,
    EMPTY,
    FACE_UP_COLOUR,
    FLIPPABLE,
    HIDDEN,
    PEEK,
    PIECE,
    PLUS_ONE,
    PORTAL,
    PUSH,
    TEN,
    beats,
    is_boosted,
    piece_label,
    printed,
    strength,
)
from core.games.mac.state import ITEM_COUNT, PORTAL_ITEM
from core.games.refusal import Refusal

Board = Sequence[int]

#: ``JUMP_TABLE[origin]``: each of the cannon's rays, squares with the move to them.
JUMP_TABLE: tuple[tuple[tuple[tuple[int, MacMove], ...], ...], ...] = tuple(
    tuple(tuple((target, STEPS[origin * SIZE + target]) for target in ray) for ray in RAYS[origin])
    for origin in SQUARES
)


#: ``NAMES[square]``: each square's name, made once (the tables below ask thousands of times).
NAMES = tuple(name(square) for square in SQUARES)


def other_portal(portals: tuple[int, ...], portal: int) -> int:
    return portals[1] if portal == portals[0] else portals[0]


def mover_refusal(code: int, colour: int, origin: int) -> Refusal | None:
    """Why the player of ``colour`` may not move what stands on ``origin`` (``code``)."""
    if code == EMPTY:
        return Refusal("no-piece", f"there is no piece on {NAMES[origin]}")
    if code == PORTAL:
        return Refusal("portal", f"{NAMES[origin]} is a portal, not a piece")
    if FLIPPABLE[code]:
        return Refusal("face-down", "a face-down piece cannot move (flip it first)")
    if colour < 0:
        return Refusal("no-colour", "nobody has a colour yet: the first turn is a flip")
    if FACE_UP_COLOUR[code] != colour:
        return Refusal("not-yours", f"the piece on {NAMES[origin]} is {COLOUR_NAMES[1 - colour]}'s")
    return None


def landing_refusal(code: int, there: int, square: int, push: bool) -> Refusal | None:
    """Why a step of the piece ``code`` (pushed, if ``push``) may not end on ``square``,
    where ``there`` stands; ``None`` if it may (an empty square, an enemy it beats)."""
    if there == EMPTY:
        return None
    where = NAMES[square]
    if there == PORTAL:
        return Refusal("exit-on-portal", "the exit step may not land on a portal")
    if push:
        return Refusal("push-captures", f"a push never captures, and {where} is not empty")
    if FLIPPABLE[there]:
        return Refusal("face-down", f"the piece on {where} is face down and cannot be captured")
    if FACE_UP_COLOUR[there] == FACE_UP_COLOUR[code]:
        return Refusal("own-piece", f"{where} holds your own piece")
    if beats(code, there):
        return None
    return Refusal("stronger", _capture_rule(code, there))


def _capture_rule(code: int, there: int) -> str:
    mover, victim = piece_label(code), piece_label(there)
    if printed(code) == 0:
        allowed = "a 0 or a 1" if is_boosted(code) else "a 0"
        return f"a cannon's step captures only {allowed} (it takes others by jumping)"
    if strength(code) == TEN and printed(there) == 1 and not is_boosted(there):
        return f"{mover} cannot capture a 1 (the 1 beats the 10, never the other way)"
    return f"{mover} cannot capture {victim}: it is stronger"


def portal_exit_refusal(
    board: Board, portals: tuple[int, ...], position: int, portal: int, land: int
) -> Refusal | None:
    """Why a piece stepping from ``position`` into ``portal`` may not come out on ``land``
    (what stands there is ``landing_refusal``'s to judge, a portal apart)."""
    out_of = other_portal(portals, portal)
    if land not in NEIGHBOURS[out_of]:
        return Refusal(
            "exit-not-next",
            f"the exit step leaves the other portal ({name(out_of)}) to a square next to it",
        )
    if land == position:
        return Refusal(
            "exit-returns",
            f"the exit step may not return to {name(position)} (that would be a pass)",
        )
    if board[land] == PORTAL:
        return Refusal("exit-on-portal", "the exit step may not land on a portal")
    return None


def walk_steps(
    board: Board,
    code: int,
    portals: tuple[int, ...],
    path: tuple[int, ...],
    *,
    double: bool = False,
    push: bool = False,
) -> Refusal | None:
    """Why the piece ``code`` may not go along ``path`` step by step (lifted off ``board``
    already): one step, or two with Double Step (a capture ends it after one), a Push one
    step that never captures; a step into a portal comes out of the other one."""
    origin = position = path[0]
    steps_allowed = 2 if double else 1
    steps = index = 0
    captured = False
    while index + 1 < len(path):
        if steps == steps_allowed:
            text = "Double Step takes two steps" if double else "a piece takes one step per turn"
            return Refusal("too-many-steps", text)
        index += 1
        target = path[index]
        if target not in NEIGHBOURS[position]:
            return Refusal(
                "not-a-step",
                "a piece steps one square orthogonally, "
                f"and {name(target)} is not next to {name(position)}",
            )
        if board[target] == PORTAL:
            if index + 1 == len(path):
                return Refusal(
                    "no-exit", f"a move into the portal on {name(target)} names its exit square too"
                )
            index += 1
            land = path[index]
            refused = portal_exit_refusal(board, portals, position, target, land)
            if refused:
                return refused
        else:
            land = target
        refused = landing_refusal(code, board[land], land, push)
        if refused:
            return refused
        steps += 1
        captured = board[land] != EMPTY
        if captured and index + 1 < len(path):
            return Refusal("capture-ends", f"the turn ends with the capture on {name(land)}")
        position = land
    if double and steps == 1 and not captured:
        return Refusal(
            "too-few-steps", "Double Step takes two steps (only a capture ends it after one)"
        )
    if double and position == origin:
        return Refusal(
            "double-returns",
            f"Double Step may not end on {name(origin)}, where it started (that would be a pass)",
        )
    return None


def jump_landing_refusal(colour: int, there: int) -> Refusal | None:
    """Why a cannon of ``colour`` may not jump onto ``there``: only a face-up enemy."""
    if there == PORTAL:
        return Refusal("jump-into-portal", "a cannon never jumps into a portal")
    if FACE_UP_COLOUR[there] != 1 - colour:
        return Refusal("jump-no-enemy", "a cannon jumps only to capture a face-up enemy piece")
    return None


#: ``JUMP_LANDINGS[colour][code]``: ``jump_landing_refusal`` of every code, made once.
JUMP_LANDINGS = tuple(
    tuple(jump_landing_refusal(colour, there) for there in CODES) for colour in (0, 1)
)


def walk_cannon(
    board: Board, colour: int, origin: int, moves: list[MacMove], target: int = -1
) -> Refusal | None:
    """Walk the rays of ``colour``'s cannon on ``origin``: a jump goes over exactly one
    piece or portal (the screen) to the first taken square beyond, a face-up enemy.

    Each jump found is added to ``moves``; given a ``target``, only the jump to it is
    looked for, and the first rule it breaks is returned.
    """
    landings = JUMP_LANDINGS[colour]
    for ray in JUMP_TABLE[origin]:
        screens = 0
        for square, move in ray:
            there = board[square]
            if square == target:
                refused = landings[there]
                if refused is None and screens != 1:
                    refused = Refusal(
                        "screens",
                        f"a cannon's jump goes over exactly one piece or portal, not {screens}",
                    )
                if refused is None:
                    moves.append(move)
                return refused
            if there == EMPTY:
                continue
            if screens and target < 0:
                if landings[there] is None:
                    moves.append(move)
                break
            screens += 1
    if target < 0:
        return None
    return Refusal("not-a-line", "a cannon moves and jumps only along a rank or a file")


def placement_refusal(
    seat: int, counts: Sequence[int], board: Board, item: int, square: int
) -> Refusal | None:
    """Why ``seat``, holding ``counts`` of each item, may not place ``item`` on ``square``:
    only an item left in hand, on an empty square of its own half."""
    if not counts[item]:
        what = "portal" if item == PORTAL_ITEM else "cannon" if item == 0 else item
        return Refusal("none-left", f"{COLOUR_NAMES[seat]} has no {what} left to place")
    if square not in HALVES[seat]:
        ranks = "1-4" if seat == 0 else "5-8"
        return Refusal(
            "other-half", f"{COLOUR_NAMES[seat]} places only on its own half, ranks {ranks}"
        )
    if board[square] != EMPTY:
        return Refusal("taken", f"{name(square)} is already taken")
    return None


def token_target_refusal(token: int, code: int, colour: int, square: int) -> Refusal | None:
    """Why the player of ``colour`` may not play ``token`` on ``square``, where ``code``
    stands: +1 on a face-up piece of one's own without one, Push a face-up enemy piece
    (where it goes is ``walk_steps``'s to judge), Peek a face-down piece."""
    where = NAMES[square]
    if token == PLUS_ONE:
        if FACE_UP_COLOUR[code] != colour:
            return Refusal(
                "plus-one-target", f"+1 goes on a face-up piece of yours, and {where} holds none"
            )
        if is_boosted(code):
            return Refusal(
                "plus-one-twice", f"the piece on {where} already has its +1 (one per piece)"
            )
    elif token == PUSH:
        if FACE_UP_COLOUR[code] != 1 - colour:
            return Refusal(
                "push-target", f"Push moves a face-up enemy piece, and {where} holds none"
            )
    elif token == PEEK and not FLIPPABLE[code]:
        return Refusal("peek-target", f"Peek looks at face-down pieces, and {where} holds none")
    return None


# -- the generator's tables, made by the walkers --------------------------------------------

#: The square the tables' questions name: their answers do not depend on it.
_NO_SQUARE = 0


#: The codes that can stand on a square: empty, a portal, a masked or real piece (the
#: tables below leave the others out, to be made sooner).
_STANDING = tuple(
    code
    for code in CODES
    if code in (EMPTY, PORTAL, HIDDEN) or (code >= PIECE and printed(code) <= TEN)
)


def _mover_row(colour: int) -> tuple[bool, ...]:
    return tuple(mover_refusal(code, colour, _NO_SQUARE) is None for code in CODES)


#: ``MOVERS[colour][code]``: the player of ``colour`` may move the piece ``code``.
MOVERS: tuple[tuple[bool, ...], tuple[bool, ...]] = (_mover_row(0), _mover_row(1))


def _landing_row(code: int) -> tuple[bool, ...]:
    row = [False] * len(CODES)
    if FACE_UP_COLOUR[code] >= 0 and printed(code) <= TEN:
        for there in _STANDING:
            row[there] = landing_refusal(code, there, _NO_SQUARE, False) is None
    return tuple(row)


#: ``LANDS[code][there]``: a step of the face-up piece ``code`` may end where ``there``
#: stands (``landing_refusal``).
LANDS: tuple[tuple[bool, ...], ...] = tuple(_landing_row(code) for code in CODES)


#: ``PUSH_LANDS[there]``: a pushed piece may end where ``there`` stands (``landing_refusal``).
PUSH_LANDS: tuple[bool, ...] = tuple(
    there in _STANDING and landing_refusal(PIECE, there, _NO_SQUARE, True) is None
    for there in CODES
)


def _target_row(token: int, colour: int) -> tuple[bool, ...]:
    row = [False] * len(CODES)
    for code in _STANDING:
        row[code] = token_target_refusal(token, code, colour, _NO_SQUARE) is None
    return tuple(row)


#: ``TOKEN_TARGETS[token][colour][code]``: the player of ``colour`` may play ``token`` (+1,
#: Push or Peek) on a square where ``code`` stands (``token_target_refusal``).
TOKEN_TARGETS: dict[int, tuple[tuple[bool, ...], tuple[bool, ...]]] = {
    token: (_target_row(token, 0), _target_row(token, 1)) for token in (PLUS_ONE, PUSH, PEEK)
}


@cache
def portal_exits(portals: tuple[int, ...]) -> dict[int, tuple[tuple[int, MacMove], ...]]:
    """For the portal pair ``portals``: keyed by ``origin * SIZE + portal``, the exit squares
    a piece from ``origin`` entering ``portal`` may step out to (``portal_exit_refusal``),
    each with its move."""
    board = [EMPTY] * SIZE
    for portal in portals:
        board[portal] = PORTAL
    table = {}
    for portal in portals:
        for origin in NEIGHBOURS[portal]:
            table[origin * SIZE + portal] = tuple(
                (land, through_portal(origin, portal, land))
                for land in NEIGHBOURS[other_portal(portals, portal)]
                if portal_exit_refusal(board, portals, origin, portal, land) is None
            )
    return table


def _placement_squares(seat: int) -> tuple[int, ...]:
    counts, board = (1,) * ITEM_COUNT, (EMPTY,) * SIZE
    return tuple(
        square for square in SQUARES if placement_refusal(seat, counts, board, 0, square) is None
    )


#: ``PLACEMENT_SQUARES[seat]``: where ``placement_refusal`` lets ``seat`` place while the
#: square is empty.
PLACEMENT_SQUARES = (_placement_squares(0), _placement_squares(1))
