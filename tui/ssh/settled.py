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

from typing import Any

from textual.app import App
from textual.message_pump import MessagePump

from tui.textual_internals import app_nodes, pump_has_callbacks_due, pump_is_closing, pump_is_parked


def app_is_settled(app: App[Any]) -> bool:
    """True when no message pump of ``app`` (the app, its screens, their widgets) has work."""
    if _is_busy(app):
        return False
    return not any(_is_busy(node) for node in app_nodes(app))


def _is_busy(pump: MessagePump) -> bool:
    if pump_is_closing(pump) or not pump.is_running:
        # Not running (yet, or any more): nothing it holds can be handled by waiting.
        return False
    if pump.message_queue_size or pump_has_callbacks_due(pump):
        return True
    # Parked: the message loop waits for its next message. Otherwise it is still handling a
    # message (or composing and mounting, before its loop starts).
    return not pump_is_parked(pump)
