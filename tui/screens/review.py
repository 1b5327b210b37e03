"""Review mode of the board screen: stepping through a game, choosing and editing variations,
comments, and starting a new game from any position.

``ReviewMode`` is mixed into ``BoardScreen``; its keys (``REVIEW_BINDINGS``) come first in the
screen's bindings and are active only while the screen reviews (``check_action``), so the
same arrows move the board's cursor in a live game and step through moves in review. In
review the cursor moves with Shift and the arrows, and moves can still be typed after ``:``.

What review shows: a finished game everything; an unfinished one only what the reviewing
seat could see (``game.view``), and no move can be tried where that would uncover more. The
reviewing seat is the one to move at the end of the main line, the player who would carry on.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.binding import Binding

from core.errors import PawnshopError
from core.game import State
from core.record import Node
from saves.errors import SaveError
from saves.format import dumps, loads
from tui.host import host
from tui.screens.comment import CommentScreen
from tui.screens.resume import ResumeScreen
from tui.screens.save_as import SaveAsScreen

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen

REVIEW_BINDINGS = [
    Binding("left,h", "step(-1)", "Back a move", show=False, id="review.back"),
    Binding("right,l", "step(1)", "Forward a move", show=False, id="review.forward"),
    Binding("home,0", "to_start", "To the start", show=False, id="review.start"),
    Binding("end,dollar_sign", "to_end", "To the end", show=False, id="review.end"),
    Binding("up,k", "variation(-1)", "Previous variation", show=False, id="review.previous"),
    Binding("down,j", "variation(1)", "Next variation", show=False, id="review.next"),
    Binding("shift+up", "review_cursor(0,1)", "Cursor up", show=False, id="review.cursor.up"),
    Binding(
        "shift+down", "review_cursor(0,-1)", "Cursor down", show=False, id="review.cursor.down"
    ),
    Binding(
        "shift+left", "review_cursor(-1,0)", "Cursor left", show=False, id="review.cursor.left"
    ),
    Binding(
        "shift+right", "review_cursor(1,0)", "Cursor right", show=False, id="review.cursor.right"
    ),
    Binding("c", "comment", "Comment", show=False, id="review.comment"),
    Binding("plus", "promote", "Promote to main line", show=False, id="review.promote"),
    Binding("minus,delete", "delete_variation", "Delete variation", show=False, id="review.delete"),
    Binding("n", "continue_here", "New game from here", show=False, id="review.continue"),
    Binding("tab", "focus_log", "To the move log", show=False, id="review.log"),
]

#: The actions above, active only in review; the board's ctrl+s and S save through
#: ``save_review`` there.
REVIEW_ACTIONS = frozenset(
    {
        "step",
        "review_cursor",
        "focus_log",
        "to_start",
        "to_end",
        "variation",
        "comment",
        "promote",
        "delete_variation",
        "continue_here",
    }
)

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


def line_length(node: Node) -> int:
    """How many moves a variation starting at ``node`` has along its own main line."""
    count = 1
    after = node.continuation
    while after is not None:
        count += 1
        after = after.continuation
    return count


class ReviewMode:
    """The review half of the board screen (see the module's docstring)."""

    #: The file the game was opened from, if any: saving under its name replaces it.
    source: Path | None = None
    #: Once known: whether review shows everything, and the seat whose view it shows.
    _sight: tuple[bool, int | None] | None = None

    def check_action(self: BoardScreen, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in REVIEW_ACTIONS:
            return self.reviewing
        return super().check_action(action, parameters)  # type: ignore[misc]

    # -- what the screen shows ------------------------------------------------------------------

    def review_sight(self: BoardScreen) -> tuple[bool, int | None]:
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

    def review_state(self: BoardScreen) -> State:
        """The current position as the person reviewing may see it."""
        record = self.record
        everything, seat = self.review_sight()
        return record.state if everything else record.game.view(record.state, seat)

    def review_hint(self: BoardScreen) -> str:
        """What the status line says in review when nothing else needs saying."""
        return "← → step  ↑ ↓ variations  c comment  + promote  - delete  n play on  ? keys"

    def trial_refusal(self: BoardScreen) -> str:
        """Why no move may be tried in this position ("" when one may)."""
        if not self.reviewing or self.review_sight()[0]:
            return ""
        state = self.record.state
        if self.game.view(state, self.review_sight()[1]) == state:
            return ""
        return HIDDEN_REFUSAL

    # -- stepping ---------------------------------------------------------------------------------

    def action_step(self: BoardScreen, delta: int) -> None:
        if delta < 0:
            self._after_walk(self.record.undo(), "this is the start of the game")
        else:
            self._after_walk(self.record.redo(), "this is the end of the line")

    def action_to_start(self: BoardScreen) -> None:
        record = self.record
        if record.current is record.root:
            self.say("this is already the start", error=True)
            return
        record.goto(record.root)
        self._position_changed()

    def action_to_end(self: BoardScreen) -> None:
        record = self.record
        end = line_end(record.current)
        if end is record.current:
            self.say("this is already the end of the line", error=True)
            return
        record.goto(end)
        self._position_changed()

    def action_variation(self: BoardScreen, delta: int) -> None:
        """At a branch, choose the line: the next move's choices if there are several,
        otherwise the other moves played instead of the current one."""
        node = self.record.current
        if len(node.children) > 1:
            choices = node.children
            index = (min(node.redo_index, len(choices) - 1) + delta) % len(choices)
            node.redo_index = index
            self.refresh_view()
            self.say(f"→ goes to {self._choice_text(choices, index)}")
            return
        parent = node.parent
        if parent is None or len(parent.children) < 2:
            self.say("there is no variation here", error=True)
            return
        siblings = parent.children
        index = (siblings.index(node) + delta) % len(siblings)
        self.record.goto(siblings[index])
        self._position_changed(f"now on {self._choice_text(siblings, index)}")

    @staticmethod
    def _choice_text(choices: list[Node], index: int) -> str:
        kind = "the main line" if index == 0 else f"variation {index}"
        return f"{move_label(choices[index])} ({kind}, {index + 1} of {len(choices)})"

    def action_review_cursor(self: BoardScreen, right: int, up: int) -> None:
        self.action_cursor(right, up)

    def action_focus_log(self: BoardScreen) -> None:
        """The log takes the keys: ↑ ↓ pick a row, Enter goes there, Esc or Tab come back."""
        self.query_one("#move-log").focus()

    # -- editing the tree -----------------------------------------------------------------------

    def action_comment(self: BoardScreen) -> None:
        node = self.record.current

        def commented(text: str | None) -> None:
            if text is None or text == node.comment:
                self.say("comment unchanged")
                return
            node.comment = text
            self.refresh_view()
            done = "kept" if text else "removed"
            self.say(f"comment {done}: ctrl+s saves the game with it")

        self.app.push_screen(CommentScreen(move_label(node), node.comment), commented)

    def action_promote(self: BoardScreen) -> None:
        node = self.record.current
        if node.is_mainline():
            self.say("this move is already on the main line", error=True)
            return
        start = variation_start(node)
        self.record.promote(node)
        self.refresh_view()
        label = move_label(start) if start else move_label(node)
        self.say(f"the line from {label} is now the main line")

    def action_delete_variation(self: BoardScreen) -> None:
        start = variation_start(self.record.current)
        if start is None:
            self.say(
                "only a variation can be deleted, not the main line (+ promotes one)", error=True
            )
            return
        moves = line_length(start)
        question = (
            f"Delete the variation {move_label(start)} "
            f"({moves} move{'' if moves == 1 else 's'}, with what branches off it)?"
        )

        def answered(yes: bool | None) -> None:
            if not yes:
                self.say("nothing deleted")
                return
            self.record.delete(start)
            self._position_changed(f"the variation {move_label(start)} is deleted")

        self.app.push_screen(ResumeScreen(question, default=False), answered)

    # -- leaving review -------------------------------------------------------------------------

    def action_continue_here(self: BoardScreen) -> None:
        """A new live game from the current position: a copy of this one (its moves, players,
        seats and options) whose main line is the line that leads here, the moves after it
        kept as a variation. It is kept in an autosave of its own from the start; the file
        this game came from is left as it is."""
        app = host(self)
        if self.record.outcome() is not None:
            self.say("the game is over here: there is nothing to play on", error=True)
            return
        try:
            new = loads(dumps(self.record), games=app.storage.games)
        except (SaveError, PawnshopError, ValueError) as error:
            self.say(f"cannot play on from here: {error}", error=True)
            return
        for tag in ("Date", "Time"):  # a new game, dated when it is first kept
            new.tags.pop(tag, None)
        here = new.current
        if here is not new.root:
            new.promote(here)
        new.goto(here, main=True)
        app.open_board(new, keep_now=True)

    def save_review(self: BoardScreen, *, in_place: bool) -> None:
        """Save the game being reviewed. With ``in_place``, a game opened from a library file
        is written over that file at once; otherwise the player names the file (under its
        own name, that file is replaced). No autosave is touched."""
        storage, record, source = host(self).storage, self.record, self.source
        if in_place and source is not None and storage.in_library(source):
            try:
                path = storage.save_reviewed(record, source.stem, source)
            except SaveError as error:
                self.say(str(error), error=True)
                return
            self._review_saved(path, verb="saved in")
            return
        suggestion = source.stem if source is not None else storage.suggested_name(record)

        def save(name: str) -> Path:
            return storage.save_reviewed(record, name, source)

        hint = "Enter saves (its own name replaces the file) · Esc cancels"
        self.app.push_screen(SaveAsScreen(suggestion, save, hint=hint), self._review_saved)

    def _review_saved(self: BoardScreen, path: Path | None, verb: str = "saved as") -> None:
        if path is None:
            self.say("not saved")
            return
        self.source = path
        self.say(f"{verb} {path.name}")
