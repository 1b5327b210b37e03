"""Chase: place tiles, claim them with gold, and trap the opponent's pawns by jumping and
sweeping (rules text: chasechess.com).

``GAME`` and ``ChaseGame`` come from ``core.games.chase.game``, imported on first use: the
list of games reads ``about`` without the rules (see ``core.games.first_use``).
"""

from typing import TYPE_CHECKING

from core.games.first_use import exported_on_first_use

if TYPE_CHECKING:
    from core.games.chase.game import GAME, ChaseGame

__all__ = ["GAME", "ChaseGame"]
__getattr__ = exported_on_first_use(__name__, "core.games.chase.game", __all__)
