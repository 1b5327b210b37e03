"""What each seat may see, and the board and panels as drawn."""

from __future__ import annotations

from collections.abc import Iterable

from core.games.mac.board import SQUARES, half_of, name
from core.games.mac.pieces import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    EMPTY,
    FACE_DOWN,
    FLIPPABLE,
    HIDDEN,
    PIECE,
    PORTAL,
    TEN,
    TOKEN_NAMES,
    UNKNOWN_TOKEN,
    colour_of,
    is_boosted,
    printed,
)
from core.games.mac.position import square_text
from core.games.mac.state import DARK, PORTAL_ITEM, STANDARD, MacState, seat_of_colour
from core.view import BoardView, Cell

# -- hidden information ------------------------------------------------------------------------


def masked(state: MacState, seat: int | None) -> MacState:
    """``state`` as ``seat`` sees it (``None``: a spectator) while the game goes on.

    Face-down pieces become ``HIDDEN`` except those ``seat`` has peeked at; the other
    seat's tokens become unknown tokens (the count stays); the pile is unknown to all.
    Once the game is over nothing is hidden any more.
    """
    if state.result is not None:
        return state
    known = frozenset(state.peeked[seat]) if seat is not None else frozenset()

    def mask(board: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(
            HIDDEN if FLIPPABLE[code] and square not in known else code
            for square, code in enumerate(board)
        )

    board, history = state.board, state.history
    if state.mode == DARK:
        board = mask(board)
        history = tuple(mask(earlier) for earlier in history)
    hands = tuple(
        hand if owner == seat else (UNKNOWN_TOKEN,) * len(hand)
        for owner, hand in enumerate(state.hands)
    )
    pile = (UNKNOWN_TOKEN,) * len(state.pile)
    return state._replace(board=board, history=history, hands=hands, pile=pile)


def peeking(state: MacState, shown: MacState, squares: Iterable[int]) -> MacState:
    """``shown``, the mover's view of ``state``, once the mover has chosen to Peek at
    ``squares`` but not yet the flip or move that completes the turn.

    The turn's action is chosen knowing what the Peek shows, so the mover's board shows the
    face-down pieces on ``squares`` as ``state`` holds them and the mover's panel lists them
    among its peeks. ``state`` itself changes only when the whole turn is played: every other
    seat's view, and a spectator's, stay as they were.
    """
    mover = state.to_move
    seen = tuple(square for square in squares if FLIPPABLE[state.board[square]])
    if not seen:
        return shown
    board = list(shown.board)
    for square in seen:
        board[square] = state.board[square]
    peeked = list(shown.peeked)
    peeked[mover] = tuple(sorted({*shown.peeked[mover], *seen}))
    return shown._replace(board=tuple(board), peeked=(peeked[0], peeked[1]))


def has_secrets(state: MacState) -> bool:
    """Tokens in a hand, or face-down pieces someone has peeked at."""
    return bool(state.hands[0] or state.hands[1] or state.peeked[0] or state.peeked[1])


# -- drawing -----------------------------------------------------------------------------------


def cell_text(code: int) -> str:
    """``R7``/``B7`` for face-up pieces (``R7+`` with a +1, ``R11`` for a ten with +1),
    ``r7`` for a face-down piece the viewer knows, ``?`` for one it does not, ``()`` for a
    portal: sides are told apart by their letter, with or without colour."""
    if code == EMPTY:
        return ""
    if code == PORTAL:
        return "()"
    if code == HIDDEN:
        return "?"
    if code & FACE_DOWN:
        return square_text(code)
    letter = COLOUR_LETTERS[colour_of(code)]
    number = printed(code)
    if number == TEN and is_boosted(code):
        return f"{letter}{TEN + 1}"
    return f"{letter}{number}{'+' if is_boosted(code) else ''}"


def board_view(state: MacState) -> BoardView:
    """The board as the state holds it: pass ``masked(state, seat)`` to draw a seat's view."""
    cells = []
    for square in SQUARES:
        code = state.board[square]
        region = half_of(square) if state.mode == STANDARD else 0
        owner = seat_of_colour(state, colour_of(code)) if code >= PIECE else -1
        if code == PORTAL:
            mark = "portal"
        elif FLIPPABLE[code]:
            mark = "hidden"
        else:
            mark = ""
        cells.append(Cell(cell_text(code), owner if owner >= 0 else None, region, mark))
    return BoardView(width=4, height=8, cells=tuple(cells))


def hand_text(hand: tuple[int, ...]) -> str:
    if not hand:
        return "hand: no tokens"
    if UNKNOWN_TOKEN in hand:
        return f"hand: {len(hand)} token{'s' if len(hand) > 1 else ''}"
    return "hand: " + ", ".join(TOKEN_NAMES[token] for token in hand)


def panel_lines(state: MacState, seat: int) -> tuple[str, ...]:
    """The seat's colour, what it still places, its tokens and what it has peeked at, as
    far as ``state`` shows them (give a masked state for another seat's eyes)."""
    colour = state.colour_of_seat[seat]
    lines = [f"plays {COLOUR_NAMES[colour]}" if colour >= 0 else "colour: set by the first flip"]
    if state.to_place:
        counts = state.to_place[seat]
        pieces = sum(counts[:PORTAL_ITEM])
        portal = " and the portal" if counts[PORTAL_ITEM] else ""
        lines.append(f"to place: {pieces} piece{'s' if pieces != 1 else ''}{portal}")
    if state.tokens:
        lines.append(hand_text(state.hands[seat]))
    if state.peeked[seat]:
        seen = [
            f"{name(square)} {square_text(state.board[square]).upper()}"
            if state.board[square] != HIDDEN
            else name(square)
            for square in state.peeked[seat]
        ]
        lines.append("peeked: " + ", ".join(seen))
    return tuple(lines)
