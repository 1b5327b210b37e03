"""Shared helpers of the MAC tests: positions from text, legal moves as notation."""

from __future__ import annotations

from core.games.mac import GAME
from core.games.mac.state import MacState


def position(
    board: str,
    to_move: int = 0,
    *,
    mode: str = "standard",
    colours: str = "RB",
    hands: str = "-/-",
    pile: str = "-",
    peeked: str = "-/-",
    quiet: int = 0,
    history: str = "-",
    to_place: str = "-",
) -> MacState:
    """A state from its position text; ``board`` lists ranks 8 to 1 separated by spaces or
    slashes, and ``mode`` may end in ``+tokens``."""
    ranks = "/".join(board.replace("/", " ").split())
    text = (
        f"{mode} {ranks} {to_move} {colours} {to_place} {hands} {pile} {peeked} {quiet} {history}"
    )
    return GAME.read_position(text)


def notations(state: MacState) -> set[str]:
    """Every legal move of ``state`` in notation."""
    return {GAME.format_move(state, move) for move in GAME.legal_moves(state)}


def play(state: MacState, *texts: str) -> MacState:
    """``state`` after the moves ``texts``, each parsed and checked."""
    for text in texts:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state


def moves_of(state: MacState, square: str) -> set[str]:
    """The legal moves (notation) whose piece starts on ``square``, without tokens."""
    return {text for text in notations(state) if text.split("-")[0].split("x")[0] == square}
