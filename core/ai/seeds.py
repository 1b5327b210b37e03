"""Seeds for the computer's searches, fixed by the game and the move number.

A search seeded this way plays the same move in the same position of the same game, so a
game against the computer (or between computers) can be replayed and a test repeated.
"""

from __future__ import annotations


def move_seed(game_seed: int, ply: int) -> int:
    """The seed of the search for the move after ``ply`` moves of a game seeded ``game_seed``."""
    return (game_seed * 1_000_003 + ply * 7_919) % 2**31
