"""Macadam's move generator in C (``_movegen.c``); see ``movegen``."""

from collections.abc import Sequence

from core.games.macadam.moves import PawnMove

def configure(
    pawn_move: type[PawnMove],
    step_moves: tuple[PawnMove, ...],
    rays: Sequence[Sequence[Sequence[Sequence[int]]]],
    lines: Sequence[Sequence[Sequence[tuple[int, int]]]],
) -> None: ...
def pawn_moves(own: int, other: int, seat: int) -> list[PawnMove]: ...
