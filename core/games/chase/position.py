"""The position text: one line of ``name:value`` fields separated by spaces.

    mode:regular turn:S gold:20,24 deck:XPSDI lock:- board:d1=NE.SW@S,e2=N.E.S$4N,f8@N
    rep:1a2b3c4d5e6f7081,... end:-

``board`` lists every square that holds something: the square, then ``=`` and the tile's
exits joined by ``.`` (``~`` after them if the tile shows the other colour than its square,
which happens in Tiles mode), ``$`` and a stack's size and owner, ``@`` and a pawn's owner.
``deck`` is the tile stack, next tile first, one letter per tile (``-`` when empty). ``lock``
is the tile the player to move may not pivot. ``rep`` lists the repetition keys of the
positions since the last tile was placed, this one last; ``end`` is ``-`` or the winner
(``S``, ``N`` or ``draw``) and the reason, e.g. ``N:debt``. ``rep``, ``lock`` and ``end`` may
be left out when setting up a position; a position whose player to move has no legal action,
or that stands for the third time, is read as the end of the game it is.
"""

from __future__ import annotations

import re

from core.errors import PositionError
from core.games.chase.board import DIRECTIONS, SEAT_LETTERS, SQUARES, exits_text, name
from core.games.chase.repetition import chunked
from core.games.chase.rules import has_action
from core.games.chase.state import (
    END_REASONS,
    GOLD,
    MODES,
    NO_ACTION,
    REPETITION,
    TILES,
    ChaseState,
    position_key,
)
from core.games.chase.tiles import DECK, LETTERS
from core.squares import parse_square

FIELDS = ("mode", "turn", "gold", "deck", "lock", "board", "rep", "end")
REQUIRED = ("mode", "turn", "gold", "deck", "board")
_ITEM = re.compile(
    r"^(?P<square>[a-h][1-8])"
    r"(?:=(?P<exits>[NESW.]+)(?P<turned>~)?)?"
    r"(?:\$(?P<size>\d+)(?P<owner>[SN]))?"
    r"(?:@(?P<pawn>[SN]))?$"
)


def write_position(state: ChaseState) -> str:
    stacks = {square: (size, owner) for square, size, owner in state.stacks}
    items = []
    for square in range(SQUARES):
        item = _write_square(state, square, stacks)
        if item:
            items.append(item)
    deck = "".join(DECK[kind].letter for kind in state.deck) or "-"
    end = "-"
    if state.end:
        winner = "draw" if state.winner < 0 else SEAT_LETTERS[state.winner]
        end = f"{winner}:{state.end}"
    fields = (
        f"mode:{state.mode}",
        f"turn:{SEAT_LETTERS[state.to_move]}",
        f"gold:{state.loose[0]},{state.loose[1]}",
        f"deck:{deck}",
        f"lock:{name(state.lock) if state.lock >= 0 else '-'}",
        f"board:{','.join(items) or '-'}",
        f"rep:{','.join(f'{key:x}' for key in state.history) or '-'}",
        f"end:{end}",
    )
    return " ".join(fields)


def _write_square(state: ChaseState, square: int, stacks: dict[int, tuple[int, int]]) -> str:
    text = ""
    if state.exits[square]:
        text += "=" + exits_text(state.exits[square], ".")
        if state.turned >> square & 1:
            text += "~"
    if square in stacks:
        size, owner = stacks[square]
        text += f"${size}{SEAT_LETTERS[owner]}"
    for seat in (0, 1):
        if square in state.pawns[seat]:
            text += f"@{SEAT_LETTERS[seat]}"
    return name(square) + text if text else ""


def read_position(text: str) -> ChaseState:
    fields: dict[str, str] = {}
    for word in text.split():
        label, sep, value = word.partition(":")
        if not sep or label not in FIELDS:
            raise PositionError(
                f"'{word}' is not a field of a Chase position ({', '.join(FIELDS)})"
            )
        if label in fields:
            raise PositionError(f"the position gives '{label}' twice")
        fields[label] = value
    missing = [label for label in REQUIRED if label not in fields]
    if missing:
        raise PositionError(f"the position has no '{missing[0]}' field")
    mode = fields["mode"].lower()
    if mode not in MODES:
        raise PositionError(f"'{mode}' is not a Chase mode ({', '.join(MODES)})")
    exits = [0] * SQUARES
    turned = [0]
    stacks: list[tuple[int, int, int]] = []
    pawns: tuple[list[int], list[int]] = ([], [])
    seen: set[int] = set()
    for item in fields["board"].split(",") if fields["board"] != "-" else ():
        square = _read_square(item, mode, exits, turned, stacks, pawns)
        if square in seen:
            raise PositionError(f"the board lists {name(square)} twice")
        seen.add(square)
    state = ChaseState(
        mode=mode,
        to_move=_seat(fields["turn"], "turn"),
        exits=tuple(exits),
        turned=turned[0],
        stacks=tuple(sorted(stacks)),
        pawns=(tuple(sorted(pawns[0])), tuple(sorted(pawns[1]))),
        loose=_gold(fields["gold"], mode),
        deck=_deck(fields["deck"], mode),
        lock=_lock(fields.get("lock", "-"), exits),
    )
    key = position_key(state)
    history = _history(fields.get("rep", "-"))
    if not history or history[-1] != key:
        history = (*history, key)
    winner, end = _end(fields.get("end", "-"))
    past, recent = chunked(history)
    state = state._replace(past=past, recent=recent, winner=winner, end=end)
    if not end and not has_action(state):
        state = state._replace(winner=1 - state.to_move, end=NO_ACTION)
    elif not end and history.count(key) >= 3:
        state = state._replace(end=REPETITION)
    return state


def _read_square(
    item: str,
    mode: str,
    exits: list[int],
    turned: list[int],
    stacks: list[tuple[int, int, int]],
    pawns: tuple[list[int], list[int]],
) -> int:
    """Read one board item into the lists; ``turned`` holds the turned-tile mask."""
    match = _ITEM.match(item)
    if not match:
        raise PositionError(f"'{item}' is not a square of a Chase board (like d4=NE.SW$3N@S)")
    square = parse_square(match["square"], 8, 8)
    if match["exits"]:
        if mode == GOLD:
            raise PositionError(f"{name(square)} has a tile, but Gold mode has no tiles")
        mask = 0
        for direction in match["exits"].split("."):
            if direction not in DIRECTIONS:
                raise PositionError(f"'{direction}' on {name(square)} is not a direction")
            mask |= 1 << DIRECTIONS.index(direction)
        exits[square] = mask
        if match["turned"]:
            if mode != TILES:
                raise PositionError(f"the tile on {name(square)} is turned over outside Tiles mode")
            turned[0] |= 1 << square
    if match["size"]:
        size = int(match["size"])
        if mode == TILES:
            raise PositionError(f"{name(square)} has gold, but Tiles mode has no gold")
        if mode != GOLD and not exits[square]:
            raise PositionError(f"the gold on {name(square)} has no tile under it")
        if size < 1:
            raise PositionError(f"the stack on {name(square)} has no coins")
        stacks.append((square, size, SEAT_LETTERS.index(match["owner"])))
    if match["pawn"]:
        pawns[SEAT_LETTERS.index(match["pawn"])].append(square)
    return square


def _seat(text: str, label: str) -> int:
    letter = text.upper()[:1]
    if text.upper() not in ("S", "N", "SOUTH", "NORTH"):
        raise PositionError(f"'{text}' is not a seat for {label} (S or N)")
    return SEAT_LETTERS.index(letter)


def _gold(text: str, mode: str) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() for part in parts):
        raise PositionError(f"'{text}' is not the loose gold of both players (like 24,24)")
    if mode == TILES and (int(parts[0]) or int(parts[1])):
        raise PositionError("Tiles mode has no gold")
    return int(parts[0]), int(parts[1])


def _deck(text: str, mode: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    if mode == GOLD:
        raise PositionError("Gold mode has no tiles to draw")
    kinds = []
    for letter in text.upper():
        if letter not in LETTERS:
            raise PositionError(f"'{letter}' is not a tile ({', '.join(LETTERS)})")
        kinds.append(LETTERS.index(letter))
    return tuple(kinds)


def _lock(text: str, exits: list[int]) -> int:
    if text == "-":
        return -1
    try:
        square = parse_square(text, 8, 8)
    except Exception as error:
        raise PositionError(f"lock '{text}' is not a square") from error
    if not exits[square]:
        raise PositionError(f"the locked square {name(square)} has no tile")
    return square


def _history(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    try:
        return tuple(int(part, 16) for part in text.split(","))
    except ValueError as error:
        raise PositionError(f"'{text}' is not a list of repetition keys") from error


def _end(text: str) -> tuple[int, str]:
    if text == "-":
        return -1, ""
    winner, _, reason = text.partition(":")
    if reason not in END_REASONS or winner not in ("S", "N", "draw"):
        raise PositionError(f"'{text}' is not a game end (like N:debt or draw:repetition)")
    return (-1 if winner == "draw" else SEAT_LETTERS.index(winner)), reason
