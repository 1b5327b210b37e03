"""Move notation: writing moves, and reading text back into the move it names.

``3@b2`` places a 3 (``10@b2`` a ten, ``p@b4`` the portal); ``b2-b3`` steps, ``b2xb3``
captures; ``b3-b4-c6`` enters the portal on b4 and steps out of the other one to c6; a
cannon's jump is ``a1xa5``; ``flip:b2`` turns a face-down piece over. A power token comes
first: ``+1:b2;b2-b3``, ``ds:b2-b3-b4``, ``push:c5-c4;b2-b3``, ``peek:a1,b2;flip:c3``.
"""

from __future__ import annotations

import re

from core.errors import NotationError
from core.games.mac.board import name, parse
from core.games.mac.moves import FLIP, MOVE, PLACE, MacMove
from core.games.mac.pieces import DOUBLE_STEP, EMPTY, PEEK, PLUS_ONE, PUSH, TOKEN_LETTERS
from core.games.mac.state import PORTAL_ITEM, MacState
from core.games.mac.tokens import token_effect

#: Placement items as written: strengths, then the portal.
ITEM_TEXT = (*(str(strength) for strength in range(11)), "p")
#: Tray keys accepted for each item besides ``ITEM_TEXT`` (a single key for the ten).
ITEM_ALIASES = {"t": 10, "portal": PORTAL_ITEM}

_PLUS, _DOUBLE, _PUSH, _PEEK = (TOKEN_LETTERS[t] for t in (PLUS_ONE, DOUBLE_STEP, PUSH, PEEK))
_TOKEN_WORDS = {
    "+1": _PLUS,
    "+": _PLUS,
    "plus": _PLUS,
    "push": _PUSH,
    "pu": _PUSH,
    "peek": _PEEK,
    "pk": _PEEK,
    "k": _PEEK,
}
_DOUBLE_WORDS = ("doublestep", "double", "ds", "d")
_FLIP_WORDS = ("flip", "f", "*")
_SQUARE = r"[a-z]\d+"
_PATH = re.compile(rf"{_SQUARE}(?:[-x:>]*{_SQUARE})*")
_PLACEMENT = re.compile(rf"(\d+|t|p|portal)[@*:-]?({_SQUARE})")


def item_of(key: str) -> int | None:
    """The placement item a tray key or notation names (``"7"``, ``"t"``, ``"p"``)."""
    key = key.strip().lower()
    if key in ITEM_ALIASES:
        return ITEM_ALIASES[key]
    return ITEM_TEXT.index(key) if key in ITEM_TEXT else None


def path_text(squares: tuple[int, ...], captures: bool) -> str:
    """Squares joined by ``-``, with ``x`` before the last one when it is a capture."""
    text = "-".join(name(square) for square in squares[:-1])
    return f"{text}{'x' if captures else '-'}{name(squares[-1])}"


def format_move(state: MacState, move: MacMove) -> str:
    if move.kind == PLACE:
        return f"{ITEM_TEXT[move.item]}@{name(move.path[0])}"
    board = state.board
    prefix = ""
    if move.token:
        after = list(board)
        token_effect(after, move.token, move.token_path)
        board = tuple(after)
        prefix = _token_text(move)
    if move.kind == FLIP:
        return f"{prefix}flip:{name(move.path[0])}"
    return prefix + path_text(move.path, board[move.path[-1]] != EMPTY)


def _token_text(move: MacMove) -> str:
    squares = move.token_path
    if move.token == _PLUS:
        return f"+1:{name(squares[0])};"
    if move.token == _DOUBLE:
        return "ds:"
    if move.token == _PUSH:
        return f"push:{path_text(squares, False)};"
    peeked = squares[:1] if squares[0] == squares[1] else squares
    return f"peek:{','.join(name(square) for square in peeked)};"


def parse_move_text(text: str) -> MacMove:
    """The move ``text`` spells, not yet checked against any position."""
    clean = re.sub(r"\s+", "", text).lower()
    if not clean:
        raise NotationError("an empty text is not a move")
    placement = _PLACEMENT.fullmatch(clean)
    if placement:
        item = item_of(placement.group(1))
        if item is None:
            raise NotationError(f"'{text}': there is no piece {placement.group(1)} to place")
        return MacMove(PLACE, (parse(placement.group(2)),), item)
    token, action = "", clean
    token_path: tuple[int, ...] = ()
    if ";" in clean:
        head, _, action = clean.partition(";")
        token, token_path = _parse_token(head, text)
    else:
        for word in _DOUBLE_WORDS:
            if clean.startswith(word) and _PATH.fullmatch(clean[len(word) :].lstrip(":")):
                token, action = _DOUBLE, clean[len(word) :].lstrip(":")
                break
    kind, path = _parse_action(action, text)
    if token == _DOUBLE and kind != MOVE:
        raise NotationError(f"'{text}': a Double Step is a move, not a flip")
    return MacMove(kind, path, -1, token, token_path)


def _parse_token(head: str, text: str) -> tuple[str, tuple[int, ...]]:
    for word in sorted(_TOKEN_WORDS, key=len, reverse=True):
        if head.startswith(word):
            letter = _TOKEN_WORDS[word]
            squares = _squares(head[len(word) :].lstrip(":"), text, allow_commas=True)
            break
    else:
        raise NotationError(
            f"'{text}': '{head}' is not a power token (+1, push or peek before the ';')"
        )
    if letter == _PLUS and len(squares) != 1:
        raise NotationError(f"'{text}': +1 names one square, like +1:b2;b2-b3")
    if letter == _PUSH and len(squares) < 2:
        raise NotationError(f"'{text}': push names the piece and where it goes, like push:c5-c4")
    if letter == _PEEK:
        if len(squares) not in (1, 2):
            raise NotationError(f"'{text}': peek names one or two squares, like peek:a1,b2")
        squares = tuple(sorted((squares[0], squares[-1])))
    return letter, squares


def _parse_action(action: str, text: str) -> tuple[str, tuple[int, ...]]:
    for word in _FLIP_WORDS:
        if action.startswith(word) and re.fullmatch(rf":?{_SQUARE}", action[len(word) :]):
            return FLIP, (parse(action[len(word) :].lstrip(":")),)
    squares = _squares(action, text, allow_commas=False)
    if len(squares) == 1:
        return FLIP, squares
    return MOVE, squares


def _squares(part: str, text: str, *, allow_commas: bool) -> tuple[int, ...]:
    cleaned = part.replace(",", "-") if allow_commas else part
    if not _PATH.fullmatch(cleaned):
        raise NotationError(
            f"'{text}' is not a move (try b2-b3, b2xb3, 3@b2, flip:b2 or +1:b2;b2-b3)"
        )
    return tuple(parse(square) for square in re.findall(_SQUARE, cleaned))
