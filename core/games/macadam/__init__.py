"""Macadam: race pawns across the centre lane by slides and leapfrog jumps."""

from core.games.macadam.game import Macadam

GAME = Macadam()

__all__ = ["GAME", "Macadam"]
