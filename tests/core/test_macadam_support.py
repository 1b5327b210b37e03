"""Helpers shared by the Macadam tests, and a deliberately simple second implementation of
the rules (squares as (file, rank) pairs, no bitboards, no tables) to check the engine by.

The tests at the bottom check the helpers themselves.
"""

from __future__ import annotations

from core.games.macadam import GAME
from core.games.macadam.state import MacadamState

FILES = "abcdefgh"
SOUTH, NORTH = 0, 1
GOALS = ({(3, 0), (4, 0)}, {(3, 7), (4, 7)})
STEPS8 = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
STEPS4 = [(0, 1), (0, -1), (1, 0), (-1, 0)]

Square = tuple[int, int]
Board = dict[Square, int]


def position(south: str = "", north: str = "", side: str = "s", history: str = "-") -> str:
    """A battle position text with pawns on the named squares (``"b2 c3"``)."""
    board = {parse(name): SOUTH for name in south.split()}
    board |= {parse(name): NORTH for name in north.split()}
    return f"{fen(board)} {side} play {history}"


def fen(board: Board) -> str:
    ranks = []
    for rank in range(7, -1, -1):
        text, gap = "", 0
        for file in range(8):
            owner = board.get((file, rank))
            if owner is None:
                gap += 1
                continue
            text += (str(gap) if gap else "") + ("P" if owner == SOUTH else "p")
            gap = 0
        ranks.append(text + (str(gap) if gap else ""))
    return "/".join(ranks)


def parse(name: str) -> Square:
    return FILES.index(name[0]), int(name[1:]) - 1


def index(name: str) -> int:
    """The engine's number of a square name (a1 is 0, h8 is 63)."""
    return FILES.index(name[0]) + 8 * (int(name[1:]) - 1)


def sq(square: Square) -> str:
    return f"{FILES[square[0]]}{square[1] + 1}"


def state_of(text: str) -> MacadamState:
    return GAME.read_position(text)


def moves_of(text: str) -> set[str]:
    """The legal moves of a position text, as notation."""
    state = state_of(text)
    return {GAME.format_move(state, move) for move in GAME.legal_moves(state)}


def after(text: str, *moves: str) -> MacadamState:
    """The state after playing ``moves`` (notation) from a position text."""
    state = state_of(text)
    for move in moves:
        state = GAME.play(state, GAME.parse_move(state, move))
    return state


# -- the simple second implementation ---------------------------------------------------


def board_of(state: MacadamState) -> Board:
    board: Board = {}
    for index in range(64):
        square = (index % 8, index // 8)
        if state.south >> index & 1:
            board[square] = SOUTH
        elif state.north >> index & 1:
            board[square] = NORTH
    return board


def on_board(square: Square) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def own_side(square: Square, seat: int) -> bool:
    return square[1] < 4 if seat == SOUTH else square[1] >= 4


def simple_moves(board: Board, seat: int) -> set[tuple[Square, ...]]:
    """Every legal move of ``seat`` as the path of squares it visits."""
    moves: set[tuple[Square, ...]] = set()
    for start, owner in board.items():
        if owner != seat:
            continue
        if own_side(start, seat):
            for df, dr in STEPS4:
                here = (start[0] + df, start[1] + dr)
                while (
                    on_board(here)
                    and own_side(here, seat)
                    and here not in GOALS[seat]
                    and here not in board
                ):
                    moves.add((start, here))
                    here = (here[0] + df, here[1] + dr)
        _simple_jumps(board, seat, (start,), moves)
    return moves


def _simple_jumps(
    board: Board, seat: int, path: tuple[Square, ...], moves: set[tuple[Square, ...]]
) -> None:
    here = path[-1]
    for df, dr in STEPS8:
        over = (here[0] + df, here[1] + dr)
        land = (here[0] + 2 * df, here[1] + 2 * dr)
        if not on_board(land) or over == path[0] or board.get(over) != seat:
            continue
        if land in path or land in board or land in GOALS[seat] or over in GOALS[seat]:
            continue
        moves.add((*path, land))
        _simple_jumps(board, seat, (*path, land), moves)


def simple_play(board: Board, path: tuple[Square, ...]) -> Board:
    result = dict(board)
    owner = result.pop(path[0])
    result[path[-1]] = owner
    return result


def simple_winner(board: Board, mover: int) -> bool:
    """Whether ``mover``, having just moved, has won by the goal or by crossing over."""
    other = 1 - mover
    if any(board.get(goal) == mover for goal in GOALS[other]):
        return True
    across = sum(1 for s, o in board.items() if o == mover and own_side(s, other))
    held = sum(1 for s, o in board.items() if o == other and own_side(s, mover))
    return across >= 6 and held <= 2


def simple_perft(
    board: Board, seat: int, depth: int, seen: list[tuple[frozenset, int]] | None = None
) -> int:
    """Leaf count of the battle game tree, ``seen`` listing the earlier positions."""
    seen = [*(seen or []), (frozenset(board.items()), seat)]
    if depth == 0:
        return 1
    total = 0
    for path in simple_moves(board, seat):
        child = simple_play(board, path)
        key = (frozenset(child.items()), 1 - seat)
        if simple_winner(child, seat) or seen.count(key) >= 2:
            total += 1 if depth == 1 else 0
            continue
        if not simple_moves(child, 1 - seat):
            total += 1 if depth == 1 else 0
            continue
        total += simple_perft(child, 1 - seat, depth - 1, seen)
    return total


def engine_paths(state: MacadamState) -> set[tuple[Square, ...]]:
    """The engine's legal moves of a battle state, as paths of (file, rank) squares."""
    return {
        tuple((index % 8, index // 8) for index in GAME.move_path(state, move))
        for move in GAME.legal_moves(state)
    }


# -- tests of the helpers ----------------------------------------------------------------


def test_position_helper_writes_the_engine_format() -> None:
    text = position(south="a2 c2 f2 h2 b3 d3 e3 g3", north="a7 c7 f7 h7 b6 d6 e6 g6")
    assert text == GAME.write_position(GAME.new())


def test_simple_rules_agree_with_the_engine_at_the_start() -> None:
    state = GAME.new()
    assert engine_paths(state) == simple_moves(board_of(state), SOUTH)
    assert len(simple_moves(board_of(state), SOUTH)) == 68


def test_simple_rules_see_a_chain_through_the_lane() -> None:
    board = {parse("c3"): SOUTH, parse("c4"): SOUTH, parse("c6"): SOUTH}
    paths = {"-".join(sq(s) for s in path) for path in simple_moves(board, SOUTH)}
    assert "c3-c5-c7" in paths
