"""Every board reads at every colour depth: truecolor, 256, 16 and none.

Each game's board is drawn by the app at each depth (set as the SSH server sets it, through
the app's console) and every square is read back as the terminal would show it, its colours
reduced to the depth. The light and dark squares, the zones (Martian Chess) and the two
colours (Chase), and the cursor, the selection, the squares a selection may go on to (moves
and captures), a hint and the last move must all look different: by colour where there is
colour, by glyphs, reverse video, bold and underlines where there is none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from board_looks import DrawnCell, drawn_cell, ground, square_look
from textual.app import App
from tui_helpers import SIZE, app_test, make_app, martian_record

from core import GameRecord, find_game
from core.view import BoardView
from tui.ssh.colours import apply_colour_system
from tui.widgets.board import BoardWidget
from tui.widgets.board_marks import look_of
from tui.widgets.chase_board import ChaseBoardWidget
from tui.widgets.colour_depth import COLOUR_DEPTHS, ColourDepth, colour_depth

Look = tuple[DrawnCell, ...]

MAC = find_game("mac")
MACADAM = find_game("macadam")
CHASE = find_game("chase")
#: South's pawn on a star tile on e4, North's gold on f5, diagonal tiles on g6 and f7, a
#: tile with 4 of South's gold on e6 and North's pawn on c6.
CHASE_POSITION = (
    "mode:regular turn:S gold:20,20 deck:TXPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,"
    "f5=NE.SW$2N,g6=NW.SE,f7=NW.SE,e6=N.E.S.W$4S,c6=N.S@N"
)


def mac_record() -> GameRecord:
    """MAC with every piece placed and two moves played, each the first in order."""
    record = GameRecord(MAC, {}, 1, ["Rae", "Bo"])
    moves = 0
    while moves < 2:
        moves += MAC.phase(record.state) == "play"
        record.play(sorted(MAC.legal_moves(record.state), key=repr)[0], main=True)
    return record


def hidden_mac_record() -> GameRecord:
    record = GameRecord(MAC, {"mode": "dark"}, 1, ["Rae", "Bo"])
    for text in ("flip:a1", "flip:c8"):
        record.play_text(text, main=True)
    return record


RECORDS: dict[str, Callable[[], GameRecord]] = {
    "martian chess": lambda: martian_record(("c3-d4", "b6-a5")),
    "martian chess for four": lambda: martian_record(
        ("a3-a4", "a6-a5"), players=("Ann", "Bob", "Cy", "Di"), options={"players": "4"}
    ),
    "mac": mac_record,
    "mac dark chess": hidden_mac_record,
    "macadam": lambda: GameRecord(MACADAM, {}, 1, ["Sue", "Ned"]),
    "chase": lambda: GameRecord(CHASE, {}, 1, ["Sam", "Nat"], CHASE_POSITION),
}

#: The highlights a square can have, each set alone on the board.
HIGHLIGHTS = ("plain", "cursor", "selected", "target", "hint", "last move")


def highlighted(board: BoardWidget, square: int, highlight: str) -> None:
    """Clear every highlight, then give ``square`` the one named."""
    board.cursor = square if highlight == "cursor" else None
    board.selected = (square,) if highlight == "selected" else ()
    board.targets = frozenset({square}) if highlight == "target" else frozenset()
    board.hint = (square,) if highlight == "hint" else ()
    board.last_move = (square,) if highlight == "last move" else ()


def plain(view: BoardView, square: int) -> bool:
    """Whether ``square`` is an empty square with no mark and no tile."""
    cell = view.cells[square]
    return not cell.text and not cell.mark


def parity(view: BoardView, square: int) -> int:
    rank, file = divmod(square, view.width)
    return (rank + file) % 2


def kinds(view: BoardView) -> Iterator[tuple[int, int, int]]:
    """One square with no mark (empty or not) of each region and square colour: ``(region,
    parity, square)``."""
    seen: set[tuple[int, int]] = set()
    for square, cell in enumerate(view.cells):
        kind = (cell.region, parity(view, square))
        if not cell.mark and kind not in seen:
            seen.add(kind)
            yield (*kind, square)


def assert_all_apart(looks: dict[str, Look], what: str) -> None:
    for (a, look_a), (b, look_b) in combinations(looks.items(), 2):
        assert look_a != look_b, f"{what}: {a} and {b} look the same"


async def check_board(game: str, depth: ColourDepth, data_dir: Path) -> None:
    app = make_app(data_dir, record=RECORDS[game]())
    apply_colour_system(app, depth, SIZE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(BoardWidget)
        assert board.colours == depth
        view = board.view
        assert view is not None
        chase = isinstance(board, ChaseBoardWidget)
        if depth == "16":
            assert_eight_backgrounds(board, depth)
        empty = [square for square in range(len(view.cells)) if plain(view, square)]
        pieces = sorted(
            (look_of(cell.mark) is not None, square)
            for square, cell in enumerate(view.cells)
            if cell.text
        )  # a piece on a square with no mark if there is one
        squares = [(empty[0], "an empty square")] if empty else []
        squares.append((pieces[0][1], "a piece"))
        for square, what in squares:
            looks: dict[str, Look] = {}
            for highlight in HIGHLIGHTS:
                highlighted(board, square, highlight)
                looks[highlight] = square_look(board, square, depth)
            assert_all_apart(looks, f"{game} at {depth}, {what}")
        highlighted(board, squares[0][0], "plain")
        grounds = {
            (region, side): ground(square_look(board, square, depth))
            for region, side, square in kinds(view)
        }
        # The light and dark squares of a region (Chase's squares are its two colours).
        for (region, side), behind in grounds.items():
            other = grounds.get((region, 1 - side))
            if other is not None and not chase:
                assert behind != other, f"{game} at {depth}: light and dark squares alike"
        # Regions apart: Martian Chess's zones, MAC's and Macadam's halves, Chase's colours.
        # Without colour the zones and Macadam's halves are told apart by the canals and the
        # lane between them (MAC's halves by the ranks).
        if depth != "none" or chase:
            for (a, ground_a), (b, ground_b) in combinations(grounds.items(), 2):
                if a[0] != b[0] and (a[1] == b[1] or chase):
                    assert ground_a != ground_b, f"{game} at {depth}: regions {a} {b} alike"
        elif view.file_walls or view.rank_walls:
            assert_zones_walled(view)
        # Special squares (goals, portals, face-down pieces) apart from empty ones.
        empty_looks = [square_look(board, square, depth) for square in empty]
        for square, cell in enumerate(view.cells):
            if look_of(cell.mark) is not None:
                look = square_look(board, square, depth)
                assert look not in empty_looks, f"{game}: {cell.mark} like an empty square"


def assert_eight_backgrounds(board: BoardWidget, depth: ColourDepth) -> None:
    """Every background of the board is one of the first 8 colours, which are all that many
    16-colour terminals (the Linux console) show as backgrounds."""
    for y in range(board.content_size.height):
        for text, style, _ in board.render_line(y):
            for cell in (drawn_cell(char, style, depth) for char in text):
                assert cell.bgcolor is None or cell.bgcolor in range(8), cell


def assert_zones_walled(view: BoardView) -> None:
    """Every two neighbouring squares of different regions have a canal between them."""
    for square, cell in enumerate(view.cells):
        rank, file = divmod(square, view.width)
        if file + 1 < view.width and view.cells[square + 1].region != cell.region:
            assert file in view.file_walls
        if rank + 1 < view.height and view.cells[square + view.width].region != cell.region:
            assert rank in view.rank_walls


@pytest.mark.parametrize("depth", COLOUR_DEPTHS)
@pytest.mark.parametrize("game", list(RECORDS))
@app_test
async def test_every_board_reads_at_every_depth(
    game: str, depth: ColourDepth, data_dir: Path
) -> None:
    await check_board(game, depth, data_dir)


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"TERM": "xterm-256color"}, "256"),
        ({"TERM": "tmux-256color"}, "256"),
        ({"TERM": "xterm"}, "16"),
        ({"TERM": "linux"}, "16"),
        ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, "truecolor"),
        ({"TERM": "xterm-256color", "NO_COLOR": "1"}, "none"),
    ],
)
def test_a_local_app_takes_the_depth_of_its_terminal(
    environment: dict[str, str], expected: ColourDepth, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    app: App[Any] = App()
    assert colour_depth(app) == expected


@pytest.mark.parametrize("depth", COLOUR_DEPTHS)
def test_a_session_takes_the_depth_of_its_client(depth: ColourDepth) -> None:
    app: App[Any] = App()
    apply_colour_system(app, depth, SIZE)
    assert colour_depth(app) == depth


@pytest.mark.parametrize(("term", "expected"), [("xterm", "16"), ("xterm-256color", "256")])
@app_test
async def test_a_local_board_takes_the_colours_of_its_terminal(
    term: str, expected: ColourDepth, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.setenv("TERM", term)
    app = make_app(data_dir, record=RECORDS["martian chess"]())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(BoardWidget)
        assert board.colours == expected
        assert board.has_class(f"-colours-{expected}")
