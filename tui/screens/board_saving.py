"""Saving the game of a board screen at one keyboard: ``ctrl+s`` writes a game that has a
library file in place (no question asked) and asks a name for one that has none yet, as ``S``
does; under a name, that library file is the game's own from then on (its autosave goes). In
review the review saves (``tui.screens.review``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from saves.errors import SaveError
from tui.screens.save_as import SaveAsScreen

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen


class BoardSaving:
    """The saving part of a board screen (see the module's docstring)."""

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen

    def save(self) -> None:
        screen = self.screen
        if screen.reviewing:
            screen.review.save(in_place=True)
            return
        try:
            path = screen.controller.save()
        except SaveError as error:
            screen.say(str(error), error=True)
            return
        if path is None:
            self.save_as()
            return
        screen.say(f"saved in {path.name}")

    def save_as(self) -> None:
        screen = self.screen
        if screen.reviewing:
            screen.review.save(in_place=False)
            return
        controller = screen.controller
        dialog = SaveAsScreen(controller.suggested_name(), controller.save_as)
        screen.app.push_screen(dialog, self._saved)

    def _saved(self, path: Path | None) -> None:
        if path is not None:
            self.screen.source = path
        self.screen.say(f"saved as {path.name}" if path else "not saved")
