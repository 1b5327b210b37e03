"""Review mode of the board screen: stepping through a game, choosing and editing variations,
comments, and starting a new game from any position.

``Review`` is a part the board screen holds (``screen.review``); its keys (``REVIEW_BINDINGS``)
come first in the screen's bindings, each running ``review(name)``, which the screen hands
to ``Review.act`` and allows only while it reviews, so the same arrows move the board's cursor
in a live game and step through moves in review. In
review the cursor moves with Shift and the arrows, and moves can still be typed after ``:``.

What review shows: a finished game everything; an unfinished one only what the reviewing
seat could see (``game.view``), and no move can be tried where that would uncover more. The
reviewing seat is the one to move at the end of the main line, the player who would carry on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.binding import Binding

from core.errors import PawnshopError
from core.game import State
from core.record import GameRecord
from saves.errors import SaveError
from saves.format import dumps
from tui.host import host
from tui.play.review_game import ReviewGame, line_length, move_label
from tui.screens.comment import CommentScreen
from tui.screens.downloads import NOT_SENT, browser_download, sent_sentence
from tui.screens.resume import ResumeScreen
from tui.screens.review_analysis import ReviewAnalysis
from tui.screens.save_as import SaveAsScreen

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen

REVIEW_BINDINGS = [
    Binding("left,h", "review('back')", "Back a move", show=False, id="review.back"),
    Binding("right,l", "review('forward')", "Forward a move", show=False, id="review.forward"),
    Binding("home,0", "review('start')", "To the start", show=False, id="review.start"),
    Binding("end,dollar_sign", "review('end')", "To the end", show=False, id="review.end"),
    Binding("up,k", "review('previous')", "Previous variation", show=False, id="review.previous"),
    Binding("down,j", "review('next')", "Next variation", show=False, id="review.next"),
    Binding("shift+up", "review('cursor_up')", "Cursor up", show=False, id="review.cursor.up"),
    Binding(
        "shift+down", "review('cursor_down')", "Cursor down", show=False, id="review.cursor.down"
    ),
    Binding(
        "shift+left", "review('cursor_left')", "Cursor left", show=False, id="review.cursor.left"
    ),
    Binding(
        "shift+right",
        "review('cursor_right')",
        "Cursor right",
        show=False,
        id="review.cursor.right",
    ),
    Binding("c", "review('comment')", "Comment", show=False, id="review.comment"),
    Binding("plus", "review('promote')", "Promote to main line", show=False, id="review.promote"),
    Binding(
        "minus,delete",
        "review('delete')",
        "Delete variation",
        show=False,
        id="review.delete",
    ),
    Binding("o", "review('continue')", "Play on from here", show=False, id="review.continue"),
    Binding("tab", "review('log')", "To the move log", show=False, id="review.log"),
    Binding(
        "A",
        "review('analyse')",
        "Analyse (?! ? ??: win chance down 10, 20, 30 points)",
        show=False,
        id="review.analyse",
    ),
    Binding("escape", "review('escape')", "Stop the analysis", show=False, id="review.stop"),
    Binding(
        "n,right_square_bracket",
        "review('next_mistake')",
        "Next mistake",
        show=False,
        id="review.mistake.next",
    ),
    Binding(
        "N,left_square_bracket",
        "review('previous_mistake')",
        "Previous mistake",
        show=False,
        id="review.mistake.previous",
    ),
    Binding("B", "review('best_line')", "Play the best line", show=False, id="review.best"),
    Binding("L", "review('learn')", "Learn from mistakes", show=False, id="review.learn"),
]


class Review:
    """The review part of the board screen (see the module's docstring)."""

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen
        #: Carries out the walks and edits on the record.
        self.game = ReviewGame(screen.record)
        #: The computer's analysis of the game: running it and showing it.
        self.analysis = ReviewAnalysis(screen)
        #: What each review binding's ``review(name, ...)`` runs.
        self.actions: dict[str, Callable[[], None]] = {
            "back": lambda: self.step(-1),
            "forward": lambda: self.step(1),
            "start": self.to_start,
            "end": self.to_end,
            "previous": lambda: self.variation(-1),
            "next": lambda: self.variation(1),
            "cursor_up": lambda: screen.action_cursor(0, 1),
            "cursor_down": lambda: screen.action_cursor(0, -1),
            "cursor_left": lambda: screen.action_cursor(-1, 0),
            "cursor_right": lambda: screen.action_cursor(1, 0),
            "comment": self.comment,
            "promote": self.promote,
            "delete": self.delete_variation,
            "continue": self.continue_here,
            "log": self.focus_log,
            "analyse": self.analysis.toggle,
            "escape": self.escape,
            "next_mistake": lambda: self.analysis.jump(1),
            "previous_mistake": lambda: self.analysis.jump(-1),
            "best_line": self.analysis.play_best,
            "learn": self.analysis.puzzles.next,
        }

    @property
    def record(self) -> GameRecord:
        return self.screen.record

    def act(self, name: str) -> None:
        """Run the review action ``name``: one of ``actions``, named as its binding's id."""
        self.actions[name]()

    # -- what the screen shows ------------------------------------------------------------------

    def state(self) -> State:
        """The current position as the person reviewing may see it."""
        return self.game.state()

    def hint(self) -> str:
        """What the status line says in review when nothing else needs saying: the current
        move's analysis, if it has one."""
        return self.analysis.describe() or (
            "← → step  ↑ ↓ variations  c comment  + promote  - delete  o play on  ? keys"
        )

    def trial_refusal(self) -> str:
        """Why no move may be tried in this position ("" when one may)."""
        return self.game.trial_refusal() if self.screen.reviewing else ""

    # -- stepping ---------------------------------------------------------------------------------

    def step(self, delta: int) -> None:
        if delta < 0:
            self.screen.walks.after_walk(self.record.undo(), "this is the start of the game")
        else:
            self.screen.walks.after_walk(self.record.redo(), "this is the end of the line")

    def to_start(self) -> None:
        if self.game.to_start():
            self.screen.position_changed()
        else:
            self.screen.say("this is already the start", error=True)

    def to_end(self) -> None:
        if self.game.to_end():
            self.screen.position_changed()
        else:
            self.screen.say("this is already the end of the line", error=True)

    def variation(self, delta: int) -> None:
        """At a branch, choose the line (see ``ReviewGame.variation``)."""
        screen = self.screen
        choice = self.game.variation(delta)
        if not choice.text:
            screen.say("there is no variation here", error=True)
        elif choice.moved:
            screen.position_changed(f"now on {choice.text}")
        else:
            screen.refresh_view()
            screen.say(f"→ goes to {choice.text}")

    def escape(self) -> None:
        """``Esc`` stops the analysis under way, and otherwise does what it does on the board."""
        if self.analysis.running:
            self.analysis.stop()
        else:
            self.screen.action_cancel()

    def focus_log(self) -> None:
        """The log takes the keys: ↑ ↓ pick a row, Enter goes there, Esc or Tab come back."""
        self.screen.query_one("#move-log").focus()

    # -- editing the tree -----------------------------------------------------------------------

    def comment(self) -> None:
        screen = self.screen
        node = self.record.current

        def commented(text: str | None) -> None:
            if text is None or text == node.comment:
                screen.say("comment unchanged")
                return
            node.comment = text
            screen.refresh_view()
            done = "kept" if text else "removed"
            screen.say(f"comment {done}: ctrl+s saves the game with it")

        screen.app.push_screen(CommentScreen(move_label(node), node.comment), commented)

    def promote(self) -> None:
        label = self.game.promote()
        if not label:
            self.screen.say("this move is already on the main line", error=True)
            return
        self.screen.refresh_view()
        self.screen.say(f"the line from {label} is now the main line")

    def delete_variation(self) -> None:
        screen = self.screen
        start = self.game.deletable()
        if start is None:
            screen.say(
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
                screen.say("nothing deleted")
                return
            self.game.delete(start)
            screen.position_changed(f"the variation {move_label(start)} is deleted")

        screen.app.push_screen(ResumeScreen(question, default=False), answered)

    # -- leaving review -------------------------------------------------------------------------

    def continue_here(self) -> None:
        """A new live game from the current position: a copy of this one (its moves, players,
        seats and options) whose main line is the line that leads here, the moves after it
        kept as a variation. It is kept in an autosave of its own from the start; the file
        this game came from is left as it is."""
        screen = self.screen
        app = host(screen)
        if self.record.outcome() is not None:
            screen.say("the game is over here: there is nothing to play on", error=True)
            return
        try:
            new = self.game.play_on(app.storage.games)
        except (SaveError, PawnshopError, ValueError) as error:
            screen.say(f"cannot play on from here: {error}", error=True)
            return
        app.open_board(new, keep_now=True)

    def save(self, *, in_place: bool) -> None:
        """Save the game being reviewed. With ``in_place``, a game opened from a library file
        is written over that file at once; otherwise the player names the file (under its
        own name, that file is replaced). No autosave is touched. In a browser the game goes
        to the player as a download instead (``tui.screens.downloads``)."""
        screen = self.screen
        storage, record, source = host(screen).storage, self.record, screen.source
        download = browser_download(screen.app)
        if download is not None:
            name = source.stem if source is not None else storage.suggested_name(record)
            sent = download(name, dumps(record).encode("utf-8"))
            screen.say(sent_sentence("The game") if sent else NOT_SENT, error=not sent)
            return
        if in_place and source is not None and storage.in_library(source):
            try:
                path = storage.save_reviewed(record, source.stem, source)
            except SaveError as error:
                screen.say(str(error), error=True)
                return
            self._saved(path, verb="saved in")
            return
        suggestion = source.stem if source is not None else storage.suggested_name(record)

        def save(name: str) -> Path:
            return storage.save_reviewed(record, name, source)

        hint = "Enter saves (its own name replaces the file) · Esc cancels"
        screen.app.push_screen(SaveAsScreen(suggestion, save, hint=hint), self._saved)

    def _saved(self, path: Path | None, verb: str = "saved as") -> None:
        if path is None:
            self.screen.say("not saved")
            return
        self.screen.source = path
        self.screen.say(f"{verb} {path.name}")
