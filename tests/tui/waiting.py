"""Waiting in tests for a condition to hold, with a deadline, instead of for a fixed time.

A test that sleeps a fixed time and then asserts is slow when the machine is idle and fails
when it is busy. These poll the condition every few milliseconds and go on the moment it
holds; when the deadline passes first they fail with a sentence naming what was awaited.
The deadline is only a bound for a test that would otherwise hang: it is never what a test
measures.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator

#: Seconds between two looks at the condition.
POLL = 0.005
#: Seconds before giving up, by default: far beyond what anything awaited here takes.
TIMEOUT = 5.0


def _looks(timeout: float, what: str) -> Iterator[None]:
    """One turn per look at the condition until ``timeout`` seconds have passed, and one
    more after that (a loop kept busy elsewhere until the deadline still gets its look);
    then fail naming ``what``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        yield
    yield
    raise AssertionError(f"still waiting after {timeout:g} s for {what}")


async def wait_for(
    condition: Callable[[], object], timeout: float = TIMEOUT, what: str = "the condition"
) -> None:
    """Let the event loop run until ``condition()`` is true (an app under test runs on)."""
    for _ in _looks(timeout, what):
        if condition():
            return
        await asyncio.sleep(POLL)


def wait_for_in_thread(
    condition: Callable[[], object], timeout: float = TIMEOUT, what: str = "the condition"
) -> None:
    """Block this thread until ``condition()`` is true (for work done by other threads or
    processes, where there is no event loop to let run)."""
    for _ in _looks(timeout, what):
        if condition():
            return
        time.sleep(POLL)
