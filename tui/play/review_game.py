"""A game under review: what the review keys ask for, carried out on the game's record.

Review walks the record's tree (back, forward, to either end, between variations), edits it
(promoting or deleting a variation) and starts a new game from any position; moves tried are
played as variations (``tui.play.local_game.LocalGame`` with ``reviewing``). What review shows:
a finished game everything; an unfinished one only what the reviewing seat could see
(``game.view``), and no move can be tried where that would uncover more. The reviewing seat is
the one to move at the end of the main line, the player who would carry on.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import PawnshopError
from core.game import State
from core.record import GameRecord, Node
from saves.format import dumps, loads
from saves.header import GameLookup

HIDDEN_REFUSAL = (
    "moves cannot be tried here: this game is not over, and a move could uncover "
    "what your seat may not see"
)


def line_end(node: Node) -> Node:
    """The last node on the way ``redo`` goes from ``node``."""
    while node.children:
        node = node.children[min(node.redo_index, len(node.children) - 1)]
    return node


def variation_start(node: Node) -> Node | None:
    """The first move of the innermost variation holding ``node``; ``None`` on the main line.
    Moves after the end of a line (taken back in a game in progress) are a variation too."""
    while node.parent is not None:
        if node.parent.continuation is not node:
            return node
        node = node.parent
    return None


def move_label(node: Node) -> str:
    """``3. d4-c5``, or ``the game`` for the start position."""
    return f"{node.ply}. {node.notation}" if node.parent is not None else "the game"


def moves_between(start: Node, end: Node) -> list[Node]:
    """The moves that lead from ``start`` on to ``end``, in order (none if ``end`` is not
    after ``start`` in its line)."""
    moves: list[Node] = []
    node: Node | None = end
    while node is not None and node is not start:
        moves.append(node)
        node = node.parent
    return list(reversed(moves)) if node is start else []


def moves_text(moves: list[Node]) -> str:
    """``12. e2-e4, 13. d7-d5``: the moves with their numbers."""
    return ", ".join(move_label(node) for node in moves)


def line_length(node: Node) -> int:
    """How many moves a variation starting at ``node`` has along its own main line."""
    count = 1
    after = node.continuation
    while after is not None:
        count += 1
        after = after.continuation
    return count


def choice_text(choices: list[Node], index: int) -> str:
    """``5. b2-c3 (variation 1, 2 of 3)``: one of the moves at a branch."""
    kind = "the main line" if index == 0 else f"variation {index}"
    return f"{move_label(choices[index])} ({kind}, {index + 1} of {len(choices)})"


@dataclass(frozen=True)
class VariationChoice:
    """What choosing a variation did: ``moved`` to another move, or only chose the line
    ``redo`` takes from here; ``text`` names the choice (empty: there was none to make)."""

    moved: bool
    text: str


class ReviewGame:
    """The controller of a game under review (see the module's docstring)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        #: Once known: whether review shows everything, and the seat whose view it shows.
        self._sight: tuple[bool, int | None] | None = None

    # -- what review shows ----------------------------------------------------------------------

    def sight(self) -> tuple[bool, int | None]:
        """``(everything, seat)``: fixed when review first shows the game, so promoting an
        unfinished variation of a finished game hides nothing that was already shown."""
        if self._sight is None:
            record = self.record
            mainline = record.mainline()
            end = mainline[-1].state if mainline else record.root.state
            if record.game.outcome(end) is not None:
                self._sight = (True, None)
            else:
                self._sight = (False, record.game.to_move(end))
        return self._sight

    def state(self) -> State:
        """The current position as the person reviewing may see it."""
        record = self.record
        everything, seat = self.sight()
        return record.state if everything else record.game.view(record.state, seat)

    def trial_refusal(self) -> str:
        """Why no move may be tried in this position ("" when one may)."""
        everything, seat = self.sight()
        if everything:
            return ""
        state = self.record.state
        return "" if self.record.game.view(state, seat) == state else HIDDEN_REFUSAL

    # -- walking --------------------------------------------------------------------------------

    def to_start(self) -> bool:
        """Go to the start position; false if already there."""
        record = self.record
        if record.current is record.root:
            return False
        record.goto(record.root)
        return True

    def to_end(self) -> bool:
        """Go to the end of the line ``redo`` follows; false if already there."""
        record = self.record
        end = line_end(record.current)
        if end is record.current:
            return False
        record.goto(end)
        return True

    def variation(self, delta: int) -> VariationChoice:
        """At a branch, choose the line: the next move's choices if there are several,
        otherwise the other moves played instead of the current one."""
        node = self.record.current
        if len(node.children) > 1:
            choices = node.children
            index = (min(node.redo_index, len(choices) - 1) + delta) % len(choices)
            node.redo_index = index
            return VariationChoice(False, choice_text(choices, index))
        parent = node.parent
        if parent is None or len(parent.children) < 2:
            return VariationChoice(False, "")
        siblings = parent.children
        index = (siblings.index(node) + delta) % len(siblings)
        self.record.goto(siblings[index])
        return VariationChoice(True, choice_text(siblings, index))

    # -- editing the tree -----------------------------------------------------------------------

    def promote(self) -> str:
        """Make the line through the current move the main line; the label of the move it
        starts from, or "" if it is the main line already."""
        node = self.record.current
        if node.is_mainline():
            return ""
        start = variation_start(node)
        self.record.promote(node)
        return move_label(start) if start else move_label(node)

    def deletable(self) -> Node | None:
        """The first move of the variation the current move is in (``None`` on the main
        line, which cannot be deleted)."""
        return variation_start(self.record.current)

    def delete(self, start: Node) -> None:
        """Delete the variation starting at ``start``, with what branches off it."""
        self.record.delete(start)

    def play_on(self, games: GameLookup) -> GameRecord:
        """A new game from the current position: a copy of this one (its moves, players,
        seats and options) whose main line is the line that leads here, the moves after it
        kept as a variation, undated until it is first kept. Raises ``SaveError``,
        ``PawnshopError`` or ``ValueError`` if the game cannot be copied."""
        new = loads(dumps(self.record), games=games)
        for tag in ("Date", "Time"):
            new.tags.pop(tag, None)
        here = new.current
        if here is not new.root:
            new.promote(here)
        new.goto(here, main=True)
        return new

    def play_line(self, moves: list[str]) -> list[Node]:
        """Play ``moves`` (in notation) from the current position as a variation, as far as
        each is legal, and come back: the moves played (stepping forward follows them)."""
        record = self.record
        start = record.current
        played: list[Node] = []
        for text in moves:
            try:
                move = record.game.parse_move(record.state, text)
                played.append(record.play(move, checked=True))
            except PawnshopError:
                break
        record.goto(start)
        return played
