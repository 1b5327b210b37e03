"""Chase knowledge for the search: gold, room to move, and traps.

A side loses when it has no legal action left or cannot pay a debt. Gold pays debts and buys
actions (claims, fortifications, pivots), so it counts most; but a pawn that cannot move and
a side with no square left to place a tile on are one step from having nothing to do, so the
evaluation also weighs each side's pawn moves (how free its pawns are) and the squares it may
still place tiles on. Jumping an enemy pawn earns at least 2 gold, and claiming an enemy
stack of n coins (with n + 1) takes all n: those jumps and claims are the tactical moves the
alpha-beta search follows past its depth, so that it never stops in the middle of a war of
claims over one stack.

A turn offers hundreds of moves, most of them the same idea in another degree (every amount
of gold on every tile, every tile far from any pawn), and a side with many stacks has tens of
thousands of merges (every set of stacks onto every tile). So the search looks at a
representative set: every pawn move, the least gold on each tile, merges in place (for a side
with few stacks; with very few, onto the tiles near a pawn too), and the placements and pivots
near a pawn. That set is built from the
rules' own questions (where may this seat place, add gold, pivot, merge) rather than by going
through the whole move list, which alone would take seconds in such a position.

Gold mode, where the stacks are the tiles, has its own evaluation and gold moves
(``core.ai.chase_gold``).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from core.ai.chase_gold import (
    MERGE_STACKS,
    claiming_merges,
    gold_mode_score,
    gold_representatives,
    may_leave_nothing,
)
from core.ai.plugin import GamePlugin
from core.games.chase.board import RAYS, SIZE, SQUARES, TURNS
from core.games.chase.moves import AddGold, ChaseMove, Merge, Pivot, Place, Walk
from core.games.chase.rules import (
    gold_target_masks,
    gold_targets,
    merge_choices,
    pivot_masks,
    placement_mask,
    walk_moves,
)
from core.games.chase.state import GOLD, TILES, ChaseState
from core.games.chase.survey import bits, survey
from core.games.chase.tiles import KIND_ORIENTATIONS

#: A lead worth this many coins is worth about 73%.
SCALE = 8.0
#: Coins' worth of one more pawn move (on a log scale: the first few count most).
MOBILITY_WEIGHT = 2.5
#: Coins' worth of a pawn that cannot move at all (on top of its lost mobility).
STUCK_PENALTY = 3.0
#: Coins' worth of a square still free for one's tiles (while the stack lasts).
ROOM_WEIGHT = 0.15
#: Placements and pivots this many king steps from a pawn or closer are searched.
NEAR = 2
#: A side with at most this many stacks also has its merge onto each tile near a pawn
#: searched (with more, every set of stacks onto every such tile would be too many).
MERGE_AWAY_STACKS = 2
#: How often a playout takes a pawn jump when it has one.
GREEDY_PLAYOUT = 0.8


def _between() -> dict[tuple[int, int], tuple[int, ...]]:
    """The squares strictly between two squares on a line, for every such pair."""
    table = {}
    for start in range(SQUARES):
        for ray in RAYS[start]:
            for index, end in enumerate(ray):
                table[start, end] = ray[:index]
    return table


BETWEEN = _between()


def _near_mask(square: int) -> int:
    rank, file = divmod(square, SIZE)
    mask = 0
    for other in range(SQUARES):
        other_rank, other_file = divmod(other, SIZE)
        if max(abs(other_rank - rank), abs(other_file - file)) <= NEAR:
            mask |= 1 << other
    return mask


#: NEAR_MASK[square]: the squares at most ``NEAR`` king steps away.
NEAR_MASK = tuple(_near_mask(square) for square in range(SQUARES))


def gold_of(state: ChaseState, seat: int) -> int:
    """The coins ``seat`` owns: loose ones and every stack with its coins on top."""
    return state.loose[seat] + sum(size for _, size, owner in state.stacks if owner == seat)


def wealth(state: ChaseState, seat: int) -> int:
    """What ``seat`` can pay debts with: its gold, or in Tiles mode its tiles."""
    if state.mode == TILES:
        return survey(state).colour[seat].bit_count()
    return gold_of(state, seat)


#: How many positions' pawn moves are remembered (per seat).
WALK_MEMORY = 16
_recent_walks: dict[tuple[int, int], tuple[ChaseState, list[Walk]]] = {}


def pawn_walks(state: ChaseState, seat: int) -> list[Walk]:
    """Every distinct move of ``seat``'s pawns, as if it were ``seat``'s turn.

    A search asks for them several times per position (to evaluate it, to list its moves, to
    find its tactics), so those of the last few positions are remembered by object identity.
    """
    key = (id(state), seat)
    entry = _recent_walks.get(key)
    if entry is not None and entry[0] is state:
        return entry[1]
    asked = state if state.to_move == seat else state._replace(to_move=seat)
    walks = walk_moves(asked, seat)
    if len(_recent_walks) >= WALK_MEMORY:
        _recent_walks.pop(next(iter(_recent_walks)))
    _recent_walks[key] = (state, walks)
    return walks


def pawn_moves(state: ChaseState, seat: int) -> int:
    """How many distinct moves ``seat``'s pawns have (as if it were ``seat``'s turn)."""
    return len(pawn_walks(state, seat))


def jumps_a_pawn(path: tuple[int, ...], enemies: tuple[int, ...]) -> bool:
    """Whether a pawn moving along ``path`` passes over one of the ``enemies``."""
    for start, end in itertools.pairwise(path):
        between = BETWEEN.get((start, end), ())
        if any(square in enemies for square in between):
            return True
    return False


def claims(state: ChaseState, seat: int) -> list[AddGold]:
    """The cheapest claim of every enemy stack ``seat`` can take with its loose gold (the
    stack's size plus one): each takes the whole stack from its owner."""
    guarded = gold_target_masks(state, seat)[1]
    if not guarded:
        return []
    sizes, loose = survey(state).sizes, state.loose[seat]
    return [AddGold(sq, sizes[sq] + 1) for sq in bits(guarded) if sizes[sq] < loose]


def stood_before(state: ChaseState) -> bool:
    """Whether ``state``'s position has stood before since the last placement: a third time
    draws the game."""
    key = state.recent[-1] if state.recent else None
    if key is None:
        return False
    return state.recent.count(key) + sum(chunk.count(key) for chunk in state.past) >= 2


def turned_upright(before: ChaseState, after: ChaseState) -> bool:
    """Whether the move from ``before`` to ``after`` pivots a tile to its first orientation
    (the one with the smallest exit mask).

    In a war of pivots with the board full, the tiles paid go back and forth between the
    colours, and two sides that turn tiles upright soon have every tile upright; from there
    each pivot out of it is answered by its undoing, and the same positions come back."""
    for old, new in zip(before.exits, after.exits, strict=True):
        if old != new:
            return new == min(new, *TURNS[new])
    return False


class ChasePlugin(GamePlugin[ChaseState, ChaseMove]):
    algorithm = "alphabeta"
    playout_depth = 6
    quiescence_depth = 3
    #: A Tiles game with no room near the pawns turns into a war of pivots, each handing a
    #: tile across and getting one back, which never ends by itself: after a few such plies
    #: the computer leans towards the moves that ``advance`` it (only in Tiles mode: with
    #: gold, every pivot is progress and a game going nowhere repeats positions).
    urge_after = 6
    urge_growth = 12

    # -- knowledge of the position ----------------------------------------------------------

    def evaluate(self, state: ChaseState) -> Sequence[float]:
        lead = 0.0
        for seat, sign in ((0, 1.0), (1, -1.0)):
            walks = pawn_walks(state, seat)
            mobility = MOBILITY_WEIGHT * math.log1p(len(walks))
            if state.mode == GOLD:
                lead += sign * (gold_mode_score(state, seat, walks) + mobility)
                continue
            room = placement_mask(state, seat).bit_count() if state.deck else 0
            score = wealth(state, seat) + mobility
            score += ROOM_WEIGHT * min(room, len(state.deck))
            if not walks:
                score -= STUCK_PENALTY
            lead += sign * score
        south = 1.0 / (1.0 + math.exp(-lead / SCALE))
        return (south, 1.0 - south)

    # -- moves ------------------------------------------------------------------------------

    def search_moves(self, state: ChaseState, moves: Sequence[ChaseMove]) -> Sequence[ChaseMove]:
        """Every pawn move, the least gold on each tile, merges in place (with few stacks), and
        the placements and pivots near a pawn (anywhere if none is near), each a legal move;
        in Gold mode every pawn move and the gold moves of ``gold_representatives``."""
        if not moves:
            return moves
        return self._representatives(state) or moves[: min(len(moves), 64)]

    def searched_moves(self, state: ChaseState) -> Sequence[ChaseMove]:
        """``search_moves`` built without listing every legal move first (a finished game,
        and only a finished game, has none)."""
        if state.end:
            return []
        kept = self._representatives(state)
        if kept:
            return kept
        moves = self.game.legal_moves(state)
        return moves[: min(len(moves), 64)]

    def _representatives(self, state: ChaseState) -> list[ChaseMove]:
        """The representative moves of an unfinished position, built from the rules."""
        seat = state.to_move
        if state.mode == GOLD:
            return [*pawn_walks(state, seat), *gold_representatives(state, seat)]
        near = 0
        for pawns in state.pawns:
            for square in pawns:
                near |= NEAR_MASK[square]
        kept: list[ChaseMove] = list(pawn_walks(state, seat))
        loose = state.loose[seat]
        kept += [AddGold(sq, fewest) for sq, fewest in gold_targets(state, seat) if fewest <= loose]
        stacks = survey(state).stacks[seat].bit_count()
        if stacks <= MERGE_STACKS:
            # With few stacks, a merge may also go to a tile near a pawn: moving the gold
            # there can wall a pawn in and leave the opponent with nothing to do.
            away = near if stacks <= MERGE_AWAY_STACKS else 0
            for sources, dests in merge_choices(state, seat):
                kept += [
                    Merge(sources, dest) for dest in dests if dest in sources or away >> dest & 1
                ]
        near_places = placement_mask(state, seat) & near
        pivots = self._pivots(state, seat, near)
        if not near_places and not pivots:
            pivots = self._pivots(state, seat, -1)
        return kept + self._placements(state, seat, near) + pivots

    @staticmethod
    def _placements(state: ChaseState, seat: int, near: int) -> list[ChaseMove]:
        """The placements near a pawn, or anywhere when there is no room near one: drawing
        the stack down is what moves the game on for good, so some placement is searched
        whenever one is legal (a pivot war near the pawns would otherwise go on for ever)."""
        places = placement_mask(state, seat)
        if not places:
            return []
        places = places & near or places
        orientations = KIND_ORIENTATIONS[state.deck[0]]
        return [Place(sq, exits) for sq in bits(places) for exits in orientations]

    @staticmethod
    def _pivots(state: ChaseState, seat: int, where: int) -> list[ChaseMove]:
        """The pivots of the tiles on the squares of the mask ``where``."""
        return [
            Pivot(sq, turned)
            for tiles in pivot_masks(state, seat)
            for sq in bits(tiles & where)
            for turned in TURNS[state.exits[sq]]
        ]

    def progress(self, before: ChaseState, after: ChaseState) -> bool:
        """A tile drawn from the stack (no earlier position can come back after it), or gold
        changing hands: Gold mode has no stack."""
        return len(after.deck) < len(before.deck) or gold_of(after, 0) != gold_of(before, 0)

    def advances(self, before: ChaseState, after: ChaseState) -> bool:
        """``progress``, a position that has stood before, or in Tiles mode a move that
        costs the mover no tile, frees its walled-in pawns, or (with no room to place) turns
        a tile upright.

        With no room left to place, a Tiles game ends only when a side runs out of tiles or
        of actions, or when a position comes back a third time. A pivot hands a tile across
        and the answering pivot hands one back, so nobody runs out, and pivots here and there
        never bring a position back. A side whose pawns move for free while the other has to
        pivot drains the other's tiles; two sides that turn tiles upright soon run out of
        new positions (see ``turned_upright``)."""
        if self.progress(before, after) or stood_before(after):
            return True
        if before.mode != TILES:
            return False
        seat = before.to_move
        if wealth(after, seat) >= wealth(before, seat):
            return True
        if not pawn_walks(before, seat) and pawn_walks(after, seat):
            return True
        return not placement_mask(before, seat) and turned_upright(before, after)

    def urge(self, state: ChaseState) -> float:
        return super().urge(state) if state.mode == TILES else 0.0

    def _priority(self, state: ChaseState, move: ChaseMove) -> int:
        if isinstance(move, Walk):
            return 0 if jumps_a_pawn(move.path, state.pawns[1 - state.to_move]) else 1
        if isinstance(move, AddGold):
            enemy_stacks = survey(state).stacks[1 - state.to_move]
            return 0 if enemy_stacks >> move.square & 1 else 2
        if isinstance(move, Place):
            return 3
        if isinstance(move, Pivot):
            return 4
        if isinstance(move, Merge) and survey(state).stacks[1 - state.to_move] >> move.dest & 1:
            return 0  # a claim
        return 5

    def order_moves(self, state: ChaseState, moves: Sequence[ChaseMove]) -> Sequence[ChaseMove]:
        return sorted(moves, key=lambda move: self._priority(state, move))

    def tactical_moves(self, state: ChaseState, moves: Sequence[ChaseMove]) -> Sequence[ChaseMove]:
        """Pawn moves that jump an enemy pawn (its owner pays 2 or more), the cheapest claim
        of each enemy stack, and in Gold mode the cheapest merges that claim one and so leave
        the opponent nothing to do (following every claiming merge would multiply the nodes).
        They are found from the rules' own questions: going through every move of a turn
        would cost far more."""
        if not moves:
            return []
        seat = state.to_move
        enemies = state.pawns[1 - seat]
        walks = pawn_walks(state, seat)
        jumps: list[ChaseMove] = [move for move in walks if jumps_a_pawn(move.path, enemies)]
        tactical = jumps + claims(state, seat)
        if state.mode == GOLD and may_leave_nothing(state, seat):
            tactical += [
                merge
                for merge in claiming_merges(state, seat)
                if self.game.outcome(self.game.apply(state, merge)) is not None
            ]
        return tactical

    def playout_move(
        self, state: ChaseState, moves: Sequence[ChaseMove], rng: random.Random
    ) -> ChaseMove:
        if rng.random() < GREEDY_PLAYOUT:
            tactical = self.tactical_moves(state, moves)
            if tactical:
                return tactical[rng.randrange(len(tactical))]
        return moves[rng.randrange(len(moves))]


PLUGIN = ChasePlugin
