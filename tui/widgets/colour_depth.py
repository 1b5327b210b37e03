"""How many colours the terminal an app draws on shows: ``truecolor``, ``256``, ``16`` or
``none``.

The board chooses its colours per depth (a muted colour and a shade lighter round to the same
one of 256 or 16 colours) and, with no colour at all, draws its squares and highlights with
reverse video and underlines instead. The depth is read from the app's public state, which
both ways of running it set: locally Textual builds the console from ``COLORTERM``/``TERM``
and notes ``NO_COLOR`` in ``App.no_color``; over SSH ``tui/ssh/colours.py`` gives each
session's app a console of its client's depth.
"""

from __future__ import annotations

from typing import Any, Literal

from textual.app import App

ColourDepth = Literal["truecolor", "256", "16", "none"]

#: Every depth, the richest first.
COLOUR_DEPTHS: tuple[ColourDepth, ...] = ("truecolor", "256", "16", "none")

#: Rich's names of its colour systems (``Console.color_system``) and the depth of each.
_DEPTH_OF_SYSTEM: dict[str | None, ColourDepth] = {
    "truecolor": "truecolor",
    "256": "256",
    "standard": "16",
    "windows": "16",
    None: "none",
}


def colour_depth(app: App[Any]) -> ColourDepth:
    """The colour depth ``app`` draws in."""
    if app.no_color:
        return "none"
    return _DEPTH_OF_SYSTEM.get(app.console.color_system, "16")


def depth_class(depth: ColourDepth) -> str:
    """The CSS class a widget carries to take the colours of ``depth`` (``-colours-256``)."""
    return f"-colours-{depth}"
