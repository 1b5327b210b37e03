"""Why a well-formed move is illegal, in one sentence a player can read.

The sentence is the first rule the move breaks, as the walkers (``walks``) that the move
generators are built from find it.
"""

from __future__ import annotations

from core.games.macadam.board import name
from core.games.macadam.moves import PawnMove, Placement
from core.games.macadam.state import MacadamState
from core.games.macadam.walks import walk_path, walk_placement
from core.games.refusal import Refusal


def walk_move(state: MacadamState, path: tuple[int, ...]) -> PawnMove | Refusal:
    """The move along ``path`` (the start, then every square landed on) if it is legal in
    ``state``, else the first rule it breaks."""
    if state.result:
        return Refusal("game-over", "the game is over")
    if state.placing:
        return Refusal(
            "placing", "the pawns are still being placed (place one with @ and a square, like @c3)"
        )
    side = state.side
    return walk_path(side, state.pawns(side), state.pawns(1 - side), path)


def walk_state_placement(state: MacadamState, square: int) -> Placement | Refusal:
    """The placement on ``square`` if it is legal in ``state``, else the rule it breaks."""
    if state.result:
        return Refusal("game-over", "the game is over")
    if not state.placing:
        return Refusal("battle", "every pawn is already placed, so a pawn must move")
    return walk_placement(state.side, state.south | state.north, square)


def placement_reason(state: MacadamState, square: int) -> str:
    label = f"@{name(square)}"
    walked = walk_state_placement(state, square)
    if isinstance(walked, Refusal):
        return f"{label}: {walked.text}"
    return f"{label} is not a legal placement here"


def path_reason(state: MacadamState, path: tuple[int, ...]) -> str:
    label = "-".join(name(square) for square in path)
    walked = walk_move(state, path)
    text = walked.text if isinstance(walked, Refusal) else "that is not a legal move here"
    return f"{label}: {text}"
