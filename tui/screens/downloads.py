"""Games handed to the player's browser instead of written to a path on the server.

In a session in a browser (``pawnshop serve --web-port``) the app has a ``download`` (its
name and bytes, whether sent), set by ``tui.web`` on the session's app; where the app at one
keyboard exports a game to a path (the library's ``e``, saving in review), such a session
offers the game as a download instead, and nothing is written on the server. Anywhere else
(at one keyboard, over SSH) there is none.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App


def browser_download(app: App[object]) -> Callable[[str, bytes], bool] | None:
    """How ``app`` hands a file to its player's browser, or ``None`` outside a browser."""
    download = getattr(app, "download", None)
    return download if callable(download) else None


def sent_sentence(name: str) -> str:
    return f"{name} is sent to your browser as a download"


NOT_SENT = "The game could not be sent to your browser: the page has closed or it is too large."
