"""What a board looks like, as plain data the user interface draws without knowing the rules."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Cell:
    """One square as drawn.

    ``text`` is what stands on the square (one to three characters, ``""`` when empty);
    ``owner`` the seat whose piece it is, for colour (``None`` for neutral or empty);
    ``region`` a background group (zone, half, square colour); ``mark`` a word for special
    squares such as ``"goal"``, ``"portal"`` or ``"hidden"``.
    """

    text: str = ""
    owner: int | None = None
    region: int = 0
    mark: str = ""


@dataclass(frozen=True, slots=True)
class BoardView:
    """A whole board: ``cells[rank * width + file]`` with rank 0 at the bottom.

    ``file_walls`` holds the files after which a canal or lane runs (``{3}`` is between
    files d and e); ``rank_walls`` the same for ranks.
    """

    width: int
    height: int
    cells: tuple[Cell, ...]
    file_walls: frozenset[int] = field(default_factory=frozenset)
    rank_walls: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class TrayItem:
    """A kind of piece still in hand during a placement phase: ``key`` selects it (a digit,
    ``p`` for a portal, ...), ``label`` names it, ``count`` says how many are left."""

    key: str
    label: str
    count: int
