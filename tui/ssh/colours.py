"""How many colours a session's terminal shows, decided from its TERM, and applied to its app.

Every session's app renders in the one server process, so the colour depth cannot come from
the server's own environment: it comes from the TERM the SSH client sent with its pty request
(and COLORTERM / NO_COLOR if the client forwarded them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from rich.color import ColorSystem as RichColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.color import Color
from textual.filter import LineFilter

from tui.widgets.colour_depth import ColourDepth

#: The depths a session's terminal may have (the board chooses its colours by the same).
ColourSystem = ColourDepth

#: TERM values of terminals known to show 24-bit colour.
TRUECOLOUR_TERMS = frozenset(
    {
        "xterm-kitty",
        "xterm-ghostty",
        "alacritty",
        "foot",
        "foot-extra",
        "wezterm",
        "contour",
        "iterm2",
        "xterm-truecolor",
    }
)

#: TERM values with no colour at all.
NO_COLOUR_TERMS = frozenset({"", "dumb", "unknown"})

#: Hardware VT terminals (``vt100``, ``vt220``, ``vt52``...): ``vt`` and a digit, unlike
#: ``vte-256color`` (GNOME's terminals), which shows colour.
VT_TERM = re.compile(r"vt\d")

RICH_COLOUR_SYSTEMS: dict[ColourSystem, str | None] = {
    "truecolor": "truecolor",
    "256": "256",
    "16": "standard",
    "none": None,
}

_RICH_SYSTEMS: dict[ColourSystem, RichColorSystem] = {
    "truecolor": RichColorSystem.TRUECOLOR,
    "256": RichColorSystem.EIGHT_BIT,
    "16": RichColorSystem.STANDARD,
}


def colour_system_for(term: str, environment: Mapping[str, str] | None = None) -> ColourSystem:
    """The colour system for a terminal type, refined by the client's forwarded environment.

    Unknown terminal types get 16 colours, which every colour terminal shows; hardware VT
    terminals (``vt100``, ``vt220``, ...) and ``dumb`` get none.
    """
    environment = environment or {}
    if environment.get("NO_COLOR"):
        return "none"
    name = term.strip().lower()
    if name in NO_COLOUR_TERMS or VT_TERM.match(name):
        return "none"
    if environment.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    if name in TRUECOLOUR_TERMS or name.endswith("-direct") or "truecolor" in name:
        return "truecolor"
    if "256col" in name:
        return "256"
    return "16"


class ColourDepthFilter(LineFilter):
    """Reduces every colour an app draws to what its session's terminal can show.

    The console's colour system alone is not enough in a multi-session server: Textual caches
    the escape codes of a rendered line on the line object itself, and some line objects are
    shared process-wide, so a line first rendered for a 16-colour session could reach a
    truecolor one. Lines that pass through this filter are new objects belonging to one app,
    already reduced to its depth, so their cached escape codes are right for that session.
    """

    def __init__(self, colours: ColourSystem) -> None:
        super().__init__(enabled=True)
        self.colours = colours

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        colours = self.colours
        return [
            Segment(text, None if style is None else reduced_style(style, colours), control)
            for text, style, control in segments
        ]


@lru_cache(maxsize=8192)
def reduced_style(style: Style, colours: ColourSystem) -> Style:
    """``style`` with its colours downgraded to ``colours`` (removed for ``none``)."""
    if colours == "truecolor" or (style.color is None and style.bgcolor is None):
        return style
    plain = style.without_color
    if colours == "none":
        return plain
    system = _RICH_SYSTEMS[colours]
    color = None if style.color is None else style.color.downgrade(system)
    bgcolor = None if style.bgcolor is None else style.bgcolor.downgrade(system)
    return plain + Style(color=color, bgcolor=bgcolor)


def apply_colour_system(app: App[Any], colours: ColourSystem, size: tuple[int, int]) -> None:
    """Give ``app`` a console with the session's colour system and the matching line filter.

    Called once, after the app is built and before it runs. With no colour the app's
    ``no_color`` is set too, as ``NO_COLOR`` sets it locally: the styles that show a list's
    highlighted row in reverse video instead of colour go by it (``:nocolor``).
    """
    width, height = size
    app.console = Console(
        color_system=RICH_COLOUR_SYSTEMS[colours],  # type: ignore[arg-type]
        file=app.console.file,
        width=width,
        height=height,
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
        _environ={},
    )
    add_line_filter(app, ColourDepthFilter(colours))
    app.no_color = colours == "none"


def add_line_filter(app: App[Any], line_filter: LineFilter) -> None:
    """Have ``app`` pass every line it draws through ``line_filter`` too, after its own filters.

    Every widget asks its app for the line filters to apply (``App.get_line_filters``, public);
    Textual has no public way to add one, so this app's own answer is extended.
    """
    own_filters = app.get_line_filters

    def get_line_filters() -> Sequence[LineFilter]:
        return [*own_filters(), line_filter]

    app.get_line_filters = get_line_filters  # type: ignore[method-assign]
