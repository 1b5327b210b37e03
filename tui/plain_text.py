"""Text that comes from a person or a file, made fit to show: never markup, never an escape.

Player names, comments, file names, save-file headers, typed text echoed back and chat are
data. Every widget that shows one takes it through `plain()` (a `rich.text.Text`, which no
Textual widget parses as markup) and measures it with `cells()`, never `len()`. Escaping
markup is no substitute: `textual.markup.escape` leaves `[$a][/]` and `[[/]` misread. Where an
API takes only a string, pass `markup=False` (`notify`, `Static`, `Label`).

What is dropped on the way: control characters (C0 and C1, so no CSI, OSC or DCS sequence can
reach a terminal), format characters (bidi overrides and isolates, zero-width characters,
byte-order marks), and lone surrogates (which cannot be encoded and would end a session's
output) become U+FFFD. Line breaks and tabs become spaces: what is shown on one line stays
on one line.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text

_SPACES = {"\t", "\n", "\r", "\x0b", "\x0c", "\x85", "\u2028", "\u2029"}
_DROPPED = {"Cc", "Cf"}
_REPLACEMENT = "\ufffd"


@lru_cache(maxsize=4096)
def _clean_cached(text: str) -> str:
    out: list[str] = []
    for ch in text:
        if ch in _SPACES:
            out.append(" ")
            continue
        category = unicodedata.category(ch)
        if category in _DROPPED:
            continue
        out.append(_REPLACEMENT if category == "Cs" else ch)
    return "".join(out)


def clean(text: str) -> str:
    """The text without anything a terminal would obey or hide: see the module's docstring."""
    if text.isascii() and text.isprintable():
        return text
    if len(text) > 2048:
        return _clean_cached.__wrapped__(text)
    return _clean_cached(text)


def cells(text: str) -> int:
    """How many terminal cells the cleaned text takes."""
    return cell_len(clean(text))


def clip(text: str, width: int, ellipsis: str = "…") -> str:
    """The cleaned text cut to at most `width` cells, ending in `ellipsis` where it was cut."""
    shown = clean(text)
    if width <= 0:
        return ""
    if cell_len(shown) <= width:
        return shown
    room = width - cell_len(ellipsis)
    if room <= 0:
        return set_cell_size(shown, width)
    return set_cell_size(shown, room).rstrip() + ellipsis


def plain(text: str, style: str | Style = "", width: int | None = None) -> Text:
    """The text as a `Text` to give a widget: shown exactly, never read as markup.

    With `width`, cut to that many cells (see `clip`).
    """
    shown = clean(text) if width is None else clip(text, width)
    return Text(shown, style=style, no_wrap=width is not None, end="")


def plain_cell(text: str) -> Text:
    """A one-line table cell (``DataTable`` reads a string cell as markup): shown exactly,
    never wrapped."""
    return Text(clean(text), no_wrap=True, end="")


def plain_lines(text: str, style: str | Style = "") -> Text:
    """Like `plain`, but the line breaks of ``text`` stay line breaks (each line is cleaned
    on its own)."""
    return Text("\n", style=style, end="").join(plain(line) for line in text.split("\n"))
