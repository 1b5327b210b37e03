"""Walking a game back and forth on the board screen: undo and redo, and looking back at an
earlier position of a live game.

Undo and redo say which moves they took back or played again (``Took back 12. e2-e4``); in a
live game the position walked to is where the game stands from then on, kept on disk, the
moves after it a variation (``tui.play.local_game``).

Clicking a move in the log of a live game only looks back at that position. The game does not
change: the board shows the position clicked (the record goes there without making it the end
of the main line), the status line says ``move N of M, End to return``, and meanwhile nothing
is kept and no computer thinks. Clicking another move looks at that one
instead, ``u`` and ``ctrl+y`` step back and forth, and End (or the game's last move, clicked or
stepped onto) goes back to where the game stands. Playing a move from the position looked at is
done on purpose: the game goes on from there, and the moves that came after stay as a
variation, as after an undo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.record import Node
from tui.play.review_game import moves_text

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen


class Walks:
    """The board screen's walks through its game (see the module's docstring)."""

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen
        #: Where the game stands while an earlier position is looked at; ``None`` otherwise.
        self.live: Node | None = None

    @property
    def looking_back(self) -> bool:
        return self.live is not None

    def note(self) -> str:
        assert self.live is not None
        return f"move {self.screen.record.current.ply} of {self.live.ply}, End to return"

    def go(self, node: Node) -> None:
        """Show the position after ``node`` (the start for the root)."""
        record = self.screen.record
        live = self.live or record.current
        if node is live:
            self.end()
            return
        self.live = live
        record.goto(node)
        self.screen.position_changed(self.note())

    def step(self, delta: int) -> None:
        """One move back (``delta`` -1) or on towards where the game stands."""
        screen, record = self.screen, self.screen.record
        moved = record.undo() if delta < 0 else record.redo()
        if not moved:
            screen.say("this is the start of the game", error=True)
        elif record.current is self.live:
            self.end()
        else:
            screen.position_changed(self.note())

    def end(self) -> None:
        """Back to where the game stands."""
        live, self.live = self.live, None
        if live is None:
            self.screen.say("this is where the game stands", error=True)
            return
        self.screen.record.goto(live)
        self.screen.position_changed("back to where the game stands")

    def left(self) -> None:
        """A move was played from the position looked at: the game goes on from there."""
        self.live = None

    # -- undo and redo ------------------------------------------------------------------------

    def undo(self) -> None:
        if self.live is not None:
            self.step(-1)
            return
        taken = self.screen.controller.undo()
        nothing = "nothing to undo: this is the start"
        self.after_walk(bool(taken), nothing, f"Took back {moves_text(taken)}")

    def redo(self) -> None:
        if self.live is not None:
            self.step(1)
            return
        again = self.screen.controller.redo()
        self.after_walk(bool(again), "nothing to redo", f"Played again {moves_text(again)}")

    def log_clicked(self, node: Node) -> None:
        """A move of the log was clicked: in a live game look at it, in review go there."""
        if not self.screen.reviewing:
            self.go(node)
            return
        self.screen.record.goto(node)
        self.after_walk(True, "")

    def after_walk(self, moved: bool, nothing: str, done: str = "") -> None:
        """After a walk through the game: ``nothing`` if it did not move, else ``done``."""
        screen = self.screen
        if not moved:
            screen.say(nothing, error=True)
            return
        problem = screen.controller.walked()
        screen.position_changed(done)
        if problem:
            screen.say(problem, error=True)
