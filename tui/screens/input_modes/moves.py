"""The plain input mode: moves built square by square, and the game's own action keys (``c``
calls the clock in Martian Chess). It is the base mode with nothing of its own."""

from __future__ import annotations

from tui.screens.input_modes.base import InputMode


class MovesMode(InputMode):
    """Squares select a piece and where it goes (``tui.play.selection``)."""
