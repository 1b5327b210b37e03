"""Move generation and move application: the hot path of every search and random game.

Only the pieces in the mover's zone move. A move onto a piece in another zone captures it;
a move onto a piece in the mover's own zone is a field promotion, allowed only for
pawn + drone (making a queen, while the zone has no queen) and pawn + pawn (making a drone,
while the zone has no drone). Pieces are their pip values, so a merge makes the sum.
"""

from __future__ import annotations

from core.games.martian_chess.board import DRONE, EMPTY, LAYOUTS, QUEEN
from core.games.martian_chess.moves import CLOCK, Move
from core.games.martian_chess.reach import REACH, ZONE_PARTS
from core.games.martian_chess.state import DEADLOCK_TURNS, NO_EMPTY_ZONE, State
from core.games.martian_chess.walks import ACTIONS_LISTED, MERGES, rejection

#: Builds a ``State`` from a tuple of its fields in order, without the keyword handling of
#: the NamedTuple constructor (``apply`` runs once per move of every search).
_new_state = tuple.__new__


def legal_moves(state: State) -> list[Move]:
    """Every legal move: board moves, ``PASS`` and ``CLOCK`` where ``walks.action_refusal``
    allows them (a pass when there are no board moves). Empty once the game is over."""
    _, _, _, crossing, clock, _, _, empty_zone = state
    if empty_zone != NO_EMPTY_ZONE or clock >= DEADLOCK_TURNS:
        return []
    moves = board_moves(state)
    if crossing is not None:
        # No rejection. The way back is always open: nothing has moved since the crossing.
        moves.remove(rejection(crossing))
    # A pass when there are no board moves cannot arise: the piece of a zone nearest a canal
    # always has a move (see rules.md).
    actions = ACTIONS_LISTED[not moves][clock]
    if actions:
        moves += actions
    return moves


def board_moves(state: State) -> list[Move]:
    """The moves of the pieces in the mover's zone, before the no-rejection rule."""
    board, seat, _, _, _, _, occupied, _ = state
    size = len(board)
    reach = REACH[size]
    moves: list[Move] = []
    in_zone = [False] * (QUEEN + 1)
    taken = occupied.to_bytes(size // 8, "little")
    for index, bits, squares in ZONE_PARTS[size][seat]:
        for square in squares[taken[index] & bits]:
            piece = board[square]
            in_zone[piece] = True
            for group, table in reach[piece][square]:
                moves += table[occupied & group][0]
    if not (in_zone[QUEEN] and in_zone[DRONE]):
        allowed = MERGES[in_zone[QUEEN]][in_zone[DRONE]]
        moves += _merges(board, LAYOUTS[size].zone_squares[seat], occupied, allowed)
    return moves


def _merges(
    board: tuple[int, ...], zone: tuple[int, ...], occupied: int, allowed: tuple[bool, ...]
) -> list[Move]:
    """The field promotions of the pieces on the ``zone`` squares: ``allowed[piece * 4 +
    target]`` says which merges the zone allows (see ``walks.MERGES``)."""
    reach = REACH[len(board)]
    merges = []
    for square in zone:
        piece = board[square]
        if piece and piece != QUEEN:  # a queen merges with nothing
            row = piece * 4
            for group, table in reach[piece][square]:
                for target, move in table[occupied & group][1]:
                    if allowed[row + board[target]]:
                        merges.append(move)
    return merges


def apply(state: State, move: Move) -> State:
    """The position after ``move`` (assumed legal); ``state`` is left untouched."""
    src, dst = move
    board, seat, scores, _, clock, teams, occupied, _ = state
    next_seat = (seat + 1) % len(scores)
    if src < 0:
        if move == CLOCK:
            return state._replace(clock=0)
        if clock >= 0:
            clock += 1
        passed = (board, next_seat, scores, None, clock, teams, occupied, NO_EMPTY_ZONE)
        return _new_state(State, passed)
    layout = LAYOUTS[len(board)]
    squares = list(board)
    piece = squares[src]
    target = squares[dst]
    crossing = None
    captured = False
    squares[src] = EMPTY
    if layout.zone_of[dst] == seat:
        squares[dst] = piece + target  # a plain move, or a merge
    else:
        squares[dst] = piece
        if target:
            captured = True
            score_list = list(scores)
            score_list[seat] += target
            scores = tuple(score_list)
        if len(scores) == 2:
            crossing = move
    if clock >= 0:
        clock = 0 if captured else clock + 1
    occupied = (occupied ^ 1 << src) | 1 << dst
    empty_zone = NO_EMPTY_ZONE if occupied & layout.zone_masks[seat] else seat
    fields = (tuple(squares), next_seat, scores, crossing, clock, teams, occupied, empty_zone)
    return _new_state(State, fields)
