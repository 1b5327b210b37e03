"""Starting positions of the three modes, every random element drawn from one seed."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from core.errors import NotationError, OptionError
from core.games.mac import board as geometry
from core.games.mac.pieces import (
    ARMY,
    ARMY_COUNTS,
    BLUE,
    DOUBLE_STEP,
    EMPTY,
    PEEK,
    PLUS_ONE,
    PORTAL,
    PUSH,
    RED,
    TOKENS_PER_KIND,
    piece,
)
from core.games.mac.rules import finish
from core.games.mac.state import DARK, STANDARD, MacState

DEFAULT_PORTALS = "b4,c5"
#: What a player places in the standard mode: the 15 pieces and the portal.
FULL_HAND = (*ARMY_COUNTS, 1)


def parse_portal_squares(text: str) -> tuple[int, int]:
    """The two distinct squares of the Dark Chess ``portals`` option, like ``b4,c5``."""
    names = [word for word in re.split(r"[\s,;/+-]+", text.strip()) if word]
    try:
        squares = [geometry.parse(word) for word in names]
    except NotationError as error:
        raise OptionError(f"option portals: {error}") from None
    if len(squares) != 2 or squares[0] == squares[1]:
        raise OptionError(
            f"option portals cannot be '{text}': give two different squares, like b4,c5"
        )
    return min(squares), max(squares)


def token_pile(mode: str, rng: random.Random) -> tuple[int, ...]:
    kinds = [PLUS_ONE, DOUBLE_STEP, PUSH] + ([PEEK] if mode == DARK else [])
    pile = [kind for kind in kinds for _ in range(TOKENS_PER_KIND)]
    rng.shuffle(pile)
    return tuple(pile)


def new_state(options: Mapping[str, str], seed: int) -> MacState:
    """The start: a coin flip for who places (or flips, or moves) first, then the layout
    of the mode, then the shuffled token pile (when tokens are on)."""
    mode = options["mode"]
    tokens = options["tokens"] == "on"
    portal_squares = parse_portal_squares(options["portals"])
    rng = random.Random(seed)
    first = rng.randrange(2)
    board = [EMPTY] * geometry.SIZE
    to_place: tuple[tuple[int, ...], ...] = ()
    colour_of_seat = (RED, BLUE)
    portals: tuple[int, ...] = ()
    if mode == STANDARD:
        to_place = (FULL_HAND, FULL_HAND)
    elif mode == DARK:
        portals = portal_squares
        others = [square for square in geometry.SQUARES if square not in portals]
        army = [piece(s, c, face_down=True) for c in (RED, BLUE) for s in ARMY]
        rng.shuffle(army)
        for square, code in zip(others, army, strict=True):
            board[square] = code
        colour_of_seat = (-1, -1)
    else:
        layout = [piece(s, c) for c in (RED, BLUE) for s in ARMY] + [PORTAL, PORTAL]
        rng.shuffle(layout)
        board = layout
        portals = tuple(square for square, code in enumerate(board) if code == PORTAL)
        first_colour = rng.randrange(2)
        colour_of_seat = (
            (first_colour, 1 - first_colour) if first == 0 else (1 - first_colour, first_colour)
        )
    for square in portals:
        board[square] = PORTAL
    pile = token_pile(mode, rng) if tokens else ()
    return finish(
        MacState(
            mode=mode,
            tokens=tokens,
            board=tuple(board),
            portals=portals,
            to_move=first,
            colour_of_seat=colour_of_seat,
            to_place=to_place,
            hands=((), ()),
            pile=pile,
            peeked=((), ()),
            quiet=0,
            history=(),
            result=None,
        )
    )
