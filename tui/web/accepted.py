"""Knowing when each browser's connection ends, for the workers' count of what they hold.

The web server serves the connections it accepts itself (``tui.ssh.listener``), or that
another worker passed it (``tui.ssh.balance``), with ``loop.connect_accepted_socket`` and
aiohttp's low-level server (``AppRunner.server``) as the protocol factory. aiohttp has no
callback for a connection's end; its low-level server is told of each
(``web.Server.connection_lost``, called by every request handler it made), and this wraps
that method of the one server. ``tests/tui/test_web_balance.py`` checks that a connection's
end is counted, and fails if aiohttp stops telling its server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web


def count_connection_ends(server: web.Server, ended: Callable[[], None]) -> None:
    """Call ``ended`` each time a connection served by ``server`` ends."""
    told = server.connection_lost

    def connection_lost(handler: Any, exc: BaseException | None = None) -> None:
        told(handler, exc)
        ended()

    server.connection_lost = connection_lost  # type: ignore[method-assign]
