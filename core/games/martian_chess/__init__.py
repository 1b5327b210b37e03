"""Martian Chess (Andrew Looney): two or four players, pieces belong to the zone they stand in.

``GAME`` comes from ``core.games.martian_chess.game``, imported on first use: the list of
games reads ``about`` without the rules (see ``core.games.first_use``).
"""

from typing import TYPE_CHECKING

from core.games.first_use import exported_on_first_use

if TYPE_CHECKING:
    from core.games.martian_chess.game import GAME

__all__ = ["GAME"]
__getattr__ = exported_on_first_use(__name__, "core.games.martian_chess.game", __all__)
