"""The legal moves of a position, and whether one move is among them."""

from __future__ import annotations

from core.games.mac.movegen import actions, piece_moves, placements
from core.games.mac.moves import MacMove
from core.games.mac.pieces import DOUBLE_STEP, TOKEN_LETTERS, UNKNOWN_TOKEN
from core.games.mac.reasons import token_refusal
from core.games.mac.state import DARK, MacState
from core.games.mac.tokens import (
    double_steps,
    token_effect,
    token_moves,
)


def legal_moves(state: MacState) -> list[MacMove]:
    if state.result is not None:
        return []
    if state.to_place:
        return placements(state)
    seat = state.to_move
    colour = state.colour_of_seat[seat]
    if state.mode != DARK and not state.tokens:
        return piece_moves(state.board, colour, state.portals)
    moves = actions(state.board, colour, state.portals, state.mode)
    if state.tokens and state.hands[seat] and colour >= 0:
        moves.extend(token_moves(state, seat, colour))
    return moves


def is_legal(state: MacState, move: MacMove) -> bool:
    """Whether ``move`` is among ``legal_moves(state)``, found without listing them all:
    the token (``token_refusal``) is checked, then only the moves that follow its effect are
    generated."""
    if state.result is not None:
        return False
    if state.to_place:
        return move in placements(state)
    seat = state.to_move
    colour = state.colour_of_seat[seat]
    board = state.board
    if not move.token:
        return move in actions(board, colour, state.portals, state.mode)
    if colour < 0 or move.token not in TOKEN_LETTERS[:UNKNOWN_TOKEN]:
        return False
    token = TOKEN_LETTERS.index(move.token)
    if token not in state.hands[seat]:
        return False
    if token == DOUBLE_STEP:
        return move in double_steps(board, colour, state.portals)
    if token_refusal(state, seat, colour, move) is not None:
        return False
    after = list(board)
    token_effect(after, move.token, move.token_path)
    action = MacMove(move.kind, move.path, move.item)
    return action in actions(after, colour, state.portals, state.mode)
