"""A move the rules refuse: which rule it breaks, and the sentence a player reads.

Every game's move walkers answer with the move they allow or with a ``Refusal``: the code
that decides whether a move is legal is the code that says why it is not.
"""

from __future__ import annotations

from typing import NamedTuple


class Refusal(NamedTuple):
    """The first rule a move breaks: ``rule`` names it for code and tests (``"blocked"``),
    ``text`` says it to a player (``"the pawn on b3 is in the way"``)."""

    rule: str
    text: str
