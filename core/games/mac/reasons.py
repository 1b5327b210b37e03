"""Why a well-formed move is illegal, in one sentence a player can read."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.mac.board import HALVES, NEIGHBOURS, RAYS, name
from core.games.mac.movegen import other_portal
from core.games.mac.moves import FLIP, PLACE, MacMove
from core.games.mac.pieces import (
    BOOST,
    COLOUR_NAMES,
    DOUBLE_STEP,
    EMPTY,
    FACE_UP_COLOUR,
    FLIPPABLE,
    PEEK,
    PLUS_ONE,
    PORTAL,
    PUSH,
    TEN,
    TOKEN_LETTERS,
    TOKEN_NAMES,
    beats,
    is_boosted,
    piece_label,
    printed,
    strength,
)
from core.games.mac.state import DARK, PORTAL_ITEM, MacState
from core.games.mac.tokens import token_effect, without


def explain(state: MacState, move: MacMove) -> str:
    """The reason ``move`` (not among the legal moves) cannot be played in ``state``."""
    if state.result is not None:
        return "the game is over"
    if state.to_place:
        if move.kind != PLACE:
            return "the pieces are still being placed: place one of yours first (like 3@b2)"
        return _placement_reason(state, move)
    if move.kind == PLACE:
        return "pieces are placed only before the battle, and it has begun"
    seat = state.to_move
    colour = state.colour_of_seat[seat]
    board: Sequence[int] = state.board
    if move.token:
        reason = _token_reason(state, seat, colour, move)
        if reason:
            return reason
        after = list(board)
        token_effect(after, move.token, move.token_path)
        board = after
    if move.kind == FLIP:
        if state.mode != DARK:
            return "only Dark Chess has face-down pieces to flip"
        if not FLIPPABLE[board[move.path[0]]]:
            return f"there is no face-down piece on {name(move.path[0])} to flip"
        return "that flip is not possible here"
    double = move.token == TOKEN_LETTERS[DOUBLE_STEP]
    return _move_reason(board, colour, state.portals, move.path, double) or (
        "that is not a legal move here"
    )


def _placement_reason(state: MacState, move: MacMove) -> str:
    seat = state.to_move
    square = move.path[0]
    if not state.to_place[seat][move.item]:
        what = "portal" if move.item == PORTAL_ITEM else "cannon" if move.item == 0 else move.item
        return f"{COLOUR_NAMES[seat]} has no {what} left to place"
    if square not in HALVES[seat]:
        ranks = "1-4" if seat == 0 else "5-8"
        return f"{COLOUR_NAMES[seat]} places only on its own half, ranks {ranks}"
    return f"{name(square)} is already taken"


def _token_reason(state: MacState, seat: int, colour: int, move: MacMove) -> str | None:
    token = TOKEN_LETTERS.index(move.token)
    if token not in state.hands[seat]:
        return f"you hold no {TOKEN_NAMES[token]} token"
    board = state.board
    squares = move.token_path
    if token == PLUS_ONE:
        code = board[squares[0]]
        if FACE_UP_COLOUR[code] != colour:
            return f"+1 goes on a face-up piece of yours, and {name(squares[0])} holds none"
        if code & BOOST:
            return f"the piece on {name(squares[0])} already has its +1 (one per piece)"
    elif token == PUSH:
        code = board[squares[0]]
        if FACE_UP_COLOUR[code] != 1 - colour:
            return f"Push moves a face-up enemy piece, and {name(squares[0])} holds none"
        return _path_reason(without(board, squares[0]), code, state.portals, squares, push=True)
    elif token == PEEK:
        for square in squares:
            if not FLIPPABLE[board[square]]:
                return f"Peek looks at face-down pieces, and {name(square)} holds none"
    return None


def _move_reason(
    board: Sequence[int], colour: int, portals: tuple[int, ...], path: tuple[int, ...], double: bool
) -> str | None:
    origin = path[0]
    code = board[origin]
    if code == EMPTY:
        return f"there is no piece on {name(origin)}"
    if code == PORTAL:
        return f"{name(origin)} is a portal, not a piece"
    if FLIPPABLE[code]:
        return "a face-down piece cannot move (flip it first)"
    if colour < 0:
        return "nobody has a colour yet: the first turn is a flip"
    if FACE_UP_COLOUR[code] != colour:
        return f"the piece on {name(origin)} is {COLOUR_NAMES[1 - colour]}'s"
    if not double and len(path) == 2 and path[1] not in NEIGHBOURS[origin]:
        return _jump_reason(board, code, origin, path[1])
    return _path_reason(without(board, origin), code, portals, path, double=double)


def _path_reason(
    board: Sequence[int],
    code: int,
    portals: tuple[int, ...],
    path: tuple[int, ...],
    *,
    double: bool = False,
    push: bool = False,
) -> str | None:
    """Walk ``path`` step by step (the piece already lifted off ``board``)."""
    origin = position = path[0]
    steps_allowed = 2 if double else 1
    steps = index = 0
    captured = False
    while index + 1 < len(path):
        if steps == steps_allowed:
            return "Double Step takes two steps" if double else "a piece takes one step per turn"
        index += 1
        target = path[index]
        if target not in NEIGHBOURS[position]:
            return (
                "a piece steps one square orthogonally, "
                f"and {name(target)} is not next to {name(position)}"
            )
        if board[target] == PORTAL:
            if index + 1 == len(path):
                return f"a move into the portal on {name(target)} names its exit square too"
            index += 1
            land = path[index]
            out_of = other_portal(portals, target)
            if land not in NEIGHBOURS[out_of]:
                return (
                    f"the exit step leaves the other portal ({name(out_of)}) to a square next to it"
                )
            if land == position:
                return f"the exit step may not return to {name(position)} (that would be a pass)"
            if board[land] == PORTAL:
                return "the exit step may not land on a portal"
        else:
            land = target
        reason = _landing_reason(board[land], code, land, push)
        if reason:
            return reason
        steps += 1
        captured = board[land] != EMPTY
        if captured and index + 1 < len(path):
            return f"the turn ends with the capture on {name(land)}"
        position = land
    if double and steps == 1 and not captured:
        return "Double Step takes two steps (only a capture ends it after one)"
    if double and position == origin:
        return f"Double Step may not end on {name(origin)}, where it started (that would be a pass)"
    return None


def _landing_reason(there: int, code: int, square: int, push: bool) -> str | None:
    if there == EMPTY:
        return None
    where = name(square)
    if push:
        return f"a push never captures, and {where} is not empty"
    if FLIPPABLE[there]:
        return f"the piece on {where} is face down and cannot be captured"
    if FACE_UP_COLOUR[there] == FACE_UP_COLOUR[code]:
        return f"{where} holds your own piece"
    if beats(code, there):
        return None
    return _capture_rule(code, there)


def _capture_rule(code: int, there: int) -> str:
    mover, victim = piece_label(code), piece_label(there)
    if printed(code) == 0:
        allowed = "a 0 or a 1" if is_boosted(code) else "a 0"
        return f"a cannon's step captures only {allowed} (it takes others by jumping)"
    if strength(code) == TEN and printed(there) == 1 and not is_boosted(there):
        return f"{mover} cannot capture a 1 (the 1 beats the 10, never the other way)"
    return f"{mover} cannot capture {victim}: it is stronger"


def _jump_reason(board: Sequence[int], code: int, origin: int, target: int) -> str:
    if printed(code) != 0:
        return f"{piece_label(code)} moves one square orthogonally"
    ray = next((ray for ray in RAYS[origin] if target in ray), None)
    if ray is None:
        return "a cannon moves and jumps only along a rank or a file"
    between = ray[: ray.index(target)]
    screens = sum(1 for square in between if board[square] != EMPTY)
    there = board[target]
    if there == PORTAL:
        return "a cannon never jumps into a portal"
    if FACE_UP_COLOUR[there] != 1 - FACE_UP_COLOUR[code]:
        return "a cannon jumps only to capture a face-up enemy piece"
    if screens != 1:
        return f"a cannon's jump goes over exactly one piece or portal, not {screens}"
    return "that jump is not possible here"
