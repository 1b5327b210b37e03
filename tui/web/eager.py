"""Starting a coroutine at once, in the caller's own step, as Python 3.12's eager tasks do.

A browser session's output must leave when the session's driver flushes it, as an SSH
session's does, not when a sender task next gets the loop: the app's next callback (laying out
and drawing a new screen) may run first and hold the output back for tens of milliseconds.
aiohttp's ``send_bytes`` writes its frame to the transport in its first step and only then
may wait (for a full transport to drain), so ``start_eagerly`` runs that first step here and
leaves the rest, if any, to a task.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


def start_eagerly(coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None] | None:
    """Run ``coroutine`` up to its first wait now: ``None`` if it finished there, else the
    task that finishes it. What it raises in that first step is raised here."""
    try:
        awaited = coroutine.send(None)
    except StopIteration:
        return None
    if getattr(awaited, "_asyncio_future_blocking", False):
        # The future's own mark that a task now waits for it, which a task clears when it
        # takes the future over; the task below awaits it anew.
        awaited._asyncio_future_blocking = False
    return asyncio.get_running_loop().create_task(_resume(coroutine, awaited))


async def _resume(coroutine: Coroutine[Any, Any, None], awaited: Any) -> None:
    """Go on with ``coroutine``, which waits for ``awaited`` (the future it yielded, or
    ``None`` for one turn of the loop), as a task steps a coroutine: it is resumed once that
    is done, or hears of its failure or of the task being cancelled."""
    while True:
        try:
            if awaited is None:
                await asyncio.sleep(0)
            else:
                await awaited
        except BaseException as error:  # the coroutine decides what a failure means
            try:
                awaited = coroutine.throw(error)
            except StopIteration:
                return
        else:
            try:
                awaited = coroutine.send(None)
            except StopIteration:
                return
        if getattr(awaited, "_asyncio_future_blocking", False):
            awaited._asyncio_future_blocking = False
