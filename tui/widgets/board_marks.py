"""How the board draws special squares: goals, starting dots, portals and face-down pieces.

A game names what is special about a square in ``Cell.mark`` (one or more words). Each word
listed here is drawn so that it reads without colour: a glyph on the square while it is
empty, a word or pattern on the square's spare line (the line under its text, when squares
are drawn more than one line high), and a fill around the text of a face-down piece, like the
back of a card. Each also has colours of its own (``board--mark-<word>`` in the stylesheet)
that stay apart from the regions and highlights in 16 colours. Words not listed here are left
to whoever draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style


@dataclass(frozen=True, slots=True)
class MarkLook:
    """How one mark word is drawn.

    ``empty`` replaces the usual ``·`` on an empty square; ``label`` is written, centred, on
    the spare line; ``fill`` (when not a space) pads the text line and fills the spare line;
    ``background`` says whether the square takes the mark's background colour.
    """

    word: str
    empty: str = ""
    label: str = ""
    fill: str = " "
    background: bool = True

    @property
    def component(self) -> str:
        """The stylesheet component class of the mark's colours."""
        return f"board--mark-{self.word}"

    def spare_line(self, width: int) -> str:
        """The square's spare line, ``width`` characters."""
        if self.fill != " ":
            return self.fill * width
        return self.label[:width].center(width)

    def filled(self, marks: str, body: str, text_style: Style, fill_style: Style) -> list[Segment]:
        """The text line of a square with a fill: ``body`` (the centred text) with the fill
        in place of the spaces around it and of the bracket places (``marks``, ``""`` when
        the square has none), unless the square is bracketed as the cursor, selected ...."""
        if marks.strip():
            return [Segment(marks[0] + body + marks[1], text_style)]
        text = body.strip(" ")
        left = len(body) - len(body.lstrip(" ")) + len(marks) // 2
        right = len(body) + len(marks) - left - len(text)
        return [
            Segment(self.fill * left, fill_style),
            Segment(text, text_style),
            Segment(self.fill * right, fill_style),
        ]


def _looks(*looks: MarkLook) -> dict[str, MarkLook]:
    return {look.word: look for look in looks}


#: The marks drawn, in Unicode (``False``) and in ASCII only (``True``).
LOOKS: dict[bool, dict[str, MarkLook]] = {
    False: _looks(
        MarkLook("goal", empty="◎", label="goal"),
        MarkLook("dot", empty="○", background=False),
        MarkLook("portal", empty="()", label="≈≈≈"),
        MarkLook("hidden", fill="░"),
    ),
    True: _looks(
        MarkLook("goal", empty="G", label="goal"),
        MarkLook("dot", empty="o", background=False),
        MarkLook("portal", empty="()", label="~~~"),
        MarkLook("hidden", fill=":"),
    ),
}

#: The stylesheet component classes of the marks.
MARK_COMPONENTS = frozenset(look.component for look in LOOKS[False].values())


def look_of(mark: str, ascii: bool = False) -> MarkLook | None:
    """How a cell with ``mark`` is drawn: its first word listed in ``LOOKS``, if any."""
    if not mark:
        return None
    looks = LOOKS[ascii]
    for word in mark.split():
        look = looks.get(word)
        if look is not None:
            return look
    return None
