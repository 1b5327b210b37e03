"""MAC: March and Chomp, with power tokens, Dark Chess and Random Light Chess."""

from core.games.mac.game import MacGame

GAME = MacGame()

__all__ = ["GAME", "MacGame"]
