"""Moves as the rules read them: where a piece goes, or the first rule it breaks.

``walk_path`` follows a piece from its square to another (its way of moving, then the
pieces in between) and says what it lands on; ``merge_refusal`` says whether two pieces of
one zone may merge; ``walk_move`` puts them together with the rules of the turn.
``action_refusal`` says whether a pass or a call of the clock may be played, and
``walk_action`` adds the rules of the turn. The move generator's tables (``reach``) are
made by asking ``walk_path`` about every square of every ray, its table of merges
(``MERGES``) by asking ``merge_refusal``, and its table of when a pass or the clock is
listed (``ACTIONS_LISTED``) by asking ``action_refusal``, so that the rules are written
here once.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.martian_chess.board import DRONE, EMPTY, PIECE_NAMES, QUEEN, Layout, layout_of
from core.games.martian_chess.moves import CLOCK, PASS, Move
from core.games.martian_chess.state import CLOCK_OFF, CLOCK_READY, DEADLOCK_TURNS, State
from core.games.refusal import Refusal
from core.squares import square_name

#: What a piece's path ends on: an empty square, a piece of another zone, one of its own zone.
EMPTY_SQUARE, CAPTURE, MERGE = "empty", "capture", "merge"

PIECE_RULES = (
    "",
    "a pawn moves one square diagonally",
    "a drone moves one or two squares along a rank or file",
    "a queen moves any distance along a rank, file or diagonal",
)


def walk_path(layout: Layout, board: Sequence[int], src: int, dst: int) -> str | Refusal:
    """Where the piece on ``src`` lands going to ``dst`` (``EMPTY_SQUARE``, ``CAPTURE`` or
    ``MERGE``, whether that merge is allowed being ``merge_refusal``'s to say), or why its
    way of moving does not take it there."""
    piece = board[src]
    if src == dst:
        return Refusal("same-square", "a piece must move to another square")
    path = layout.squares_between(piece, src, dst)
    if path is None:
        return Refusal("not-its-way", PIECE_RULES[piece])
    for square in path:
        if board[square] != EMPTY:
            where = square_name(square, layout.width)
            return Refusal("blocked", f"the {PIECE_NAMES[board[square]]} on {where} is in the way")
    if board[dst] == EMPTY:
        return EMPTY_SQUARE
    return MERGE if layout.zone_of[dst] == layout.zone_of[src] else CAPTURE


def merge_refusal(
    piece: int, target: int, in_zone: Sequence[bool], where: str = ""
) -> Refusal | None:
    """Why ``piece`` may not merge with ``target``, a piece of its own zone on the square
    named ``where``, ``None`` if it may: a pawn and a drone make a queen while the zone has
    no queen (``in_zone[QUEEN]``), two pawns a drone while it has no drone; a queen merges
    with nothing."""
    if QUEEN in (piece, target) or piece == target == DRONE:
        return Refusal(
            "no-merge",
            f"{where} holds your own {PIECE_NAMES[target]}, "
            f"and a {PIECE_NAMES[piece]} cannot merge with it",
        )
    made = piece + target
    if not in_zone[made]:
        return None
    if made == QUEEN:
        return Refusal(
            "zone-has-queen",
            "a drone and a pawn merge into a queen only while your zone has no queen",
        )
    return Refusal(
        "zone-has-drone", "two pawns merge into a drone only while your zone has no drone"
    )


def rejection(crossing: Move) -> Move:
    """The move that would reject ``crossing``, the last move across the canal (two
    players): straight back, which the rules forbid."""
    return Move(crossing.dst, crossing.src)


def walk_move(state: State, src: int, dst: int) -> Move | Refusal:
    """The board move from ``src`` to ``dst`` if it is legal in ``state``, else the first
    rule it breaks."""
    layout = layout_of(state.board)
    board = state.board
    seat = state.to_move
    if state.is_over:
        return Refusal("game-over", "the game is over")
    if board[src] == EMPTY:
        return Refusal("no-piece", f"there is no piece on {square_name(src, layout.width)}")
    if layout.zone_of[src] != seat:
        where = square_name(src, layout.width)
        return Refusal("not-your-zone", f"the piece on {where} is not in your zone")
    lands = walk_path(layout, board, src, dst)
    if isinstance(lands, Refusal):
        return lands
    if lands == MERGE:
        in_zone = [False] * (QUEEN + 1)
        for square in layout.zone_squares[seat]:
            in_zone[board[square]] = True
        where = square_name(dst, layout.width)
        refused = merge_refusal(board[src], board[dst], in_zone, where)
        if refused is not None:
            return refused
    crossing = state.crossing
    if crossing is not None and rejection(crossing) == (src, dst):
        mover = layout.seat_names[state.last_mover]
        return Refusal("rejection", f"that would reject {mover}'s last move")
    return Move(src, dst)


#: ``MERGES[zone has a queen][zone has a drone][piece * 4 + target]``: whether ``piece`` may
#: merge with ``target`` of its own zone, as ``merge_refusal`` says.
MERGES = tuple(
    tuple(
        tuple(
            bool(piece and target)
            and merge_refusal(piece, target, (False, False, has_drone, has_queen)) is None
            for piece in range(QUEEN + 1)
            for target in range(QUEEN + 1)
        )
        for has_drone in (False, True)
    )
    for has_queen in (False, True)
)


def action_refusal(move: Move, clock: int, pieces_can_move: bool) -> Refusal | None:
    """Why the action ``move`` (``PASS`` or ``CLOCK``) may not be played with the ``clock``
    (a ``State.clock``) as it stands, ``None`` if it may: a pass only when none of the
    mover's pieces can move (``pieces_can_move``), the clock called once in a game with it."""
    if move == PASS:
        if pieces_can_move:
            return Refusal("pieces-can-move", "you may pass only when none of your pieces can move")
        return None
    if clock == CLOCK_OFF:
        return Refusal("clock-off", "the clock is switched off in this game")
    if clock != CLOCK_READY:
        return Refusal("clock-called", "the clock has already been called in this game")
    return None


def walk_action(state: State, move: Move, pieces_can_move: bool) -> Move | Refusal:
    """The action ``move`` (``PASS`` or ``CLOCK``) if it is legal in ``state``, where the
    mover's pieces can move or not (``pieces_can_move``), else the first rule it breaks."""
    if state.is_over:
        return Refusal("game-over", "the game is over")
    return action_refusal(move, state.clock, pieces_can_move) or move


def _listed(stuck: bool, clock: int) -> tuple[Move, ...]:
    """The actions ``action_refusal`` allows in a game going on with ``clock``, where the
    mover's pieces cannot move (``stuck``) or can."""
    return tuple(move for move in (PASS, CLOCK) if action_refusal(move, clock, not stuck) is None)


#: ``ACTIONS_LISTED[stuck][clock]``: ``_listed(stuck, clock)`` for every ``State.clock`` of a
#: game going on, indexed by the clock itself (``CLOCK_OFF`` and ``CLOCK_READY``, -2 and -1,
#: are the last two entries).
ACTIONS_LISTED = tuple(
    tuple(_listed(stuck, clock) for clock in (*range(DEADLOCK_TURNS), CLOCK_OFF, CLOCK_READY))
    for stuck in (False, True)
)
