"""Whether a widget starting up was abandoned: its session closed, or it was taken away,
before its ``on_mount`` ran.

A session whose connection drops closes its app at any moment, also between a screen's
children being composed and the screen's own ``Mount``: the handler then runs with its
children gone, and a query or a mount into them would fail and end the session with a
traceback. Each ``on_mount`` that reads its children asks this first and does nothing then.
"""

from __future__ import annotations

from textual.widget import Widget


def start_abandoned(widget: Widget) -> bool:
    """Whether ``widget`` is detached, or its app is stopping (asked to exit, or shut down)."""
    app = widget.app
    return not widget.is_attached or not app.is_running or app.return_code is not None
