"""Moves: one small value per turn, the power token played with it included.

``kind`` is ``"place"`` (standard-mode placement of ``item`` on ``path[0]``), ``"flip"``
(Dark Chess: turn the piece on ``path[0]`` face up) or ``"move"``: the piece on ``path[0]``
goes along ``path`` and stops on ``path[-1]``. A one-step move is ``(from, to)``, a cannon's
jump ``(from, target)``, a portal move ``(from, portal, exit)``; a Double Step lists both
steps, portals included, e.g. ``(from, middle, to)``.

``token`` names the power token played first (its letter: ``""`` none, ``"+"`` +1, ``"d"``
Double Step, ``"p"`` Push, ``"k"`` Peek) and ``token_path`` its squares: the piece that gets
+1; the pushed piece's path (like a move's); the squares peeked at, always two (the same
square twice for a single peek). A screen can offer the tokens in hand as keys, keep the
legal moves whose ``token`` is the chosen key, and then follow ``move_path`` as usual.
"""

from __future__ import annotations

from typing import NamedTuple

from core.games.mac.board import SIZE

PLACE = "place"
FLIP = "flip"
MOVE = "move"


class MacMove(NamedTuple):
    kind: str
    path: tuple[int, ...]
    item: int = -1
    token: str = ""
    token_path: tuple[int, ...] = ()


#: Moves without tokens are shared objects: generating them costs a table lookup.
STEPS: tuple[MacMove, ...] = tuple(MacMove(MOVE, (f, t)) for f in range(SIZE) for t in range(SIZE))
FLIPS: tuple[MacMove, ...] = tuple(MacMove(FLIP, (square,)) for square in range(SIZE))
_THROUGH_PORTAL: dict[int, MacMove] = {}


def step(origin: int, target: int) -> MacMove:
    """A move straight from ``origin`` to ``target`` (one step, or a cannon's jump)."""
    return STEPS[origin * SIZE + target]


def through_portal(origin: int, portal: int, exit_square: int) -> MacMove:
    key = (origin * SIZE + portal) * SIZE + exit_square
    move = _THROUGH_PORTAL.get(key)
    if move is None:
        move = _THROUGH_PORTAL[key] = MacMove(MOVE, (origin, portal, exit_square))
    return move


def with_token(action: MacMove, token: str, token_path: tuple[int, ...]) -> MacMove:
    """``action`` preceded by playing ``token`` on ``token_path``."""
    return MacMove(action.kind, action.path, action.item, token, token_path)
