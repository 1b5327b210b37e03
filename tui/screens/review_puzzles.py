"""Learning from one's mistakes: each mistake of an analysed game set as a puzzle.

``L`` in review goes to the position before the next move marked ``?!``, ``?`` or ``??``
(of the seats people played: against the computer, one's own; between people, everyone's)
whose best move the analysis knows, and asks for a better move; the board shows no hint
there. The move tried is played as a variation, as any move in review, and the status line
says whether it is the computer's best. ``L`` again goes to the next puzzle; walking
elsewhere ends them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.analysis_marks import VERDICT_NAGS, VERDICT_SYMBOLS
from core.record import Node

if TYPE_CHECKING:
    from tui.screens.review_analysis import ReviewAnalysis


class MistakePuzzles:
    """The puzzles of one board screen's game (see the module's docstring)."""

    def __init__(self, analysis: ReviewAnalysis) -> None:
        self.analysis = analysis
        #: The position of the puzzle on show, and the mistake played there.
        self.puzzle: tuple[Node, Node] | None = None

    def _candidates(self) -> list[Node]:
        """The mistakes that make puzzles, in the order of the main line."""
        screen = self.analysis.screen
        record = screen.record
        computers = screen.computer_levels()
        found = []
        for node in record.mainline():
            parent = node.parent
            if parent is None or not set(VERDICT_NAGS) & set(node.nags):
                continue
            if record.game.to_move(parent.state) in computers:
                continue
            if self.analysis.best_line(parent):
                found.append(node)
        return found

    def next(self) -> None:
        """Set the next puzzle after the position shown (from the start after the last)."""
        screen = self.analysis.screen
        record = screen.record
        candidates = self._candidates()
        if not candidates:
            screen.say("no mistake to learn from (A analyses the game first)", error=True)
            return
        here = record.current.ply
        after = [node for node in candidates if node.ply > here] or candidates
        mistake = after[0]
        assert mistake.parent is not None
        self.puzzle = (mistake.parent, mistake)
        record.goto(mistake.parent)
        screen.position_changed()

    def on_show(self) -> bool:
        """Whether the position shown is a puzzle's (no hint to be drawn there)."""
        return self.puzzle is not None and self.puzzle[0] is self.analysis.screen.record.current

    def describe(self) -> str:
        """What the status line says at a puzzle and after a move tried there ("" elsewhere,
        which ends the puzzle)."""
        if self.puzzle is None:
            return ""
        position, mistake = self.puzzle
        record = self.analysis.screen.record
        node = record.current
        symbol = "".join(VERDICT_SYMBOLS.get(nag, "") for nag in mistake.nags)
        mover = record.seat_names[record.game.to_move(position.state)]
        if node is position:
            return (
                f"puzzle: {mover} played {mistake.notation}{symbol} here: find a better move "
                "(L: the next puzzle)"
            )
        if node.parent is not position:
            self.puzzle = None
            return ""
        best = self.analysis.best_line(position)[0]
        if node.notation == best:
            return f"right: {best} is the computer's best move · L: the next puzzle"
        if node is mistake:
            return f"{mistake.notation} is the move played, the {symbol}: try another (←)"
        return f"{node.notation} is not the computer's move: it was {best} · ← try again"
