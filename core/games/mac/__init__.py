"""MAC: March and Chomp, with power tokens, Dark Chess and Random Light Chess.

``GAME`` and ``MacGame`` come from ``core.games.mac.game``, imported on first use: the list
of games reads ``about`` without the rules (see ``core.games.first_use``).
"""

from typing import TYPE_CHECKING

from core.games.first_use import exported_on_first_use

if TYPE_CHECKING:
    from core.games.mac.game import GAME, MacGame

__all__ = ["GAME", "MacGame"]
__getattr__ = exported_on_first_use(__name__, "core.games.mac.game", __all__)
