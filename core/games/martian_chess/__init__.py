"""Martian Chess (Andrew Looney): two or four players, pieces belong to the zone they stand in."""

from core.games.martian_chess.game import GAME

__all__ = ["GAME"]
