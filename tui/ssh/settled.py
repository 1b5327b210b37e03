"""Whether an app has finished handling the input it was given.

Textual hands a key to the focused widget when the app reads it from its queue, and the key
then travels from widget to widget before its binding runs; what the binding does (focusing the
move line, opening a screen) lands later still, through more messages. A terminal that sends
``:e2-e4`` in one packet would have every key routed before the ``:`` had opened the move
line, and the move would go to the board instead. So the SSH driver hands a burst of input over
one event at a time and waits, between two, until the app is settled: no message waits in any
queue of the app and every message loop is parked waiting for the next one.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App
from textual.message_pump import MessagePump


def app_is_settled(app: App[Any]) -> bool:
    """True when no message pump of ``app`` (the app, its screens, their widgets) has work."""
    if _is_busy(app):
        return False
    return not any(_is_busy(node) for node in list(app._registry))


def _is_busy(pump: MessagePump) -> bool:
    if pump._closing or pump._closed or not pump._running:
        # Not running (yet, or any more): nothing it holds can be handled by waiting.
        return False
    queue = pump._message_queue
    if not queue.empty() or pump._next_callbacks:
        return True
    # Parked: the message loop waits on its queue's event. Otherwise it is still handling a
    # message (or composing and mounting, before its loop starts).
    return not _has_live_waiter(queue.ready_event)


def _has_live_waiter(event: asyncio.Event) -> bool:
    waiters = getattr(event, "_waiters", None)
    return bool(waiters) and any(not waiter.done() for waiter in waiters)
