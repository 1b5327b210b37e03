"""Playing a move, and deciding when the game is over."""

from __future__ import annotations

from typing import TypeVar

from core.games.mac.movegen import can_act
from core.games.mac.moves import FLIP, PLACE, MacMove
from core.games.mac.pieces import (
    BLUE_BIT,
    COLOUR_NAMES,
    EMPTY,
    FACE_DOWN,
    HIDDEN,
    PEEK,
    PIECE,
    PORTAL,
    TOKEN_LETTERS,
    UNKNOWN_TOKEN,
    colour_of,
    piece,
)
from core.games.mac.state import DARK, PORTAL_ITEM, QUIET_LIMIT, MacState
from core.games.mac.tokens import token_effect, token_moves
from core.outcome import Outcome

T = TypeVar("T")


def apply(state: MacState, move: MacMove) -> MacState:
    """The state after the legal ``move``."""
    kind, path, _, token, token_path = move
    if kind == PLACE:
        return _apply_placement(state, move)
    mode, tokens, board, portals, seat, colours, _, hands, pile, peeked, quiet, history, _ = state
    after = list(board)
    if token:
        token_effect(after, token, token_path)
        hands = _without_token(hands, seat, TOKEN_LETTERS.index(token))
        if token == TOKEN_LETTERS[PEEK]:
            seen = tuple(sorted({*peeked[seat], *token_path}))
            peeked = _replace_pair(peeked, seat, seen)
    if kind == FLIP:
        square = path[0]
        after[square] &= ~FACE_DOWN
        if colours[0] < 0:
            mine = colour_of(after[square])
            colours = (mine, 1 - mine) if seat == 0 else (1 - mine, mine)
        peeked = (_unseen(peeked[0], square), _unseen(peeked[1], square))
        captured, vacated = EMPTY, -1
    else:
        vacated, target = path[0], path[-1]
        captured = after[target]
        after[target] = after[vacated]
        after[vacated] = EMPTY
    if captured and tokens and pile:
        loser = colours.index(colour_of(captured))
        hands = _replace_pair(hands, loser, tuple(sorted((*hands[loser], pile[0]))))
        pile = pile[1:]
    if captured or kind == FLIP:
        quiet, history = 0, ()
    else:
        quiet += 1
        history = () if token else (*history, board)
    # Built with tuple.__new__: the NamedTuple's own __new__ is a Python call (hot path).
    new = tuple.__new__(
        MacState,
        (
            mode,
            tokens,
            tuple(after),
            portals,
            1 - seat,
            colours,
            (),
            hands,
            pile,
            peeked,
            quiet,
            history,
            None,
        ),
    )
    result = decide(new, vacated)
    return new if result is None else new._replace(result=result)


def _replace_pair(pair: tuple[T, ...], index: int, value: T) -> tuple[T, T]:
    """``pair`` with its entry ``index`` (a seat) replaced."""
    return (value, pair[1]) if index == 0 else (pair[0], value)


def _unseen(seen: tuple[int, ...], square: int) -> tuple[int, ...]:
    """A flipped piece is public: nobody's peek list keeps it."""
    return tuple(s for s in seen if s != square)


def _without_token(
    hands: tuple[tuple[int, ...], ...], seat: int, token: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    hand = list(hands[seat])
    hand.remove(token)
    return _replace_pair(hands, seat, tuple(hand))


#: ``PLACED[seat][item]``: what a placement puts on the square.
PLACED = tuple(
    tuple(PORTAL if item == PORTAL_ITEM else piece(item, seat) for item in range(PORTAL_ITEM + 1))
    for seat in (0, 1)
)


def _apply_placement(state: MacState, move: MacMove) -> MacState:
    """Standard mode: the seat's colour is its number; placements count for no draw."""
    seat = state.to_move
    square = move.path[0]
    item = move.item
    board = list(state.board)
    board[square] = PLACED[seat][item]
    portals = state.portals
    if item == PORTAL_ITEM:
        portals = tuple(sorted((*portals, square)))
    counts = list(state.to_place[seat])
    counts[item] -= 1
    to_place = _replace_pair(state.to_place, seat, tuple(counts))
    done = not any(to_place[0]) and not any(to_place[1])
    placed = MacState(
        state.mode,
        state.tokens,
        tuple(board),
        portals,
        1 - seat,
        state.colour_of_seat,
        () if done else to_place,
        state.hands,
        state.pile,
        state.peeked,
        0,
        (),
        None,
    )
    return finish(placed) if done else placed


# -- the end of the game ---------------------------------------------------------------------


def finish(state: MacState, vacated: int = -1) -> MacState:
    """``state`` with its ``result`` worked out (it depends on nothing else; ``vacated``,
    a square the last move emptied, only makes the check faster)."""
    result = decide(state, vacated)
    return state if result is None else state._replace(result=result)


def decide(state: MacState, vacated: int = -1) -> Outcome | None:
    """Loss (no pieces, or no legal action) before the draws (20 quiet turns, threefold
    repetition): a loss on the same turn as the 20th quiet turn wins over the draw."""
    if state.to_place:
        return None
    seat = state.to_move
    colour = state.colour_of_seat[seat]
    if colour < 0:
        return None
    board = state.board
    if state.mode == DARK and not _may_have_pieces(board, colour):
        return Outcome((1 - seat,), f"{COLOUR_NAMES[colour]} has no pieces left")
    if not can_act(board, colour, state.portals, state.mode, vacated) and not _token_act(
        state, seat, colour
    ):
        if not _may_have_pieces(board, colour):
            return Outcome((1 - seat,), f"{COLOUR_NAMES[colour]} has no pieces left")
        return Outcome((1 - seat,), f"{COLOUR_NAMES[colour]} has no legal move")
    if state.quiet >= QUIET_LIMIT:
        return Outcome((), f"{QUIET_LIMIT} turns in a row without a capture")
    history = state.history
    if len(history) >= 4 and history[-2::-2].count(board) >= 2:
        return Outcome((), "the same position occurred for the third time")
    return None


def _may_have_pieces(board: tuple[int, ...], colour: int) -> bool:
    """Whether ``colour`` has a piece left; a masked face-down piece might be one."""
    own = BLUE_BIT if colour else 0
    return any(code == HIDDEN or (code >= PIECE and code & BLUE_BIT == own) for code in board)


def _token_act(state: MacState, seat: int, colour: int) -> bool:
    """Whether the seat can act only by playing a token (an unknown token in a masked hand
    might allow it)."""
    hand = state.hands[seat]
    if not state.tokens or not hand:
        return False
    return UNKNOWN_TOKEN in hand or bool(token_moves(state, seat, colour))
