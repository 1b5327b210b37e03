"""Move notation: writing moves, and reading them back with a reason when they are illegal.

    T:d4=NE,SE,SW   place the next tile on d4 showing those exits (or Y:d4=NE,SE,SW, by the
                    letter of the next tile's kind: a letter of another kind is refused)
    g3:c5           put 3 gold on c5 (fortify your tile or claim the opponent's)
    m:c5+e5>e5      merge the stacks on c5 and e5 and leave them on e5
    p:c5=N,S        pivot the tile on c5 so that it shows N and S (costs 1)
    d4-f6-g7        move the pawn on d4: jump to f6, then sweep to g7

Reading ignores case and spaces and accepts ``.``, ``+`` or ``/`` between exits, ``x`` or
nothing between the squares of a pawn move and ``,`` or ``&`` between the stacks of a merge.
A pawn move may take any legal path, also one the move list writes another way.
``P:`` is the orthogonal cross's letter as well as the pivot's: on a square without a tile,
while there are tiles to place, it places the next tile; on a tile it pivots.
"""

from __future__ import annotations

import re

from core.errors import IllegalMoveError, NotationError
from core.games.chase.board import COLOUR, DIRECTIONS, SEAT_NAMES, exits_text, name, orientations
from core.games.chase.ledger import can_pay
from core.games.chase.merges import MIN_STACK, destinations
from core.games.chase.moves import AddGold, ChaseMove, Merge, Pivot, Place, Walk
from core.games.chase.rules import (
    PIVOT_FEE,
    gold_targets,
    legal_moves,
    seat_merges,
    walk_problem,
)
from core.games.chase.state import GOLD, TILES, ChaseState, controller, pawn_owner, stack_at
from core.games.chase.tiles import DECK, LETTERS, kind_of_exits
from core.squares import parse_square

#: One move of each kind, as the notation writes it (the error for a move it cannot read).
MOVE_EXAMPLES = "T:d4=NE,SW, g3:c5, m:c5+e5>e5, p:c5=N,S or d4-f6"
_SQUARE = r"[a-z]\d{1,2}"
_EXITS = r"[a-z]+(?:[,.+/][a-z]+)*"
_PLACE = re.compile(rf"^t:?({_SQUARE})[=:^]?({_EXITS})$")
#: A tile placed by its kind's letter (the colon is needed: ``a:c7`` is no pawn move).
_PLACE_BY_KIND = re.compile(rf"^([{LETTERS.lower()}]):({_SQUARE})[=:^]?({_EXITS})$")
_PIVOT = re.compile(rf"^p:?({_SQUARE})[=:^>]?({_EXITS})$")
_GOLD = re.compile(rf"^g(\d{{1,9}}):({_SQUARE})$")  # the colon tells g3:c5 from g3-c5
_MERGE = re.compile(rf"^m:?({_SQUARE}(?:[+,&]{_SQUARE})*)>({_SQUARE})$")
_WALK = re.compile(rf"^{_SQUARE}(?:[-x]?{_SQUARE})+$")


def format_move(move: ChaseMove) -> str:
    if isinstance(move, Place):
        return f"T:{name(move.square)}={exits_text(move.exits)}"
    if isinstance(move, AddGold):
        return f"g{move.amount}:{name(move.square)}"
    if isinstance(move, Merge):
        return f"m:{'+'.join(name(square) for square in move.sources)}>{name(move.dest)}"
    if isinstance(move, Pivot):
        return f"p:{name(move.square)}={exits_text(move.exits)}"
    if isinstance(move, Walk):
        return "-".join(name(square) for square in move.path)
    raise NotationError(f"{move!r} is not a Chase move")


def parse_move(state: ChaseState, text: str) -> ChaseMove:
    compact = "".join(text.split()).lower()
    if not compact:
        raise NotationError("an empty text is not a move")
    if match := _PLACE.match(compact):
        move: ChaseMove = Place(_square(match[1]), _exits(match[2]))
    elif (match := _PLACE_BY_KIND.match(compact)) and _places_by_kind(state, match):
        move = Place(_square(match[2]), _exits(match[3]))
        _check_kind(state, match[1].upper(), text)
    elif match := _PIVOT.match(compact):
        move = Pivot(_square(match[1]), _exits(match[2]))
    elif match := _GOLD.match(compact):
        move = AddGold(_square(match[2]), int(match[1]))
    elif match := _MERGE.match(compact):
        sources = tuple(sorted({_square(part) for part in re.split(r"[+,&]", match[1])}))
        move = Merge(sources, _square(match[2]))
    elif _WALK.match(compact):
        move = Walk(tuple(_square(part) for part in re.findall(_SQUARE, compact)))
    else:
        raise NotationError(f"'{text.strip()}' is not a Chase move (like {MOVE_EXAMPLES})")
    shown = format_move(move)
    if state.end:
        raise IllegalMoveError(f"{shown}: the game is over")
    reason = _reason(state, move)
    if reason:
        raise IllegalMoveError(f"{shown}: {reason}")
    if isinstance(move, Walk):
        return move
    if move not in legal_moves(state):
        raise IllegalMoveError(f"{shown} is not a legal move here")
    return move


def _places_by_kind(state: ChaseState, match: re.Match[str]) -> bool:
    """Whether a move starting with a tile letter is a placement: always, but for ``P:``
    (also the pivot) only on a square without a tile while there are tiles to place."""
    if match[1] != "p":
        return True
    return state.mode != GOLD and bool(state.deck) and not state.exits[_square(match[2])]


def _check_kind(state: ChaseState, letter: str, text: str) -> None:
    """Refuses a tile placed by the letter of a kind other than the next tile's."""
    if state.end or state.mode == GOLD or not state.deck:
        return  # the rules' own reason says why no tile is placed at all
    kind = DECK[state.deck[0]]
    if letter not in ("T", kind.letter):
        named = DECK[LETTERS.index(letter)]
        raise IllegalMoveError(
            f"{text.strip()}: the next tile is {_a(kind.name)} ({kind.letter}), "
            f"not {_a(named.name)} ({letter})"
        )


def _a(noun: str) -> str:
    return f"an {noun}" if noun[0] in "aeiou" else f"a {noun}"


def _square(text: str) -> int:
    return parse_square(text, 8, 8)


def _exits(text: str) -> int:
    mask = 0
    for part in re.split(r"[,.+/]", text.upper()):
        if part not in DIRECTIONS:
            raise NotationError(f"'{part}' is not a direction (N, NE, E, SE, S, SW, W, NW)")
        mask |= 1 << DIRECTIONS.index(part)
    return mask


def _reason(state: ChaseState, move: ChaseMove) -> str:
    """Why ``move`` is illegal, as a phrase, or "" when no particular reason applies."""
    if isinstance(move, Place):
        return _place_reason(state, move)
    if isinstance(move, AddGold):
        return _gold_reason(state, move.square, move.amount)
    if isinstance(move, Merge):
        return _merge_reason(state, move)
    if isinstance(move, Pivot):
        return _pivot_reason(state, move)
    return _walk_reason(state, move)


def _place_reason(state: ChaseState, move: Place) -> str:
    seat = state.to_move
    square = move.square
    if state.mode == GOLD:
        return "Gold mode has no tiles"
    if not state.deck:
        return "the tile stack is empty"
    if COLOUR[square] != seat:
        colour = "light" if seat == 0 else "dark"
        return f"{SEAT_NAMES[seat]} places tiles on {colour} squares only"
    if state.exits[square]:
        return f"{name(square)} already has a tile"
    if pawn_owner(state, square) == 1 - seat:
        return f"{SEAT_NAMES[1 - seat]}'s pawn stands on {name(square)}"
    kind = DECK[state.deck[0]]
    if move.exits not in kind.orientations:
        shapes = " or ".join(exits_text(mask) for mask in kind.orientations)
        return f"the next tile ({kind.name}) shows {shapes}"
    return ""


def _gold_reason(state: ChaseState, square: int, amount: int) -> str:
    seat = state.to_move
    if state.mode == TILES:
        return "Tiles mode has no gold"
    if amount > state.loose[seat]:
        return f"you have only {state.loose[seat]} loose gold"
    if amount < MIN_STACK:
        return f"gold goes on a tile {MIN_STACK} coins or more at a time"
    for target, fewest in gold_targets(state, seat):
        if target == square:
            if amount < fewest:
                return f"claiming {name(square)} takes at least {fewest} gold"
            return ""
    return _no_gold_reason(state, square)


def _no_gold_reason(state: ChaseState, square: int) -> str:
    seat = state.to_move
    pawn = pawn_owner(state, square)
    if pawn == seat:
        return f"your pawn stands on {name(square)}, so no gold can go there"
    if pawn >= 0 and controller(state, square) != seat:
        return f"{SEAT_NAMES[pawn]}'s pawn stands on {name(square)}, so it cannot be claimed"
    if state.mode == GOLD:
        return f"new stacks go on squares of your colour; {name(square)} is not one"
    return f"{name(square)} has no tile"


def _merge_reason(state: ChaseState, move: Merge) -> str:
    seat = state.to_move
    if state.mode == TILES:
        return "Tiles mode has no gold"
    for square in move.sources:
        if stack_at(state, square)[1] != seat:
            return f"{name(square)} carries none of your gold"
    if len(move.sources) < 2:
        return "a merge combines two or more of your stacks"
    dest = move.dest
    size, owner = stack_at(state, dest)
    if owner == seat and dest not in move.sources:
        return f"{name(dest)} carries your gold, so it must be one of the stacks merged"
    dests = destinations(seat_merges(state, seat), move.sources)
    if not dests or dest in dests:
        return ""  # legal, or not a set that may be merged at all: the move list says so
    total = sum(stack_at(state, square)[0] for square in move.sources)
    if dest in move.sources or not size:
        return _no_gold_reason(state, dest)
    return f"claiming {name(dest)} takes more than the {total} gold merged"


def _pivot_reason(state: ChaseState, move: Pivot) -> str:
    seat = state.to_move
    square = move.square
    if state.mode == GOLD:
        return "Gold mode has no tiles"
    if not state.exits[square]:
        return f"{name(square)} has no tile"
    if square == state.lock:
        return (
            f"{SEAT_NAMES[1 - seat]} pivoted {name(square)} last turn, so it cannot be pivoted now"
        )
    if move.exits == state.exits[square]:
        return f"the tile on {name(square)} already shows {exits_text(move.exits)}"
    kind = kind_of_exits(state.exits[square])
    if move.exits not in orientations(state.exits[square]):
        label = f"the {kind.name} on" if kind else "the tile on"
        return f"{label} {name(square)} cannot be turned to show {exits_text(move.exits)}"
    if not can_pay(state, seat, PIVOT_FEE):
        if state.mode == TILES:
            return "you have no tile to spare to pay for a pivot"
        return "you cannot pay for a pivot"
    return ""


def _walk_reason(state: ChaseState, move: Walk) -> str:
    return walk_problem(state, move.path)
