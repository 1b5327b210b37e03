"""The state of a MAC game: one immutable value holding everything the rules need."""

from __future__ import annotations

from typing import NamedTuple

from core.outcome import Outcome

STANDARD = "standard"
DARK = "dark"
LIGHT = "light"
MODES = (STANDARD, DARK, LIGHT)

#: Placement items: printed strengths 0..10, then the portal.
PORTAL_ITEM = 11
ITEM_COUNT = 12
#: Turns in a row without a capture that draw the game.
QUIET_LIMIT = 20


class MacState(NamedTuple):
    """One position.

    ``board`` holds a code of ``pieces`` per square; ``portals`` the portal squares in
    increasing order (what the board shows as ``PORTAL``, kept apart for speed).
    ``colour_of_seat`` gives each seat's colour, ``(-1, -1)`` in Dark Chess before the first
    flip. ``to_place`` is, during the placement phase of the standard mode, each seat's
    items still in hand (counts per item: strengths 0..10 and the portal), and ``()`` once
    the battle has begun. ``hands`` holds each seat's power tokens (sorted token codes),
    ``pile`` the tokens still to draw, top first. ``peeked`` lists per seat the face-down
    squares that seat has looked at with Peek. ``quiet`` counts the battle turns since the
    last capture (or flip), ``history`` the boards since the last turn that can never be
    undone (capture, flip, token played), oldest first: only they can repeat the current
    position. ``result`` is the outcome once the game is over, ``None`` before.
    """

    mode: str
    tokens: bool
    board: tuple[int, ...]
    portals: tuple[int, ...]
    to_move: int
    colour_of_seat: tuple[int, int]
    to_place: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    peeked: tuple[tuple[int, ...], tuple[int, ...]]
    quiet: int
    history: tuple[tuple[int, ...], ...]
    result: Outcome | None


def seat_of_colour(state: MacState, colour: int) -> int:
    """The seat that controls ``colour``; -1 while colours are undecided."""
    seats = state.colour_of_seat
    if seats[0] == colour:
        return 0
    if seats[1] == colour:
        return 1
    return -1
