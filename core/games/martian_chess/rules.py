"""Move generation and move application: the hot path of every search and random game.

Only the pieces in the mover's zone move. A move onto a piece in another zone captures it;
a move onto a piece in the mover's own zone is a field promotion, allowed only for
pawn + drone (making a queen, while the zone has no queen) and pawn + pawn (making a drone,
while the zone has no drone). Pieces are their pip values, so a merge makes the sum.
"""

from __future__ import annotations

from core.games.martian_chess.board import DRONE, EMPTY, LAYOUTS, QUEEN
from core.games.martian_chess.moves import CLOCK, PASS, Move
from core.games.martian_chess.state import (
    CLOCK_READY,
    DEADLOCK_TURNS,
    NO_EMPTY_ZONE,
    State,
)

#: Builds a ``State`` from a tuple of its fields in order, without the keyword handling of
#: the NamedTuple constructor (``apply`` runs once per move of every search).
_new_state = tuple.__new__


def legal_moves(state: State) -> list[Move]:
    """Every legal move: board moves (or ``PASS`` if there are none), and ``CLOCK`` if it
    may be called. Empty once the game is over."""
    if state.empty_zone != NO_EMPTY_ZONE or state.clock >= DEADLOCK_TURNS:
        return []
    moves = board_moves(state)
    crossing = state.crossing
    if crossing is not None:
        # No rejection. The way back is always open: nothing has moved since the crossing.
        moves.remove(Move(crossing.dst, crossing.src))
    if not moves:
        # Cannot arise: the piece of a zone nearest a canal always has a move (see rules.md).
        moves.append(PASS)
    if state.clock == CLOCK_READY:
        moves.append(CLOCK)
    return moves


def board_moves(state: State) -> list[Move]:
    """The moves of the pieces in the mover's zone, before the no-rejection rule."""
    board = state.board
    seat = state.to_move
    layout = LAYOUTS[len(board)]
    zone_of = layout.zone_of
    rays = layout.rays
    moves: list[Move] = []
    append = moves.append
    # Merges wait until the whole zone is seen: each needs the zone to lack what it makes.
    queen_merges: list[Move] = []
    drone_merges: list[Move] = []
    in_zone = [False] * (QUEEN + 1)
    for square in layout.zone_squares[seat]:
        piece = board[square]
        if piece:
            in_zone[piece] = True
            for ray in rays[piece][square]:
                for target_square, move in ray:
                    target = board[target_square]
                    if not target:
                        append(move)
                    else:
                        if zone_of[target_square] != seat:
                            append(move)
                        elif piece + target == QUEEN:  # pawn and drone, either way round
                            queen_merges.append(move)
                        elif piece + target == DRONE:  # two pawns
                            drone_merges.append(move)
                        break
    if queen_merges and not in_zone[QUEEN]:
        moves.extend(queen_merges)
    if drone_merges and not in_zone[DRONE]:
        moves.extend(drone_merges)
    return moves


def apply(state: State, move: Move) -> State:
    """The position after ``move`` (assumed legal); ``state`` is left untouched."""
    src, dst = move
    seat = state.to_move
    scores = state.scores
    next_seat = (seat + 1) % len(scores)
    clock = state.clock
    if src < 0:
        if move == CLOCK:
            return state._replace(clock=0)
        if clock >= 0:
            clock += 1
        fields = (state.board, next_seat, scores, None, clock, state.teams, state.occupied)
        return _new_state(State, (*fields, NO_EMPTY_ZONE))
    board = list(state.board)
    piece = board[src]
    target = board[dst]
    layout = LAYOUTS[len(board)]
    crossing = None
    captured = False
    board[src] = EMPTY
    if layout.zone_of[dst] == seat:
        board[dst] = piece + target  # a plain move, or a merge
    else:
        board[dst] = piece
        if target:
            captured = True
            score_list = list(scores)
            score_list[seat] += target
            scores = tuple(score_list)
        if len(scores) == 2:
            crossing = move
    if clock >= 0:
        clock = 0 if captured else clock + 1
    occupied = state.occupied & ~(1 << src) | 1 << dst
    empty_zone = NO_EMPTY_ZONE if occupied & layout.zone_masks[seat] else seat
    return _new_state(
        State, (tuple(board), next_seat, scores, crossing, clock, state.teams, occupied, empty_zone)
    )
