"""The computer's analysis of a whole game, run in a process of its own.

``core.analysis.analyse_game`` searches every position of a main line, seconds each: pure
Python that would freeze the interface on the event loop and hold up a computer seat's move
in the search pool (``tui.play.computer``). ``AnalysisRun`` starts one ``spawn`` process for
the game, handed the game's save text; the process reports each move it judged on a queue, as
a ``JudgedMove`` (plain data: the mover's win chance after the move, its NAGs and the best line
in notation from the position before it), and ends with ``None``. ``stop()`` raises a shared
event that also ends the search under way; the moves reported so far stay judged, and the next
run skips them (``analyse_game`` judges only moves without an evaluation).
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import sys
from dataclasses import dataclass
from typing import Any

from core.analysis import analyse_game
from core.record import GameRecord, Node
from saves.format import dumps, loads
from tui.play.computer import start_resource_tracker

#: How long ``close`` waits for the process to end before ending it by force.
EXIT_SECONDS = 2.0
#: How long ``next_report`` reads on once the process has ended: what it sent before it ended
#: is already in the pipe, so this is only a bound.
DRAIN_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class JudgedMove:
    """One main-line move judged: the ``index``-th move of the main line (0 is the first)."""

    index: int
    #: The move's notation, to tell whether the main line still holds it.
    notation: str
    evaluation: float
    nags: tuple[int, ...]
    #: The best move and the moves expected after it, from the position before this move.
    best_line: tuple[str, ...]
    done: int
    total: int


def _analyse(text: str, level: str, seconds: float | None, reports: Any, stop: Any) -> None:
    """In the analysis process: judge the game of save ``text``, reporting each move."""
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    sys.stderr = sys.stdout
    try:
        record = loads(text)
        for progress in analyse_game(record, level, seconds, stop=stop):
            judged = progress.move
            evaluation = judged.node.evaluation
            assert evaluation is not None
            index = judged.node.ply - 1
            line = judged.best.best_line_text
            done, total = progress.done, progress.total
            notation = judged.node.notation
            reports.put(
                JudgedMove(index, notation, evaluation, judged.node.nags, line, done, total)
            )
    finally:
        reports.put(None)


class AnalysisRun:
    """One analysis of a record's main line under way in a process of its own."""

    def __init__(self, record: GameRecord, level: str = "normal", seconds: float | None = None):
        context = multiprocessing.get_context("spawn")
        start_resource_tracker()  # the queue and the event are shared through it
        self._reports: Any = context.Queue()
        self._stop = context.Event()
        self._process = context.Process(
            target=_analyse,
            args=(dumps(record), level, seconds, self._reports, self._stop),
            daemon=True,
        )
        self.finished = False

    def start(self) -> None:
        """Start the process (tens of milliseconds: call it off the event loop)."""
        self._process.start()

    def stop(self) -> None:
        """Stop the analysis: the search under way ends and its move is left unjudged."""
        self._stop.set()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def next_report(self, timeout: float) -> JudgedMove | bool | None:
        """The next move judged; ``None`` once the analysis has ended (finished, stopped or
        failed); ``False`` when nothing came within ``timeout`` seconds."""
        if self.finished:
            return None
        try:
            report: JudgedMove | None = self._reports.get(timeout=timeout)
        except queue.Empty:
            if self._process.is_alive() or self._process.exitcode is None:
                return False
            # It ended after the wait ran out: whatever it sent before ending is in the pipe
            # by now (its last moves and the ``None`` that ends them), so read on once.
            try:
                report = self._reports.get(timeout=DRAIN_SECONDS)
            except queue.Empty:
                report = None  # the process died without a word
        if report is None:
            self.finished = True
        return report

    def close(self) -> None:
        """Stop the process and wait for it to be gone."""
        self.stop()
        if self._process.pid is None:
            return
        self._process.join(EXIT_SECONDS)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(EXIT_SECONDS)


def apply_judged(mainline: list[Node], judged: JudgedMove) -> Node | None:
    """Write ``judged`` onto its node of ``mainline``; the node, or ``None`` if the main line
    no longer has that move."""
    if judged.index >= len(mainline) or mainline[judged.index].notation != judged.notation:
        return None
    node = mainline[judged.index]
    node.evaluation = judged.evaluation
    node.nags = judged.nags
    node.best_line = judged.best_line
    return node
