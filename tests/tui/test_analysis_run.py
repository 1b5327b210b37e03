"""The analysis process of review (``tui.play.analysis_run``): every move it judged reaches
the screen, even when the process ends the moment the reader stops waiting for it."""

from __future__ import annotations

import queue
from typing import Any

from review_helpers import MAIN
from tui_helpers import martian_record

from tui.play.analysis_run import AnalysisRun, JudgedMove

#: Bound on the process's run (it judges four moves at a twentieth of a second each).
PATIENCE = 60.0


class LateQueue:
    """The run's queue as a reader sees it when a wait runs out just before the process's
    last reports arrive: the first ``get`` lets the process finish, then says it is empty."""

    def __init__(self, reports: Any, process: Any) -> None:
        self.reports, self.process, self.first = reports, process, True

    def get(self, timeout: float) -> Any:
        if self.first:
            self.first = False
            self.process.join(PATIENCE)
            assert not self.process.is_alive(), "the analysis did not end"
            raise queue.Empty
        return self.reports.get(timeout=timeout)


def test_reports_sent_as_the_process_ended_are_all_read() -> None:
    run = AnalysisRun(martian_record(MAIN), "normal", 0.05)
    run.start()
    run._reports = LateQueue(run._reports, run._process)
    try:
        reports: list[JudgedMove] = []
        while (report := run.next_report(PATIENCE)) is not None:
            assert report is not False, "nothing came from the analysis"
            assert isinstance(report, JudgedMove)
            reports.append(report)
    finally:
        run.close()
    assert [report.notation for report in reports] == list(MAIN)
    assert all(report.best_line for report in reports)
