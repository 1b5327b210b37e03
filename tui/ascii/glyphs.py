"""The ASCII stand-in of any text, taking exactly the terminal cells the text takes.

Every grapheme (a character with the marks and joiners that go with it) becomes printable
7-bit ASCII of its own width, so that frames, columns and the board stay aligned: box drawing
becomes ``+ - | =``, blocks and shades ``# | _ : %``, arrows ``^ v < >`` and ``/ \\`` for the
diagonals, marks keep apart what they tell apart (``•`` a square to go to is ``*``, ``○`` a
starting dot is ``o``, ``◎`` is ``@``), a letter with an accent is its letter, and anything
else (``界``, an emoji) is one ``?`` per cell. Nothing here knows about Textual.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import split_graphemes

#: Characters whose stand-in is chosen one by one (the rest follow their Unicode names).
CHOSEN: dict[str, str] = {
    # separators, punctuation and typography
    "·": "-",
    "•": "*",
    "∙": "*",
    "…": ".",
    "‐": "-",
    "‑": "-",
    "–": "-",
    "—": "-",
    "−": "-",
    "‘": "'",
    "’": "'",
    "‚": "'",
    "′": "'",
    "“": '"',
    "”": '"',
    "„": '"',
    "″": '"',
    "«": "<",
    "»": ">",
    "‹": "<",
    "›": ">",
    "×": "x",
    "÷": "/",
    "±": "+",
    "≈": "~",
    "∼": "~",
    "≠": "#",
    "≤": "<",
    "≥": ">",
    "°": "o",
    "¦": "|",
    # marks and signs
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "✕": "x",
    "✖": "x",
    "★": "*",
    "☆": "*",
    "◎": "@",
    "◉": "@",
    "⏎": "<",
    "↵": "<",
    "⌫": "<",
    "⌦": ">",
    "⇥": ">",
    "⇤": "<",
    # the spinner's frames (braille), turning as a spinner does
    **dict(zip("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏", "|/-\\|/-\\|/", strict=True)),
}

#: Unicode name words of arrows and pointers, and their stand-ins; the first found wins.
_DIRECTIONS = (
    ("NORTH EAST", "/"),
    ("SOUTH WEST", "/"),
    ("NORTH WEST", "\\"),
    ("SOUTH EAST", "\\"),
    ("UP DOWN", "|"),
    ("LEFT RIGHT", "-"),
    ("UPWARDS", "^"),
    ("DOWNWARDS", "v"),
    ("LEFTWARDS", "<"),
    ("RIGHTWARDS", ">"),
    ("UP-POINTING", "^"),
    ("DOWN-POINTING", "v"),
    ("LEFT-POINTING", "<"),
    ("RIGHT-POINTING", ">"),
)

_HORIZONTAL = frozenset({"LEFT", "RIGHT", "HORIZONTAL"})
_VERTICAL = frozenset({"UP", "DOWN", "VERTICAL"})


def _box_drawing(name: str) -> str:
    """A box drawing character by its name: ``-`` ``=`` ``|`` ``+``, or a diagonal."""
    if "DIAGONAL" in name:
        if "CROSS" in name:
            return "X"
        return "/" if "UPPER RIGHT TO LOWER LEFT" in name else "\\"
    words = set(name.replace("BOX DRAWINGS ", "").split())
    across, down = bool(words & _HORIZONTAL), bool(words & _VERTICAL)
    if (across and down) or "ARC" in words:
        return "+"
    if down:
        return "|"
    return "=" if "DOUBLE" in words and "DASH" not in words else "-"


def _block(name: str) -> str:
    """A block element by its name: full, shaded, or the side of the cell it fills."""
    if "SHADE" in name:
        return {"LIGHT": ":", "MEDIUM": "%"}.get(name.split()[0], "#")
    if "FULL" in name or "QUADRANT" in name:
        return "#"
    if "LEFT" in name or "RIGHT" in name:
        return "|"
    if "UPPER" in name:
        return "-"
    return "_"  # the lower blocks


def _shape(name: str) -> str:
    """A geometric shape by its name."""
    for word, stand_in in _DIRECTIONS:
        if word in name:
            return stand_in
    if "TRIANGLE" in name:
        return "^" if "UP" in name else "v" if "DOWN" in name else ">" if "RIGHT" in name else "<"
    if "BULLSEYE" in name or "FISHEYE" in name:
        return "@"
    if "CIRCLE" in name:
        return "*" if "BLACK" in name else "o"
    if "DIAMOND" in name or "LOZENGE" in name:
        return "*"
    if "SQUARE" in name or "RECTANGLE" in name:
        return "#" if "BLACK" in name else "o"
    return ""


@lru_cache(maxsize=2048)
def _character(character: str) -> str:
    """The stand-in of one character, one cell wide; ``""`` if it has none."""
    chosen = CHOSEN.get(character)
    if chosen is not None:
        return chosen
    if unicodedata.category(character) == "Zs":
        return " "
    code = ord(character)
    name = unicodedata.name(character, "")
    if 0x2500 <= code <= 0x257F:
        return _box_drawing(name)
    if 0x2580 <= code <= 0x259F:
        return _block(name)
    if 0x2800 <= code <= 0x28FF:
        return ":"  # braille patterns
    if 0x2190 <= code <= 0x21FF or 0x25A0 <= code <= 0x25FF or 0x2B00 <= code <= 0x2BFF:
        return _shape(name)
    # Letters with accents, ligatures, full-width forms: their ASCII letters if they have some.
    decomposed = unicodedata.normalize("NFKD", character)
    letters = "".join(c for c in decomposed if c.isascii() and c.isprintable())
    return letters


def _grapheme(grapheme: str, width: int) -> str:
    """The stand-in of one grapheme that takes ``width`` cells: exactly ``width`` ASCII."""
    if width <= 0:
        return ""
    stand_in = _character(grapheme[0])
    if len(grapheme) > 1 and not all(
        unicodedata.combining(c) or c in "\ufe0e\ufe0f" for c in grapheme[1:]
    ):
        stand_in = ""  # a sequence joined into one picture: nothing of it stands in
    if not stand_in or len(stand_in) > width:
        return "?" * width
    return stand_in.ljust(width)


def _convert(text: str) -> str:
    spans, _width = split_graphemes(text)
    return "".join(_grapheme(text[start:end], width) for start, end, width in spans)


_convert_cached = lru_cache(maxsize=8192)(_convert)


def ascii_text(text: str) -> str:
    """``text`` in printable ASCII, cell for cell: see the module's docstring."""
    if text.isascii():
        return text
    if len(text) > 512:
        return _convert(text)
    return _convert_cached(text)
