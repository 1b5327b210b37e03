"""The server's garbage-collector policy: what ``pawnshop serve`` starts with is frozen, once,
and the apps of sessions that have ended are still collected."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import re
import weakref
from collections.abc import Iterator
from contextlib import AsyncExitStack
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from net_helpers import join, make_hall
from test_ssh_support import run_scenario, serving
from waiting import wait_for

from tui.net import serve
from tui.net.app import net_app_factory
from tui.net.collector import YOUNG_THRESHOLD, LongPassLog, settle_collector
from tui.ssh.session_info import SessionInfo

SESSIONS = 12


@pytest.fixture(autouse=True)
def collector_as_it_was() -> Iterator[None]:
    """Give the rest of the test run its collector back: nothing frozen, the old thresholds."""
    thresholds = gc.get_threshold()
    callbacks = list(gc.callbacks)
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.callbacks[:] = callbacks


def test_settling_freezes_what_is_alive_and_sets_the_young_threshold() -> None:
    kept = [object() for _ in range(10)]  # noqa: F841 - alive while the collector settles
    settle_collector(YOUNG_THRESHOLD + 1)
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD + 1


def test_pawnshop_serve_settles_the_collector_once_it_listens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve_here`` (each worker's server) settles the collector once its hall is up."""
    import tui.ssh

    seen: dict[str, Any] = {}

    def listening_at_once(config: Any, app_factory: Any, *, on_ready: Any, listening: Any) -> None:
        async def ready() -> None:
            on_ready(SimpleNamespace(log=logging.Logger("serve-test"), port=2222))
            seen["frozen"] = gc.get_freeze_count()
            seen["young"] = gc.get_threshold()[0]
            seen["long passes"] = [c for c in gc.callbacks if isinstance(c, LongPassLog)]

        asyncio.run(ready())

    monkeypatch.setattr(tui.ssh, "run", listening_at_once)
    gc.set_threshold(YOUNG_THRESHOLD + 5, 10, 10)
    args = argparse.Namespace(
        host="127.0.0.1",
        port=0,
        host_key=None,
        data_dir=str(tmp_path),
        max_sessions=10,
        idle_timeout=0.0,
        auth="none",
    )
    assert serve.serve_here(args, announce=lambda port: None) == 0
    assert seen["frozen"] > 0
    assert seen["young"] == YOUNG_THRESHOLD
    assert [watch.log.name for watch in seen["long passes"]] == ["serve-test"]


class Ticks:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_long_pass_of_the_collector_is_said_in_the_log_and_a_short_one_is_not(
    caplog: pytest.LogCaptureFixture,
) -> None:
    log = logging.getLogger("pawnshop.test-collector")
    long_pass = LongPassLog(log, longest=0.1, clock=Ticks(0.25), cpu_clock=Ticks(0.2))
    long_pass("start", {"generation": 2, "collected": 0, "uncollectable": 0})
    with caplog.at_level(logging.INFO, logger=log.name):
        long_pass("stop", {"generation": 2, "collected": 3456, "uncollectable": 0})
        short_pass = LongPassLog(log, longest=0.1, clock=Ticks(0.05), cpu_clock=Ticks(0.05))
        short_pass("start", {"generation": 0, "collected": 0, "uncollectable": 0})
        short_pass("stop", {"generation": 0, "collected": 7, "uncollectable": 0})
    assert [record.getMessage() for record in caplog.records] == [
        "the garbage collector held this process for 250 ms, 200 ms of it on the cpu "
        "(a pass of generation 2, 3456 objects freed)"
    ]


def test_settling_with_a_log_says_each_real_long_pass_there_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    log = logging.getLogger("pawnshop.test-collector")
    settle_collector(YOUNG_THRESHOLD, log=log)
    settle_collector(YOUNG_THRESHOLD, log=log)  # settling again keeps one watch, not two
    watches = [kept for kept in gc.callbacks if isinstance(kept, LongPassLog)]
    assert len(watches) == 1
    watches[0].longest = 0.0  # every pass is long enough to be said
    with caplog.at_level(logging.INFO, logger=log.name):
        gc.collect()
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 1 and "(a pass of generation 2, " in said[0], said
    assert re.search(r"held this process for \d+ ms, \d+ ms of it on the cpu \(", said[0]), said


def test_the_apps_of_ended_sessions_are_collected_after_the_collector_is_settled(
    tmp_path: Path,
) -> None:
    """Many sessions come and go on a server whose collector was settled at start: none of
    their apps is kept (nothing a session makes is frozen)."""

    async def scenario() -> list[weakref.ref[Any]]:
        hall = make_hall(tmp_path)
        build = net_app_factory(hall)
        apps: list[weakref.ref[Any]] = []

        def remembered(info: SessionInfo) -> Any:
            app = build(info)
            apps.append(weakref.ref(app))
            return app

        try:
            async with serving(tmp_path, remembered, idle_timeout=None) as server:
                hall.start()
                settle_collector()
                for number in range(SESSIONS):
                    async with AsyncExitStack() as stack:
                        await join(stack, server, f"visitor{number}")
                    await wait_for(lambda: server.session_count == 0, what="the session to end")
        finally:
            hall.close()
        return apps

    apps = run_scenario(scenario)
    assert len(apps) == SESSIONS
    gc.collect()
    assert [number for number, app in enumerate(apps) if app() is not None] == []
