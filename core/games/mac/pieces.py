"""What stands on a square, as one small int, and who may capture whom.

A square holds ``EMPTY``, ``PORTAL``, ``HIDDEN`` (a face-down piece whose identity the viewer
does not know) or a piece code built from bits::

    128       always set for a piece
     64       face down (Dark Chess)
     32       Blue (clear: Red)
     16       carries a +1 token
    0-15      printed strength, 0 (the cannon) to 10

Codes stay below 256 so every per-code table is a flat tuple of 256 entries.
"""

from __future__ import annotations

EMPTY = 0
PORTAL = 1
HIDDEN = 2

PIECE = 128
FACE_DOWN = 64
BLUE_BIT = 32
BOOST = 16
STRENGTH_MASK = 15

RED = 0
BLUE = 1
COLOUR_NAMES = ("Red", "Blue")
COLOUR_LETTERS = ("R", "B")

CANNON = 0
TEN = 10
#: The printed strengths of one colour's 15 pieces.
ARMY = (0, 0, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
#: How many pieces of each printed strength 0..10 one colour has.
ARMY_COUNTS = tuple(ARMY.count(strength) for strength in range(TEN + 1))

CODES = range(256)


def piece(strength: int, colour: int, *, boosted: bool = False, face_down: bool = False) -> int:
    return (
        PIECE
        | (FACE_DOWN if face_down else 0)
        | (BLUE_BIT if colour == BLUE else 0)
        | (BOOST if boosted else 0)
        | strength
    )


def is_piece(code: int) -> bool:
    return code >= PIECE


def colour_of(code: int) -> int:
    return BLUE if code & BLUE_BIT else RED


def printed(code: int) -> int:
    """The number printed on the piece (0 for the cannon)."""
    return code & STRENGTH_MASK


def is_boosted(code: int) -> bool:
    return bool(code & BOOST)


def is_face_down(code: int) -> bool:
    return code == HIDDEN or (code >= PIECE and bool(code & FACE_DOWN))


def strength(code: int) -> int:
    """The strength the rules use: the printed number, one more with a +1 token."""
    return (code & STRENGTH_MASK) + (1 if code & BOOST else 0)


def _is_real_one(code: int) -> bool:
    """A printed 1 without a +1: the only piece the 1-beats-10 rule is about."""
    return printed(code) == 1 and not is_boosted(code)


def beats(attacker: int, defender: int) -> bool:
    """Whether a step (or a portal exit step) of ``attacker`` may capture ``defender``.

    Equal or lower strength is captured, with the special hierarchy: a printed 1 captures
    any piece of strength 10 or more (a 10, a 9 with +1, a 10 with +1), and a piece of
    strength exactly 10 cannot capture a printed 1. A cannon's strength is 0, so its step
    takes only a 0 (with +1: a 0 or a 1, and it is no "1" against a 10).
    """
    a, d = strength(attacker), strength(defender)
    if _is_real_one(attacker) and d >= TEN:
        return True
    if a == TEN and _is_real_one(defender):
        return False
    return d <= a


def _face_up_colour(code: int) -> int:
    if code < PIECE or code & FACE_DOWN:
        return -1
    return colour_of(code)


#: ``FACE_UP_COLOUR[code]``: the colour of a face-up piece, -1 for anything else.
FACE_UP_COLOUR: tuple[int, ...] = tuple(_face_up_colour(code) for code in CODES)

#: ``CAPTURES[attacker][defender]``: a step of the face-up ``attacker`` may land on
#: ``defender`` as a capture (a face-up enemy piece it beats).
CAPTURES: tuple[tuple[bool, ...], ...] = tuple(
    tuple(
        FACE_UP_COLOUR[a] >= 0
        and FACE_UP_COLOUR[d] >= 0
        and FACE_UP_COLOUR[a] != FACE_UP_COLOUR[d]
        and beats(a, d)
        for d in CODES
    )
    for a in CODES
)

#: ``FLIPPABLE[code]``: a face-down piece (known or not).
FLIPPABLE: tuple[bool, ...] = tuple(is_face_down(code) for code in CODES)


def piece_label(code: int) -> str:
    """How a player names a piece in a sentence: "a 7", "a cannon", "a 3 with +1"."""
    number = printed(code)
    base = "a cannon" if number == CANNON else f"an {number}" if number == 8 else f"a {number}"
    return f"{base} with +1" if is_boosted(code) else base


# -- power tokens -----------------------------------------------------------------------------

PLUS_ONE = 0
DOUBLE_STEP = 1
PUSH = 2
PEEK = 3
UNKNOWN_TOKEN = 4
TOKEN_NAMES = ("+1", "Double Step", "Push", "Peek", "unknown token")
#: One letter per token in position texts and as the key that plays it.
TOKEN_LETTERS = "+dpk?"
TOKENS_PER_KIND = 6
