"""Square names on rectangular boards: files ``a``, ``b``, ... and ranks ``1``, ``2``, ...

A square is an ``int`` index ``rank * width + file`` with rank 0 at the bottom (rank ``1``).
"""

from __future__ import annotations

from core.errors import NotationError

FILES = "abcdefghijklmnopqrstuvwxyz"


def square_name(square: int, width: int) -> str:
    rank, file = divmod(square, width)
    return f"{FILES[file]}{rank + 1}"


def parse_square(text: str, width: int, height: int) -> int:
    """The index of a square name like ``c3``; raises ``NotationError`` for anything else."""
    text = text.strip().lower()
    digits = text[1:]
    if len(text) < 2 or text[0] not in FILES or not (digits.isascii() and digits.isdigit()):
        raise NotationError(f"'{text}' is not a square (expected a letter and a number, like c3)")
    file = FILES.index(text[0])
    rank = int(digits) - 1 if len(digits) < 4 else height  # a long number is off any board
    if file >= width or not 0 <= rank < height:
        last = f"{FILES[width - 1]}{height}"
        raise NotationError(f"'{text}' is off the board (squares run from a1 to {last})")
    return rank * width + file
