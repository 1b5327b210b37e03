"""Which actions are legal, and what an action does to the position (debts included)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from core.games.chase.board import SOUTH, SQUARES, TURNS, name, start_squares
from core.games.chase.exit_masks import with_exits
from core.games.chase.ledger import (
    CROSSED,
    JUMPED,
    PIVOTED,
    STRANDED,
    TAUNTED,
    BoardParts,
    Debt,
    Ledger,
    can_pay,
)
from core.games.chase.merges import (
    MIN_STACK,
    MergeFacts,
    is_merge,
    merge_blocks,
    merge_facts,
    merge_sets,
)
from core.games.chase.movelist import Block, Judges, MoveList
from core.games.chase.moves import (
    AddGold,
    ChaseMove,
    Merge,
    Pivot,
    Place,
    Walk,
    make_add_gold,
    make_pivot,
    make_place,
    make_walk,
)
from core.games.chase.repetition import extend_chunked
from core.games.chase.search import SEARCH_LIMIT, walk_results
from core.games.chase.state import (
    DEBT,
    GOLD,
    NO_ACTION,
    REPETITION,
    TILES,
    ChaseState,
    position_key,
    repetition_key,
    state_from_fields,
)
from core.games.chase.survey import (
    COLOUR_MASK,
    Survey,
    bits,
    nth_square,
    placement_squares,
    survey,
)
from core.games.chase.sweep_steps import hop_lines
from core.games.chase.tiles import KIND_ORIENTATIONS, shuffled_stack
from core.games.chase.walks import (
    PAWN_EVENT,
    TAUNT_EVENT,
    Events,
    WalkBoard,
    trace_walk,
    walk_board,
)

#: What a jumped pawn costs its owner (besides the stack it stands on), what a pawn left on a
#: tile its owner does not control costs each turn, and what a pivot costs.
JUMP_FEE = 2
STRANDED_FEE = 2
PIVOT_FEE = 1


def new_state(mode: str, pawns: int, gold: int, first: int, seed: int) -> ChaseState:
    """The starting position: pawns on their back ranks, no tiles, the stack shuffled;
    ``first`` is the seat to move first, or 2 to draw it (after the shuffle)."""
    rng = random.Random(seed)
    deck = () if mode == GOLD else shuffled_stack(rng)
    state = ChaseState(
        mode=mode,
        to_move=rng.randrange(2) if first == 2 else first,
        exits=(0,) * SQUARES,
        turned=0,
        stacks=(),
        pawns=(start_squares(0, pawns), start_squares(1, pawns)),
        loose=(0, 0) if mode == TILES else (gold, gold),
        deck=deck,
    )
    return state._replace(recent=(position_key(state),))


# -- the actions on offer ---------------------------------------------------------------------


def placement_mask(state: ChaseState, seat: int) -> int:
    """Squares of the seat's colour with no tile and no enemy pawn (none in Gold mode)."""
    if state.mode == GOLD or not state.deck:
        return 0
    facts = survey(state)
    if seat == state.to_move:
        return facts.placement
    return placement_squares(seat, facts.tiles, facts.pawns)


def gold_target_masks(state: ChaseState, seat: int) -> tuple[int, int]:
    """Where the seat may put gold: ``(squares taking 2 coins or more, guarded opponent
    stacks it may claim with one coin more than they hold)``.

    Your own tile (or stack) takes 2 or more if no pawn of yours stands on it; an opponent's
    tile without gold takes 2 or more, a guarded one its stack plus one, if no pawn stands on
    it. In Gold mode a bare square of your colour without an enemy pawn, or any bare square
    your own pawn stands on, takes 2 or more (that is how a pawn gets the gold it needs).
    """
    if state.mode == TILES:
        return 0, 0
    return _gold_target_masks(state.mode, survey(state), seat)


def _gold_target_masks(mode: str, facts: Survey, seat: int) -> tuple[int, int]:
    """``gold_target_masks`` outside Tiles mode, from the position's survey."""
    pawns, controlled, stacks = facts.pawns, facts.controlled[seat], facts.stacks
    own, enemy = pawns[seat], pawns[1 - seat]
    occupied = own | enemy
    plain = controlled & ~own
    guarded = stacks[1 - seat] & ~occupied
    if mode == GOLD:
        bare = ~(stacks[0] | stacks[1])
        plain |= (COLOUR_MASK[seat] & ~enemy | own) & bare
    else:
        plain |= facts.tiles & ~(controlled | occupied | guarded)
    return plain, guarded


def gold_targets(state: ChaseState, seat: int) -> list[tuple[int, int]]:
    """``(square, fewest coins)`` for every square the seat may put gold on, in square order
    (see ``gold_target_masks``)."""
    plain, guarded = gold_target_masks(state, seat)
    sizes = survey(state).sizes
    targets = [(square, MIN_STACK) for square in bits(plain)]
    targets.extend((square, sizes[square] + 1) for square in bits(guarded))
    targets.sort()
    return targets


def pivot_masks(state: ChaseState, seat: int) -> tuple[int, int]:
    """The tiles the seat may pivot this turn: ``(those with one other orientation, those with
    three)``; every tile but the one the opponent just pivoted, if the seat can pay."""
    if state.mode == GOLD:
        return 0, 0
    return _pivot_masks(state, survey(state), seat, state.lock)


def _pivot_masks(state: ChaseState, facts: Survey, seat: int, lock: int) -> tuple[int, int]:
    """``pivot_masks`` outside Gold mode, from the position's survey (``lock``: the state's)."""
    one, three = facts.one_turn, facts.three_turns
    if lock >= 0:
        unlocked = ~(1 << lock)
        one &= unlocked
        three &= unlocked
    # Loose gold that covers the fee is the common case (Tiles mode has none, so asks).
    if (one or three) and state.loose[seat] < PIVOT_FEE and not can_pay(state, seat, PIVOT_FEE):
        return 0, 0
    return one, three


def merge_choices(
    state: ChaseState, seat: int, targets: tuple[int, int] | None = None
) -> list[tuple[tuple[int, ...], list[int]]]:
    """``(sources, destinations)`` for every set of two or more of the seat's stacks.

    The merged stack stays on one of its tiles or goes to a tile where that much gold could
    be added (a tile you control or claim with it); never onto a tile under your own pawn
    (except, in Gold mode, a bare square your pawn stands on). A destination that carries
    your gold is always one of the sources. ``targets``: ``gold_target_masks`` if the caller
    has them already. This lists every set, so it is for a seat with few stacks (see
    ``merges``).
    """
    return [
        (sources, [*own_tiles, *anywhere, *claimed])
        for sources, own_tiles, anywhere, claimed in merge_sets(seat_merges(state, seat, targets))
    ]


def seat_merges(state: ChaseState, seat: int, targets: tuple[int, int] | None = None) -> MergeFacts:
    """What decides the seat's merges (``targets`` as in ``merge_choices``)."""
    plain, guarded = gold_target_masks(state, seat) if targets is None else targets
    return merge_facts(survey(state), seat, plain, guarded)


def walk_moves(state: ChaseState, seat: int) -> list[Walk]:
    """Every distinct pawn move the seat can make and pay for."""
    return [Walk(path) for path in walk_paths(state, seat)]


#: ``(board, path -> events)`` of the paths the last ``walk_paths`` found, so that checking
#: or playing one of them need not trace it again.
_found_events: list[tuple[WalkBoard | None, dict[tuple[int, ...], Events]]] = [(None, {})]


def walk_paths(state: ChaseState, seat: int) -> list[tuple[int, ...]]:
    """The paths of ``walk_moves``, in the same order (a move list makes its ``Walk``
    values only when asked for them)."""
    board = walk_board(state, seat)
    loose = state.loose[seat]
    lines = None
    paths = []
    events_of: dict[tuple[int, ...], Events] = {}
    _found_events[0] = (board, events_of)
    # The pawns share one limit on the search for sweeps (see ``search``): each may use its
    # share of what the pawns before it left.
    pawns = [pawn for pawn in state.pawns[seat] if board.exits[pawn]]
    budget = SEARCH_LIMIT
    for index, pawn in enumerate(pawns):
        if lines is None:
            lines = hop_lines(board)
        results, spent = walk_results(board, pawn, lines, budget // (len(pawns) - index))
        budget -= spent
        for (_, events), path in results.items():
            events_of[path] = events
            # The enemy gold passed over costs at most its size; loose gold that covers it
            # all pays it (gold coming in on the way only helps). Else pay it out in full.
            if events and min(events) < PAWN_EVENT:
                sizes = survey(state).sizes
                crossed = sum([sizes[event] for event in events if event < PAWN_EVENT])
                if crossed > loose and not _affordable(state, Walk(path)):
                    continue
            paths.append(path)
    return paths


def walk_problem(state: ChaseState, path: tuple[int, ...]) -> str:
    """Why the player to move may not move a pawn along ``path`` ("" if they may). Any legal
    path is allowed, even one the move list writes another way (see ``legal_moves``)."""
    seat = state.to_move
    if path[0] not in state.pawns[seat]:
        return f"there is no pawn of yours on {name(path[0])}"
    events, reason = trace_walk(walk_board(state, seat), path)
    if reason:
        return reason
    if any(event < PAWN_EVENT for event in events) and not _affordable(state, Walk(path)):
        return "you cannot pay for the gold this move passes over"
    return ""


def _affordable(state: ChaseState, move: ChaseMove) -> bool:
    """Whether the mover can pay every cost of ``move`` as it falls due."""
    ledger = _perform(state, move)
    return ledger.loser != state.to_move


_recent: dict[int, tuple[ChaseState, MoveList]] = {}


def legal_moves(state: ChaseState) -> MoveList:
    """Every legal action; pawn moves as one path per distinct result (see ``search``).

    The lists of the last few states are kept (by object identity), since a turn often asks
    for them more than once (to check, to parse, to play)."""
    entry = _recent.get(id(state))
    if entry is not None and entry[0] is state:
        return entry[1]
    moves = _legal_moves(state)
    if len(_recent) >= 4:
        _recent.pop(next(iter(_recent)))
    _recent[id(state)] = (state, moves)
    return moves


def _legal_moves(state: ChaseState) -> MoveList:
    mode, seat, exits, _, _, _, loose_gold, deck, lock, _, _, _, end = state
    if end:
        return MoveList()
    blocks: list[Block] = []
    judges: Judges | None = None
    facts = survey(state)
    placement = facts.placement
    if placement:
        _grid(blocks, Place, make_place, placement, KIND_ORIENTATIONS[deck[0]])
    loose = loose_gold[seat]
    plain, guarded = (0, 0) if mode == TILES else _gold_target_masks(mode, facts, seat)
    if plain and loose >= MIN_STACK:
        _grid(blocks, AddGold, make_add_gold, plain, range(MIN_STACK, loose + 1))
    if guarded:
        sizes = facts.sizes
        for square in bits(guarded):
            if sizes[square] < loose:
                amounts = range(sizes[square] + 1, loose + 1)
                _grid(blocks, AddGold, make_add_gold, 1 << square, amounts)
    if facts.stacks[seat].bit_count() >= 2:
        merges = merge_facts(facts, seat, plain, guarded)
        blocks.extend((count, make, None, Merge) for count, make in merge_blocks(merges))
        judges = {Merge: partial(is_merge, merges)}
    if mode != GOLD:
        one, three = _pivot_masks(state, facts, seat, lock)
        if one:
            blocks.append((one.bit_count(), _pivot_move, (one, 1, exits), Pivot))
        if three:
            blocks.append((three.bit_count() * 3, _pivot_move, (three, 3, exits), Pivot))
    paths = walk_paths(state, seat)
    if paths:
        blocks.append((len(paths), _walk_move, paths, Walk))
    return MoveList(blocks, judges)


def _grid(
    blocks: list[Block],
    kind: type[Place | AddGold],
    build: Callable[[int, int], ChaseMove],
    squares: int,
    values: Sequence[int],
) -> None:
    """Add to ``blocks`` a block of ``kind(square, value)`` (made by ``build``) for every
    square of a mask and every value."""
    count = len(values)
    blocks.append((squares.bit_count() * count, _grid_move, (build, squares, values, count), kind))


def _grid_move(
    grid: tuple[Callable[[int, int], ChaseMove], int, Sequence[int], int], index: int
) -> ChaseMove:
    """The ``index``-th move of a block added by ``_grid``."""
    build, squares, values, count = grid
    return build(nth_square(squares, index // count), values[index % count])


def _pivot_move(pivots: tuple[int, int, tuple[int, ...]], index: int) -> ChaseMove:
    """The ``index``-th move of a block of pivots: ``(tiles, turns, exits)``, the tiles'
    mask, how many other orientations each has, and the exits of the position."""
    tiles, turns, exits = pivots
    square = nth_square(tiles, index // turns)
    return make_pivot(square, TURNS[exits[square]][index % turns])


def _walk_move(paths: list[tuple[int, ...]], index: int) -> ChaseMove:
    return make_walk(paths[index])


def has_action(state: ChaseState) -> bool:
    """Whether the player to move has any legal action (cheap kinds checked first)."""
    facts = survey(state)
    if facts.placement:
        return True
    seat = state.to_move
    mode = state.mode
    if mode != GOLD and any(_pivot_masks(state, facts, seat, state.lock)):
        return True
    loose = state.loose[seat]
    plain, guarded = (0, 0) if mode == TILES else _gold_target_masks(mode, facts, seat)
    if plain and loose >= MIN_STACK:
        return True
    sizes = facts.sizes
    if any(sizes[square] < loose for square in bits(guarded)):
        return True  # as ``gold_targets``: a claim takes one coin more than the stack
    return len(legal_moves(state)) > 0


# -- what an action does ----------------------------------------------------------------------


def _perform(state: ChaseState, move: ChaseMove) -> Ledger:
    """The action and every debt it causes, then the next player's fees for stranded pawns."""
    seat = state.to_move
    other = 1 - seat
    ledger = Ledger(state)
    # The move kinds are final classes: comparing the class is quicker than ``isinstance``
    # (which each branch states for the type checker only, at no cost when run).
    kind = move.__class__
    if kind is Pivot:
        if TYPE_CHECKING:
            assert isinstance(move, Pivot)
        ledger.set_exits(move.square, move.exits)
        ledger.pay(PIVOTED, seat, PIVOT_FEE, move.square)
    elif kind is Place:
        if TYPE_CHECKING:
            assert isinstance(move, Place)
        ledger.set_exits(move.square, move.exits)
    elif kind is AddGold:
        if TYPE_CHECKING:
            assert isinstance(move, AddGold)
        ledger.loose[seat] -= move.amount
        ledger.put_gold(seat, move.square, move.amount)
    elif kind is Merge:
        if TYPE_CHECKING:
            assert isinstance(move, Merge)
        total = sum([ledger.take_stack(square) for square in move.sources])
        ledger.put_gold(seat, move.dest, total)
    else:
        if TYPE_CHECKING:
            assert isinstance(move, Walk)
        _walk(state, ledger, move.path)
    if ledger.loser < 0:
        for square in ledger.stranded(other):
            if not ledger.pay(STRANDED, other, STRANDED_FEE, square):
                break
    return ledger


def _walk(state: ChaseState, ledger: Ledger, path: tuple[int, ...]) -> None:
    seat, other = state.to_move, 1 - state.to_move
    board = walk_board(state, seat)
    known, events_of = _found_events[0]
    events = events_of.get(path) if known is board else None
    if events is None:
        events, _ = trace_walk(board, path)
    ledger.move_pawn(seat, path[0], path[-1])
    for event in events:
        if event >= TAUNT_EVENT:
            paid = ledger.pay(TAUNTED, other, event - TAUNT_EVENT, path[-1])
        elif event >= PAWN_EVENT:
            square = event - PAWN_EVENT
            paid = ledger.pay(JUMPED, other, JUMP_FEE + ledger.size(square), square)
        elif ledger.owner(event) == other:
            paid = ledger.pay(CROSSED, seat, ledger.size(event), event)
        else:
            continue
        if not paid:
            return


def _quiet_turn(state: ChaseState, move: ChaseMove) -> BoardParts | None:
    """The board after ``move``, a placement, a pivot or gold put on a tile (the caller
    sees to that, by the move's class), worked out without a
    ledger when the turn has no debt but a pivot fee paid from loose gold; None when the
    ledger must settle it (see ``_perform``).

    That is when the opponent has no stranded pawn: none of these moves changes who controls
    a square an opponent's pawn stands on (gold goes on such a square only if the mover
    controls it already), so their pawns are stranded after the turn exactly if before it.
    """
    mode, seat, exits, turned, stacks, pawns, loose, _, _, _, _, _, _ = state
    tiles, _, pawn_masks, controlled, _, _, _, _, _ = survey(state)
    other = 1 - seat
    if pawn_masks[other] & tiles & ~controlled[other]:
        return None
    kind = move.__class__
    if kind is AddGold:
        if TYPE_CHECKING:  # as ``_perform``: the class told the type checker, at no cost
            assert isinstance(move, AddGold)
        amount = move.amount
        spent = (loose[0] - amount, loose[1]) if seat == SOUTH else (loose[0], loose[1] - amount)
        return exits, turned, _with_gold(stacks, seat, move.square, amount), pawns, spent
    if kind is Pivot:
        if mode == TILES or loose[seat] < PIVOT_FEE:
            return None
        fee = PIVOT_FEE if seat == SOUTH else -PIVOT_FEE
        loose = (loose[0] - fee, loose[1] + fee)
    if TYPE_CHECKING:
        assert isinstance(move, Place | Pivot)
    return with_exits(exits, move.square, move.exits), turned, stacks, pawns, loose


def _with_gold(
    stacks: tuple[tuple[int, int, int], ...], seat: int, square: int, amount: int
) -> tuple[tuple[int, int, int], ...]:
    """``stacks`` with ``amount`` coins put on ``square``, whose stack becomes ``seat``'s."""
    for index, (where, coins, _) in enumerate(stacks):
        if where == square:
            return (*stacks[:index], (square, coins + amount, seat), *stacks[index + 1 :])
        if where > square:
            return (*stacks[:index], (square, amount, seat), *stacks[index:])
    return (*stacks, (square, amount, seat))


def apply(state: ChaseState, move: ChaseMove) -> ChaseState:
    kind = move.__class__
    parts = _quiet_turn(state, move) if kind is not Walk and kind is not Merge else None
    if parts is None:
        ledger = _perform(state, move)
        parts = ledger.parts()
        loser = ledger.loser
    else:
        loser = -1
    mode, seat, _, _, _, _, _, deck, _, past, recent, _, _ = state
    placed = kind is Place
    exits, turned, stacks, pawns, loose = parts
    if placed:
        deck = deck[1:]
    lock = move.square if move.__class__ is Pivot else -1
    key = repetition_key(1 - seat, exits, turned, stacks, pawns, loose, len(deck), lock)
    if placed:
        past, recent, seen = (), (key,), 1
    else:
        past, recent, seen = extend_chunked(past, recent, key)
    after = state_from_fields(
        (mode, 1 - seat, exits, turned, stacks, pawns, loose, deck, lock, past, recent, -1, "")
    )
    if loser >= 0:
        return after._replace(winner=1 - loser, end=DEBT)
    if not has_action(after):
        return after._replace(winner=seat, end=NO_ACTION)
    if seen >= 3:
        return after._replace(end=REPETITION)
    return after


def turn_debts(state: ChaseState, move: ChaseMove) -> tuple[Debt, ...]:
    """Every debt ``move`` causes, in the order they were settled (the next player's fees for
    stranded pawns last)."""
    return _perform(state, move).settled()
