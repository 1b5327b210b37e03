"""Telling another session's app that something changed, from whichever session changed it.

Every session's app runs on the server's one loop, each in its own context (Textual keeps the
active app and message pump in context variables). A message made and posted while another
app handles an event would carry that app's context with it: its sender, and the messages it
holds back at that moment (Textual then holds them back in the receiving app too, which can
stop a widget from ever repainting). So the message is made and posted on the next turn of
the loop, in a fresh context, as if from outside every app.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable

from textual.message import Message
from textual.message_pump import MessagePump

from tui.ssh.containment import close_session_of


def post_across(target: MessagePump, make: Callable[[], Message]) -> None:
    """Post ``make()`` to ``target`` from a clean context, on the loop's next turn. If that
    fails, ``target``'s session is closed and the error goes to the loop's handler (the
    server's log); nobody else is touched."""

    def post() -> None:
        try:
            target.post_message(make())
        except Exception:
            close_session_of(target)
            raise

    asyncio.get_running_loop().call_soon(post, context=contextvars.Context())
