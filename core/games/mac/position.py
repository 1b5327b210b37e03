"""Position text: one line that describes a MAC position completely.

Ten fields separated by spaces::

    standard+tokens R0R1@R2/..../..../..../..../..../..../.... 0 RB - +d/p ddp.. -/- 3 a1-a2

1. the mode (``standard``, ``dark`` or ``light``), with ``+tokens`` when power tokens are on;
2. the board, rank 8 first, ranks separated by ``/``, four squares each: ``.`` empty, ``@``
   a portal, ``R7``/``B7`` a face-up Red/Blue 7 (``R7+`` with a +1 token, ``R10`` a ten),
   ``r7``/``b7`` a face-down piece, ``?`` a face-down piece whose identity is masked;
3. the seat to move, ``0`` or ``1``;
4. the colours of seat 0 and seat 1 (``RB``, ``BR``, or ``--`` before Dark Chess's first flip);
5. what each seat still has to place, ``seat0/seat1`` (``0``-``9``, ``t`` for the ten, ``p``
   the portal), or ``-`` once the battle has begun;
6. the power tokens in each seat's hand, ``seat0/seat1`` (``+`` +1, ``d`` Double Step, ``p``
   Push, ``k`` Peek, ``?`` a masked token, ``-`` none);
7. the draw pile, top first (``?`` when masked, ``-`` when empty);
8. the face-down squares each seat has peeked at, ``seat0/seat1`` (``a1,b2``; ``-`` none);
9. the turns in a row without a capture;
10. the quiet moves since the last turn that cannot be undone, oldest first (``a1-a2,b3-b4``):
    the positions they left are the ones that can repeat (``-`` none).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import pairwise

from core.errors import NotationError, PositionError
from core.games.mac.board import HALVES, HEIGHT, SIZE, WIDTH, name, parse
from core.games.mac.pieces import (
    ARMY,
    ARMY_COUNTS,
    BLUE,
    CODES,
    COLOUR_LETTERS,
    EMPTY,
    FACE_DOWN,
    FACE_UP_COLOUR,
    FLIPPABLE,
    HIDDEN,
    PEEK,
    PIECE,
    PORTAL,
    RED,
    TEN,
    TOKEN_LETTERS,
    TOKENS_PER_KIND,
    UNKNOWN_TOKEN,
    colour_of,
    is_boosted,
    piece,
    printed,
)
from core.games.mac.rules import finish
from core.games.mac.state import DARK, ITEM_COUNT, MODES, PORTAL_ITEM, STANDARD, MacState

ITEM_CHARS = "0123456789tp"
_SQUARE_TOKEN = re.compile(r"\.|@|\?|([RBrb])(\d+)(\+?)")
_TOKENS_SUFFIX = "+tokens"


# -- writing ------------------------------------------------------------------------------------


def square_text(code: int) -> str:
    if code == EMPTY:
        return "."
    if code == PORTAL:
        return "@"
    if code == HIDDEN:
        return "?"
    letter = COLOUR_LETTERS[colour_of(code)]
    if code & FACE_DOWN:
        letter = letter.lower()
    return f"{letter}{printed(code)}{'+' if is_boosted(code) else ''}"


#: ``SQUARE_TEXTS[code]``: the text of every code that can stand on a square.
SQUARE_TEXTS: tuple[str, ...] = tuple(
    square_text(code) if code in (EMPTY, PORTAL, HIDDEN) or code >= PIECE else "" for code in CODES
)


def board_text(board: tuple[int, ...]) -> str:
    texts = [SQUARE_TEXTS[code] for code in board]
    return "/".join(
        "".join(texts[rank * WIDTH : (rank + 1) * WIDTH]) for rank in reversed(range(HEIGHT))
    )


def _pair(parts: Iterable[str]) -> str:
    """Two seats' parts as ``seat0/seat1``, ``-`` for an empty part."""
    return "/".join(part or "-" for part in parts)


def _tokens_text(tokens: tuple[int, ...]) -> str:
    return "".join(TOKEN_LETTERS[token] for token in tokens)


def history_moves(history: tuple[tuple[int, ...], ...], board: tuple[int, ...]) -> list[str]:
    """The quiet moves between the boards of ``history`` and the current board."""
    boards = (*history, board)
    moves = []
    for before, after in pairwise(boards):
        origin = next(s for s in range(SIZE) if before[s] != EMPTY and after[s] == EMPTY)
        target = next(s for s in range(SIZE) if before[s] == EMPTY and after[s] != EMPTY)
        moves.append(f"{name(origin)}-{name(target)}")
    return moves


def write_position(state: MacState) -> str:
    mode = state.mode + (_TOKENS_SUFFIX if state.tokens else "")
    colours = "".join(COLOUR_LETTERS[c] if c >= 0 else "-" for c in state.colour_of_seat)
    if state.to_place:
        to_place = _pair(
            "".join(ITEM_CHARS[item] * count for item, count in enumerate(counts))
            for counts in state.to_place
        )
    else:
        to_place = "-"
    hands = _pair((_tokens_text(state.hands[0]), _tokens_text(state.hands[1])))
    peeked = _pair(",".join(map(name, seen)) for seen in state.peeked)
    history = ",".join(history_moves(state.history, state.board)) or "-"
    fields = (
        mode,
        board_text(state.board),
        str(state.to_move),
        colours,
        to_place,
        hands,
        _tokens_text(state.pile) or "-",
        peeked,
        str(state.quiet),
        history,
    )
    return " ".join(fields)


# -- reading ------------------------------------------------------------------------------------


def read_position(text: str) -> MacState:
    fields = text.split()
    if len(fields) != 10:
        raise PositionError(
            f"a MAC position has 10 fields separated by spaces, this one has {len(fields)}"
        )
    mode, tokens = _read_mode(fields[0])
    board = _read_board(fields[1])
    if fields[2] not in ("0", "1"):
        raise PositionError(f"the seat to move must be 0 or 1, not '{fields[2]}'")
    to_move = int(fields[2])
    colour_of_seat = _read_colours(fields[3], mode)
    to_place = _read_to_place(fields[4], mode)
    hands = tuple(tuple(sorted(hand)) for hand in _read_pair(fields[5], "hands", _read_tokens))
    pile = _read_tokens(fields[6] if fields[6] != "-" else "")
    peeked = _read_pair(fields[7], "peeked squares", _read_squares)
    if not (fields[8].isascii() and fields[8].isdigit()):
        raise PositionError(f"the count of quiet turns must be a number, not '{fields[8]}'")
    quiet = int(fields[8])
    history = _read_history(fields[9], board)
    portals = tuple(square for square in range(SIZE) if board[square] == PORTAL)
    state = MacState(
        mode,
        tokens,
        board,
        portals,
        to_move,
        colour_of_seat,
        to_place,
        hands,
        pile,
        peeked,
        quiet,
        history,
        None,
    )
    _check(state)
    return finish(state)


def _read_mode(field: str) -> tuple[str, bool]:
    tokens = field.endswith(_TOKENS_SUFFIX)
    mode = field.removesuffix(_TOKENS_SUFFIX)
    if mode not in MODES:
        raise PositionError(f"'{field}' is not a MAC mode (standard, dark or light, +tokens)")
    return mode, tokens


def _read_board(field: str) -> tuple[int, ...]:
    ranks = field.split("/")
    if len(ranks) != HEIGHT:
        raise PositionError(f"the board has {HEIGHT} ranks separated by '/', not {len(ranks)}")
    board: list[int] = []
    for rank_text in reversed(ranks):
        board.extend(_read_rank(rank_text))
    return tuple(board)


@lru_cache(maxsize=4096)
def _read_rank(rank_text: str) -> tuple[int, ...]:
    matches = list(_SQUARE_TOKEN.finditer(rank_text))
    if "".join(match.group(0) for match in matches) != rank_text:
        raise PositionError(f"'{rank_text}' is not a rank of squares (like R3..@ or b7?.B10)")
    if len(matches) != WIDTH:
        raise PositionError(f"the rank '{rank_text}' has {len(matches)} squares, not {WIDTH}")
    return tuple(_square_code(match) for match in matches)


def _square_code(match: re.Match[str]) -> int:
    text = match.group(0)
    if text in ".@?":
        return {".": EMPTY, "@": PORTAL, "?": HIDDEN}[text]
    letter, number, plus = match.groups()
    strength = int(number)
    if strength > TEN:
        raise PositionError(f"'{text}': pieces are numbered 0 to 10")
    face_down = letter.islower()
    if face_down and plus:
        raise PositionError(f"'{text}': a face-down piece carries no +1")
    colour = RED if letter.upper() == "R" else BLUE
    return piece(strength, colour, boosted=bool(plus), face_down=face_down)


def _read_colours(field: str, mode: str) -> tuple[int, int]:
    options = {"RB": (RED, BLUE), "BR": (BLUE, RED), "--": (-1, -1)}
    if field not in options:
        raise PositionError(f"the colours field must be RB, BR or --, not '{field}'")
    colours = options[field]
    if mode == STANDARD and colours != (RED, BLUE):
        raise PositionError("in the standard mode seat 0 plays Red: the colours field is RB")
    if mode != DARK and colours[0] < 0:
        raise PositionError("only Dark Chess starts with undecided colours")
    return colours


def _read_to_place(field: str, mode: str) -> tuple[tuple[int, ...], ...]:
    if field == "-":
        return ()
    if mode != STANDARD:
        raise PositionError("only the standard mode has a placement phase")
    parts = field.split("/")
    if len(parts) != 2:
        raise PositionError(f"the pieces to place are written seat0/seat1, not '{field}'")
    result = []
    for part in parts:
        counts = [0] * ITEM_COUNT
        for char in "" if part == "-" else part:
            if char not in ITEM_CHARS:
                raise PositionError(f"'{char}' is not a piece to place (0-9, t or p)")
            counts[ITEM_CHARS.index(char)] += 1
        result.append(tuple(counts))
    return tuple(result)


def _read_pair(
    field: str, what: str, read_one: Callable[[str], tuple[int, ...]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    parts = field.split("/")
    if len(parts) != 2:
        raise PositionError(f"the {what} are written seat0/seat1, not '{field}'")
    first, second = (read_one("" if part == "-" else part) for part in parts)
    return first, second


def _read_tokens(text: str) -> tuple[int, ...]:
    tokens = []
    for char in text:
        if char not in TOKEN_LETTERS:
            raise PositionError(f"'{char}' is not a power token (+, d, p, k or ?)")
        tokens.append(TOKEN_LETTERS.index(char))
    return tuple(tokens)


def _read_squares(text: str) -> tuple[int, ...]:
    try:
        return tuple(sorted({parse(word) for word in text.split(",") if word}))
    except NotationError as error:
        raise PositionError(str(error)) from None


def _read_history(field: str, board: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if field == "-":
        return ()
    boards = []
    current = list(board)
    for move in reversed(field.split(",")):
        try:
            origin, target = (parse(word) for word in move.split("-"))
        except (NotationError, ValueError):
            raise PositionError(
                f"'{move}' is not a quiet move of the history (like a1-a2)"
            ) from None
        if current[origin] != EMPTY or FACE_UP_COLOUR[current[target]] < 0:
            raise PositionError(f"the history move {move} does not fit the board")
        current[origin], current[target] = current[target], EMPTY
        boards.append(tuple(current))
    return tuple(reversed(boards))


# -- checking -----------------------------------------------------------------------------------


def _check(state: MacState) -> None:
    """Refuse what no game of these rules can reach (counts, places, tokens)."""
    board = state.board
    for colour in (RED, BLUE):
        counts = [0] * (TEN + 1)
        for code in board:
            if code >= PIECE and colour_of(code) == colour:
                counts[printed(code)] += 1
        if state.to_place:
            for item, count in enumerate(state.to_place[colour][:PORTAL_ITEM]):
                counts[item] += count
        for strength, count in enumerate(counts):
            if count > ARMY_COUNTS[strength]:
                raise PositionError(
                    f"{COLOUR_LETTERS[colour]} has {count} pieces of strength {strength}, "
                    f"more than the {ARMY_COUNTS[strength]} of a set"
                )
    hidden = any(FLIPPABLE[code] for code in board)
    if hidden and state.mode != DARK:
        raise PositionError("face-down pieces belong to Dark Chess only")
    if state.colour_of_seat[0] < 0 and any(FACE_UP_COLOUR[code] >= 0 for code in board):
        raise PositionError("a face-up piece means colours are decided (give RB or BR)")
    if sum(1 for code in board if code >= PIECE and is_boosted(code)) > TOKENS_PER_KIND:
        raise PositionError(f"at most {TOKENS_PER_KIND} pieces can carry a +1")
    _check_portals(state)
    _check_tokens(state)
    for seen in state.peeked:
        if any(not FLIPPABLE[board[square]] for square in seen):
            raise PositionError("a peeked square must hold a face-down piece")
    if len(state.history) > state.quiet:
        raise PositionError("the history is longer than the count of quiet turns")


def _check_portals(state: MacState) -> None:
    count = len(state.portals)
    if not state.to_place:
        if count != 2:
            raise PositionError(f"the board has {count} portals; the battle needs 2")
        return
    if state.quiet or state.history:
        raise PositionError("quiet turns are counted only once the battle begins")
    for seat in (0, 1):
        placed = [square for square in range(SIZE) if board_owner(state.board[square]) == seat]
        if any(square not in HALVES[seat] for square in placed):
            raise PositionError(f"{COLOUR_LETTERS[seat]} places its pieces on its own half")
        portals = sum(1 for square in state.portals if square in HALVES[seat])
        if portals + state.to_place[seat][PORTAL_ITEM] != 1:
            raise PositionError(f"{COLOUR_LETTERS[seat]} has one portal, placed or in hand")
        pieces = sum(state.to_place[seat][:PORTAL_ITEM]) + len(placed)
        if pieces != len(ARMY):
            raise PositionError(f"{COLOUR_LETTERS[seat]} has 15 pieces, placed or in hand")
    if not any(state.to_place[state.to_move]):
        raise PositionError("the seat to move has nothing left to place")


def board_owner(code: int) -> int:
    return colour_of(code) if code >= PIECE else -1


def _check_tokens(state: MacState) -> None:
    everything = [*state.hands[0], *state.hands[1], *state.pile]
    if not state.tokens and everything:
        raise PositionError("power tokens are off, so no hand or pile may hold any")
    if state.mode != DARK and PEEK in everything:
        raise PositionError("Peek tokens are used in Dark Chess only")
    for token in range(UNKNOWN_TOKEN):
        if everything.count(token) > TOKENS_PER_KIND:
            raise PositionError(f"there are only {TOKENS_PER_KIND} tokens of each kind")
