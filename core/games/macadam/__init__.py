"""Macadam: race pawns across the centre lane by slides and leapfrog jumps.

``GAME`` and ``Macadam`` come from ``core.games.macadam.game``, imported on first use: the
list of games reads ``about`` without the rules (see ``core.games.first_use``).
"""

from typing import TYPE_CHECKING

from core.games.first_use import exported_on_first_use

if TYPE_CHECKING:
    from core.games.macadam.game import GAME, Macadam

__all__ = ["GAME", "Macadam"]
__getattr__ = exported_on_first_use(__name__, "core.games.macadam.game", __all__)
