"""The computer's analysis in review: run it, show it, walk it.

``A`` in review starts the analysis of the game's main line (``tui.play.analysis_run``: a
process of its own, read on a worker thread, so nothing of it runs on the event loop); the
status line shows a progress bar, and ``Esc`` or ``A`` again stops it. Each move judged is
written onto the record at once, so a stopped analysis goes on where it stopped; when it ends
the game is saved: in place when it came from the library (as ``ctrl+s`` does), otherwise
beside the file it was opened from, as ``NAME-analysed.pawn`` (a file outside the library is
never written over), and a game with no file of its own (an unfinished game's autosave, whose
folder holds nothing else) waits for ``S``.

What it shows, for the current move: the mover's win chance after it in words, the verdict
on it (``?!`` an inaccuracy, ``?`` a mistake, ``??`` a blunder: a drop in the mover's chance
of 10, 20, 30 points), what was best instead and the best line from here, whose first move is
marked on the board as a hint; the evaluation graph (``tui.widgets.eval_graph``) under the
log. ``]`` and ``[`` go to the next and previous mistake of either side, ``B`` plays the best
line from here as a variation, ``L`` sets the mistakes as puzzles
(``tui.screens.review_puzzles``). The best line from a position is kept on the move
analysed from there (``Node.best_line``) and saved with it (``[%best ...]``), so a game
analysed before shows its lines, ``B`` and the puzzles as soon as it is opened.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from textual.worker import get_current_worker

from core.ai import plugin_for
from core.analysis import is_judged
from core.analysis_marks import BLUNDER, INACCURACY, MISTAKE, VERDICT_NAGS, VERDICT_SYMBOLS
from core.errors import PawnshopError
from core.game import Game
from core.record import Node
from saves.errors import SaveError
from saves.format import save
from tui.host import host
from tui.plain_text import plain
from tui.play.analysis_run import AnalysisRun, JudgedMove, apply_judged
from tui.screens.review_puzzles import MistakePuzzles
from tui.widgets.abandoned import start_abandoned
from tui.widgets.board import BoardWidget
from tui.widgets.eval_graph import EvalGraph

if TYPE_CHECKING:
    from tui.play.storage import Storage
    from tui.screens.board import BoardScreen

#: The verdicts in words.
VERDICT_WORDS = {INACCURACY: "an inaccuracy", MISTAKE: "a mistake", BLUNDER: "a blunder"}
#: Cells of the progress bar in the status line.
BAR_CELLS = 12
#: How long the reading thread waits for a report before looking whether it should stop.
POLL_SECONDS = 0.2


def verdict_of(node: Node) -> int | None:
    """The verdict NAG among ``node``'s, if any."""
    return next((nag for nag in node.nags if nag in VERDICT_NAGS), None)


def progress_bar(done: int, total: int) -> str:
    """``███░░░░░░░░░``: in ASCII ``###:::::::::`` (``tui.ascii.glyphs``)."""
    filled = BAR_CELLS * done // max(1, total)
    return "█" * filled + "░" * (BAR_CELLS - filled)


def first_side_chance(game: Game, node: Node, seats: int) -> float | None:
    """The first seat's side's win chance after ``node``'s move: the mover's if they play
    for the same side, the rest against one other side; ``None`` among more sides (or for a
    move not judged)."""
    if node.evaluation is None or node.parent is None:
        return None
    plugin = plugin_for(game)
    before = node.parent.state
    mover = game.to_move(before)
    if mover in plugin.allies(before, 0):
        return node.evaluation
    sides = {plugin.allies(before, seat) for seat in range(seats)}
    return 1.0 - node.evaluation if len(sides) == 2 else None


class ReviewAnalysis:
    """The analysis part of the board screen in review (see the module's docstring)."""

    #: Seconds of thought a position (``None``: the level's own).
    SECONDS: float | None = None
    LEVEL = "normal"

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen
        self.run: AnalysisRun | None = None
        #: Its mistakes as puzzles (``L``).
        self.puzzles = MistakePuzzles(self)
        screen.call_later(self.show_once_mounted)

    @property
    def running(self) -> bool:
        return self.run is not None

    def analysed(self) -> bool:
        return any(node.evaluation is not None for node in self.screen.record.mainline())

    # -- running --------------------------------------------------------------------------------

    def toggle(self) -> None:
        if self.run is not None:
            self.stop()
            return
        screen = self.screen
        record = screen.record
        if not record.mainline():
            screen.say("there are no moves to analyse", error=True)
            return
        if all(is_judged(node) for node in record.mainline()):
            screen.say("every move is already analysed")
            return
        self.run = run = AnalysisRun(record, self.LEVEL, self.SECONDS)
        self._show_graph()
        screen.say(f"analysing {progress_bar(0, 1)} starting · A or Esc stops")
        storage = host(screen).storage
        screen.run_worker(lambda: self._read(run, storage), thread=True, group="analysis")

    def stop(self) -> None:
        if self.run is not None:
            self.run.stop()
            self.screen.say("stopping the analysis…")

    def _read(self, run: AnalysisRun, storage: Storage) -> None:
        """On a worker thread: start the process (off the event loop: it takes tens of
        milliseconds), then hand each report to the screen until the run ends. If the screen
        goes meanwhile (the app quits), the analysis stops and what it judged is written onto
        the record and saved here: nothing else holds the record then."""
        app, worker = self.screen.app, get_current_worker()
        gone = False
        try:
            run.start()
        except OSError as error:
            run.finished = True
            with contextlib.suppress(RuntimeError):  # the app has stopped
                app.call_from_thread(self._failed, run, f"the analysis could not start: {error}")
            return
        while True:
            if worker.is_cancelled:
                gone = True
                run.stop()
            report = run.next_report(POLL_SECONDS)
            if report is False:
                continue
            if report is None or isinstance(report, bool):
                break
            if not gone:
                try:
                    app.call_from_thread(self._judged, report)
                    continue
                except RuntimeError:  # the app has stopped
                    gone = True
                    run.stop()
            apply_judged(self.screen.record.mainline(), report)
        run.close()
        if gone or worker.is_cancelled:
            self._keep(storage)
            return
        app.call_from_thread(self._ended, run)

    def _judged(self, judged: JudgedMove) -> None:
        screen = self.screen
        apply_judged(screen.record.mainline(), judged)
        screen.log_shown = None  # the verdicts show in the log
        screen.refresh_view()
        self.refresh()
        bar = progress_bar(judged.done, judged.total)
        screen.say(f"analysing {bar} {judged.done} of {judged.total} · A or Esc stops")

    def _failed(self, run: AnalysisRun, why: str) -> None:
        if self.run is run:
            self.run = None
            self.screen.say(why, error=True)

    def _ended(self, run: AnalysisRun) -> None:
        if self.run is not run:
            return
        self.run = None
        screen = self.screen
        left = sum(not is_judged(node) for node in screen.record.mainline())
        done = "analysis stopped" if left else "analysis done"
        screen.say(f"{done}: {self._keep(host(screen).storage)}")

    def _keep(self, storage: Storage) -> str:
        """Save the analysis with the game; what became of it, in words."""
        screen = self.screen
        record, source = screen.record, screen.source
        try:
            if source is not None and storage.in_library(source):
                storage.save_reviewed(record, source.stem, source)
                return f"saved in {source.name}"
            if source is not None and not storage.is_autosave(source):
                beside = source.with_name(f"{source.stem}-analysed.pawn")
                path: Path = save(record, beside, games=storage.games)
                return f"saved beside the file as {path.name}"
        except (SaveError, OSError) as error:
            return f"not saved: {error}"
        return "S saves the game with it"

    def close(self) -> None:
        """The screen goes: stop the analysis (its process ends with it)."""
        if self.run is not None:
            self.run.stop()

    # -- showing --------------------------------------------------------------------------------

    def show_once_mounted(self) -> None:
        """Show the graph of a game analysed before (once the screen is there), and follow
        the board from then on."""
        screen = self.screen
        if start_abandoned(screen):
            return
        if not screen.is_mounted:
            screen.call_after_refresh(self.show_once_mounted)
            return
        board = screen.query_one(BoardWidget)
        # The board's position changes with every step, and is drawn before the hint is.
        screen.watch(board, "view", lambda _: self.refresh(), init=False)
        self.refresh()

    def _show_graph(self) -> None:
        screen = self.screen
        if not screen.query(EvalGraph):
            graph = EvalGraph(self.go_to, id="eval-graph")
            graph.border_title = plain(f"{screen.record.seat_names[0]}'s win chance")
            screen.query_one("#board-side").mount(graph)
        self.refresh()

    def refresh(self) -> None:
        """Draw the graph and the best move's hint for the position shown."""
        screen = self.screen
        if not screen.reviewing:
            return
        if not screen.query(EvalGraph):
            if not self.analysed():
                return
            self._show_graph()
            return
        record = screen.record
        mainline = record.mainline()
        game = record.game
        seats = len(record.seat_names)
        points = [first_side_chance(game, node, seats) for node in mainline]
        mistakes = [verdict_of(node) is not None for node in mainline]
        current = next((i for i, node in enumerate(mainline) if node is record.current), -1)
        screen.query_one(EvalGraph).show(points, mistakes, current)
        best = self.best_line(record.current)
        shown = screen.computer_seats.shown_hint
        hidden = self.puzzles.on_show()  # the answer to the puzzle on show
        if best and not hidden and (shown is None or shown[0] is not record.current):
            try:
                move = game.parse_move(record.state, best[0])
            except PawnshopError:
                return
            screen.computer_seats.shown_hint = (record.current, move)  # drawn as a hint

    def best_line(self, node: Node) -> tuple[str, ...]:
        """The best line from ``node``'s position, if it is known and may be shown: in an
        unfinished game, whose review shows only what the reviewing seat sees, only where that
        seat is to move or nothing is hidden from it (another seat's line was found from what
        that seat knows)."""
        kept = next((child.best_line for child in node.children if child.best_line), ())
        if not kept:
            return ()
        everything, seat = self.screen.review.game.sight()
        game = self.screen.record.game
        to_move = game.to_move(node.state)
        if not everything and to_move != seat and game.view(node.state, seat) != node.state:
            return ()
        return kept

    def describe(self) -> str:
        """The current move judged, in words ("" if it is not analysed)."""
        puzzle = self.puzzles.describe()
        if puzzle:
            return puzzle
        record = self.screen.record
        node = record.current
        if node.parent is None or node.evaluation is None:
            return ""
        mover = record.seat_names[record.game.to_move(node.parent.state)]
        parts = [f"{node.ply}. {node.notation}"]
        nag = verdict_of(node)
        if nag is not None:
            instead = self.best_line(node.parent)
            better = f" ({instead[0]} was best)" if instead else ""
            parts[0] += f"{VERDICT_SYMBOLS[nag]} {VERDICT_WORDS[nag]}{better}"
        parts.append(f"{mover} {node.evaluation:.0%} to win")
        line = self.best_line(node)
        if line:
            parts.append("best: " + " ".join(line[:4]) + (" …" if len(line) > 4 else ""))
        return " · ".join(parts)

    # -- walking --------------------------------------------------------------------------------

    def jump(self, delta: int) -> None:
        """To the next (``delta`` 1) or previous (-1) mistake of the main line."""
        screen = self.screen
        record = screen.record
        mainline = record.mainline()
        marked = [i for i, node in enumerate(mainline) if verdict_of(node) is not None]
        if not marked:
            screen.say("no move is marked as a mistake (A analyses the game)", error=True)
            return
        here = next((i for i, node in enumerate(mainline) if node is record.current), -1)
        ahead = [i for i in marked if i > here] if delta > 0 else [i for i in marked if i < here]
        if not ahead:
            screen.say("no more mistakes that way", error=True)
            return
        record.goto(mainline[ahead[0] if delta > 0 else ahead[-1]])
        screen.position_changed()

    def go_to(self, index: int) -> None:
        """To the main line's move ``index`` (a click on the graph)."""
        screen = self.screen
        mainline = screen.record.mainline()
        if 0 <= index < len(mainline) and screen.reviewing:
            screen.record.goto(mainline[index])
            screen.position_changed()

    def play_best(self) -> None:
        """Play the best line from here as a variation."""
        screen = self.screen
        line = self.best_line(screen.record.current)
        if not line:
            screen.say("no best line is known here (A analyses the game)", error=True)
            return
        refusal = screen.review.trial_refusal()
        if refusal:
            screen.say(refusal, error=True)
            return
        played = screen.review.game.play_line(list(line))
        if not played:
            screen.say(f"the best line kept here, {line[0]}, is not a move here", error=True)
            return
        screen.position_changed(
            f"the best line, {len(played)} moves, is a variation from here: → steps through it"
        )
