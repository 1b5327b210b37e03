"""The app in ASCII (``pawnshop --ascii``), played like a player at 80x24 through every kind of
screen: every cell drawn is 7-bit ASCII, every line still 80 cells, and the board's marks
still tell apart what they mean."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drawn_text import drawn
from review_helpers import branchy_record, highlight, open_library, save_game
from textual.pilot import Pilot
from tui_helpers import SIZE, app_test, board_screen, cursor_to, make_app, martian_record
from waiting import wait_for

from core import GameRecord, find_game
from core.squares import parse_square, square_name
from tui.screens.board import BoardScreen
from tui.screens.game_select import GameSelectScreen
from tui.screens.help import HelpScreen
from tui.screens.library import LibraryScreen
from tui.screens.rules import RulesScreen
from tui.screens.save_as import SaveAsScreen
from tui.screens.setup import SetupScreen
from tui.widgets.board import BoardWidget

CHASE = find_game("chase")
MAC = find_game("mac")
MACADAM = find_game("macadam")
#: South's pawn on a star tile on e4, North's 2 gold on a diagonal tile on f5, a cross tile
#: with 4 of South's gold on e6 (as in the Chase screen's own tests).
CHASE_POSITION = (
    "mode:regular turn:S gold:20,20 deck:TXPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,"
    "f5=NE.SW$2N,g6=NW.SE,f7=NW.SE,e6=N.E.S.W$4S,c6=N.S@N"
)


def ascii_lines(app: Any) -> list[str]:
    """The screen as drawn, after checking that every character sent is 7-bit ASCII and every
    line is as many characters as the terminal has columns (so no width was lost)."""
    screen = drawn(app)
    odd = sorted({ch for ch in screen.output if not ch.isascii()})
    assert not odd, f"not ASCII: {odd} on {type(app.screen).__name__}:\n{screen.text}"
    width = app.size.width
    assert all(len(line) == width for line in screen.lines), screen.text
    return screen.lines


def drawn_square(app: Any, name: str) -> list[str]:
    """The characters the terminal shows on square ``name`` of the board, line by line."""
    screen = board_screen(app)
    board = screen.query_one(BoardWidget)
    view = screen.game.board_view(screen.record.state)
    square = parse_square(name, view.width, view.height)
    region = board.square_region(square).translate(board.region.offset)
    lines = ascii_lines(app)
    return [lines[y][region.x : region.right] for y in range(region.y, region.bottom)]


def selection(app: Any) -> tuple[int, ...]:
    return board_screen(app).query_one(BoardWidget).selected


async def shows(pilot: Pilot[Any], kind: type, what: str) -> list[str]:
    """Wait for a screen of ``kind`` to be on top, then its ASCII lines."""
    await wait_for(lambda: isinstance(pilot.app.screen, kind), what=what)
    await pilot.pause()
    return ascii_lines(pilot.app)


@app_test
async def test_the_game_list_setup_board_help_and_rules_are_ascii(data_dir: Path) -> None:
    app = make_app(data_dir, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        lines = await shows(pilot, GameSelectScreen, "the game list")
        assert lines[4].strip().startswith("+---") and lines[4].strip().endswith("---+")
        await pilot.press("enter")
        lines = await shows(pilot, SetupScreen, "the setup")
        assert any("Human" in line for line in lines)
        await pilot.press("enter")
        lines = await shows(pilot, BoardScreen, "the board")
        assert any("====" in line for line in lines)  # the canal
        await cursor_to(pilot, "b2")
        await pilot.press("enter")  # the pawn on b2: it may go to a1 and a3
        await wait_for(lambda: selection(app), what="the selection")
        await pilot.pause()
        targets = {name: drawn_square(app, name)[0].strip() for name in ("a1", "a3")}
        empty = drawn_square(app, "a4")[0].strip()
        cursor = drawn_square(app, "b2")[0].strip()
        assert targets == {"a1": "*", "a3": "*"} and empty == "." and cursor == "[ P ]"
        await pilot.press("question_mark")
        lines = await shows(pilot, HelpScreen, "the keys")
        assert any("enter space" in line and "Select" in line for line in lines)
        await pilot.press("escape")
        await pilot.press("f1")
        lines = await shows(pilot, RulesScreen, "the rules")
        assert any("Rules of Martian Chess" in line for line in lines)


@app_test
async def test_mac_placement_and_its_board_with_portals_are_ascii(data_dir: Path) -> None:
    app = make_app(data_dir, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await shows(pilot, GameSelectScreen, "the game list")
        await pilot.press("down", "enter")
        await shows(pilot, SetupScreen, "the setup")
        await pilot.press("enter")
        lines = await shows(pilot, BoardScreen, "the placement")
        assert any("Red to place" in line for line in lines)
        assert drawn_square(app, "b2")[0].strip() == "*"  # a square to place on
        assert drawn_square(app, "b7")[0].strip() == "."  # the other half
        assert any("cannon x2" in line for line in lines)  # the hand
        await pilot.press("a")  # the rest at random
        await wait_for(lambda: "Red to move" in drawn(app).text, what="the board after placing")
        lines = ascii_lines(app)
        portals = [line for line in lines if "()" in line]
        assert len(portals) == 2 and sum("~~~" in line for line in lines) == 2


@app_test
async def test_face_down_pieces_are_filled_in_ascii(data_dir: Path) -> None:
    record = GameRecord(MAC, {"mode": "dark"}, 1, ["Red", "Blue"])
    app = make_app(data_dir, ascii=True, record=record, games=[MAC])
    async with app.run_test(size=SIZE) as pilot:
        await shows(pilot, BoardScreen, "the board")
        hidden = [
            name
            for name in ("a1", "b1", "c1", "d1", "a8", "b8", "c8", "d8")
            if ":" in drawn_square(app, name)[0]
        ]
        assert hidden


@app_test
async def test_macadam_dots_goals_and_targets_read_apart(data_dir: Path) -> None:
    record = GameRecord(MACADAM, {}, 1, ["South", "North"])
    for _ in range(2):  # South's pawn a2-a3 and North's first move
        record.play(next(iter(MACADAM.legal_moves(record.state))), main=True)
    app = make_app(data_dir, ascii=True, record=record, games=[MACADAM])
    async with app.run_test(size=SIZE) as pilot:
        await shows(pilot, BoardScreen, "the board")
        assert drawn_square(app, "a2")[0].strip() == "o"  # the pawn left its starting dot
        assert [line.strip() for line in drawn_square(app, "d1")] == ["G", "goal"]
        await cursor_to(pilot, "c2")
        await pilot.press("enter")
        await wait_for(lambda: selection(app), what="the selection")
        await pilot.pause()
        targets = board_screen(app).query_one(BoardWidget).targets
        assert targets
        screen = board_screen(app)
        view = screen.game.board_view(screen.record.state)
        for target in targets:
            name = square_name(target, view.width)
            assert drawn_square(app, name)[0].strip() == "*", name


@app_test
async def test_chase_tiles_keep_their_arrows_in_ascii(data_dir: Path) -> None:
    record = GameRecord(CHASE, {}, 1, ["Sam", "Nat"], CHASE_POSITION)
    app = make_app(data_dir, ascii=True, record=record, games=[CHASE])
    async with app.run_test(size=SIZE) as pilot:
        lines = await shows(pilot, BoardScreen, "the board")
        assert drawn_square(app, "e4") == ["\\ ^ / ", "< P > ", " / v \\"]
        assert drawn_square(app, "f5") == ["    / ", "  g2  ", " /    "]
        assert drawn_square(app, "e6") == ["  ^   ", "< G4> ", "   v  "]
        assert any("Next tiles" in line for line in lines)


@app_test
async def test_the_library_review_and_a_dialog_are_ascii_and_names_keep_their_width(
    data_dir: Path,
) -> None:
    save_game(data_dir, "club.pawn", branchy_record())
    save_game(data_dir, "far.pawn", martian_record(("c3-d4",), players=("界王", "Zoë 👍🏽")))
    app = make_app(data_dir, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await shows(pilot, GameSelectScreen, "the game list")
        library = await open_library(pilot)
        await wait_for(lambda: len(library.shown) == 2, what="the saved games listed")
        lines = await shows(pilot, LibraryScreen, "the library")
        assert any("???? vs Zoe ??" in line for line in lines), "\n".join(lines)
        assert any("club.pawn" in line for line in lines)
        await highlight(pilot, library, "far.pawn")
        await pilot.press("enter")
        lines = await shows(pilot, BoardScreen, "the review")
        assert board_screen(app).reviewing
        assert any("????" in line for line in lines)
        await pilot.press("S")
        lines = await shows(pilot, SaveAsScreen, "the save-as dialog")
        await pilot.press("x", "界")
        await pilot.pause()
        assert any("x??" in line for line in ascii_lines(app))
