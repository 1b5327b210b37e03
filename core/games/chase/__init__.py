"""Chase: place tiles, claim them with gold, and trap the opponent's pawns by jumping and
sweeping (rules text: chasechess.com)."""

from core.games.chase.game import ChaseGame

GAME = ChaseGame()

__all__ = ["GAME", "ChaseGame"]
