"""Keeping one session's failure inside that session.

Every session's app runs on the server's one event loop, and the hall of tables calls into
every session's screens (a move played, a seat taken, a table opened) from whichever session
made the change. A screen that raises there must neither take the caller's session down with
it nor keep the news from the screens after it. The hall and its tables tell their listeners
through ``SESSIONS`` (a ``tui.play.listeners.Containment``): a listener that raises is logged
with its traceback and its own session is closed with the crash sentence
(``close_session_of``), while the caller and every other session go on.
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from typing import Any

from textual.app import App

from tui.play.listeners import Containment

#: Who each running session's app serves, for the log: the session's description.
_described: weakref.WeakKeyDictionary[App[Any], str] = weakref.WeakKeyDictionary()


def describe_app(app: App[Any], description: str) -> None:
    """Note whose session ``app`` runs, so that a failure in it is logged with their name."""
    _described[app] = description


def owning_app(node: object) -> App[Any] | None:
    """The app a screen or widget belongs to, found through its parents.

    Not ``node.app``: that is the app of whichever session's turn is running, and a listener
    is called from other sessions' turns.
    """
    while node is not None:
        if isinstance(node, App):
            return node
        node = getattr(node, "parent", None)
    return None


def session_of(node: object) -> str:
    """Whose session ``node`` is part of, in words for the log."""
    app = owning_app(node)
    if app is None:
        return f"a detached {type(node).__name__}"
    return _described.get(app, f"the session of {type(app).__name__}")


def close_session_of(node: object) -> None:
    """End the app ``node`` belongs to with an error status: its session then tells the player
    that it hit an internal error and closes. Done on the loop's next turn, outside the
    caller's context (``tui.net.crossing`` says why)."""
    app = owning_app(node)
    if app is None or not app.is_running:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop runs, so no app does either
        return
    loop.call_soon(_exit_failed, app, context=contextvars.Context())


def _exit_failed(app: App[Any]) -> None:
    if app.is_running:
        app.exit(return_code=1)


#: Over SSH, a listener that fails on the news is named by its session, and that session is
#: closed.
SESSIONS = Containment(whose=session_of, cut_off=close_session_of)
