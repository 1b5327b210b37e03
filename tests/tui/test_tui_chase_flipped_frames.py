"""A North player at a flipped Chase board sees a tile's exits the way the board draws them
everywhere: the prompt of a placement and the Next tiles panel turn their arrows with the
board (in Unicode and in ASCII), while the move made and its notation keep the board's true
directions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from test_tui_chase_arrow_places import SIDES, drawn_lines, region_of
from tui_helpers import SIZE, app_test, board_screen, cursor_to, line, make_app

from core import GameRecord, find_game
from core.games.chase.board import exits_text
from core.games.chase.state import ChaseState
from core.squares import parse_square
from tui.play.seat_types import seat_tags
from tui.widgets.board import BoardWidget
from tui.widgets.chase_board import ARROWS, ASCII_ARROWS, DIRECTIONS, OPPOSITE
from tui.widgets.chase_panels import TileStackPanel
from tui.widgets.status_line import StatusLine

CHASE = find_game("chase")
#: North to move, a tee (T) the next tile; g7 is a square of North's colour with no tile
#: round it, so that every arrow near it is the new tile's.
NORTH_TO_MOVE = "mode:regular turn:N gold:20,20 deck:TXPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,c6=N.S@N"
SQUARE = "g7"
#: The South seat played by the computer: the board starts with North at the bottom.
AGAINST_THE_COMPUTER = seat_tags(["computer:easy", "human"])


def chase_app(data_dir: Path, tags: dict[str, str], ascii: bool = False) -> Any:
    record = GameRecord(CHASE, {}, 1, ["South", "Nat"], NORTH_TO_MOVE, tags=tags)
    return make_app(data_dir, record=record, games=[CHASE], ascii=ascii)


def board(app: Any) -> BoardWidget:
    return board_screen(app).query_one(BoardWidget)


def board_arrows(app: Any, name: str, ascii: bool) -> tuple[str, str]:
    """The arrows the board draws round the empty square ``name`` (its text line the middle
    of its region, northward arrows on the line above, southward ones below), clockwise from
    the top of the screen, and the screen directions they point to."""
    glyphs = ASCII_ARROWS if ascii else ARROWS
    shown = board(app)
    lines = drawn_lines(shown)
    region = region_of(shown, name)
    text_y = region.y + region.height // 2
    directions = tuple(
        direction
        for direction in DIRECTIONS
        if glyphs[direction] in lines[text_y + SIDES[direction][1]][region.x : region.right]
    )
    assert directions, "\n".join(lines[region.y - 1 : region.bottom + 1])
    return "".join(glyphs[d] for d in directions), ",".join(directions)


def prompt_arrows(app: Any) -> str:
    message = board_screen(app).query_one(StatusLine).message
    found = re.search(rf"tile on {SQUARE} showing (\S+):", message)
    assert found, message
    return found.group(1)


def panel_arrows(app: Any) -> str:
    """The arrows of the next tile in the Next tiles panel."""
    first = str(board_screen(app).query_one(TileStackPanel).render()).splitlines()[0]
    return first.split()[2]


def true_directions(screen_directions: str) -> str:
    """The board's own directions of exits seen on a flipped board (turned back round)."""
    turned = {OPPOSITE[d] for d in screen_directions.split(",")}
    return ",".join(d for d in DIRECTIONS if d in turned)


def first_move_exits(app: Any, name: str) -> tuple[str, str]:
    """The first move's notation and the exits it left on ``name`` (the computer may have
    answered it since)."""
    node = board_screen(app).record.root.children[0]
    state = node.state
    assert isinstance(state, ChaseState)
    return node.notation, exits_text(state.exits[parse_square(name, 8, 8)])


async def choose_the_square(pilot: Any) -> None:
    await pilot.press("t")
    await cursor_to(pilot, SQUARE)
    await pilot.press("enter")
    await pilot.pause()


@app_test
async def test_a_north_player_sees_the_boards_arrows_in_the_prompt_and_panel(
    data_dir: Path,
) -> None:
    app = chase_app(data_dir, AGAINST_THE_COMPUTER)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert board(app).flipped  # North plays from the bottom
        await choose_the_square(pilot)
        arrows, directions = board_arrows(app, SQUARE, ascii=False)
        assert prompt_arrows(app) == arrows
        assert panel_arrows(app) == arrows  # the tile as it comes, the board's first turn
        await pilot.press("r")
        await pilot.pause()
        arrows, directions = board_arrows(app, SQUARE, ascii=False)
        assert prompt_arrows(app) == arrows
        await pilot.press("enter")
        await pilot.pause()
        true = true_directions(directions)
        assert line(board_screen(app).record)[0] == f"T:{SQUARE}={true}"
        assert first_move_exits(app, SQUARE) == (f"T:{SQUARE}={true}", true)


@app_test
async def test_in_ascii_the_prompt_and_panel_follow_the_flip_key(data_dir: Path) -> None:
    app = chase_app(data_dir, {}, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")  # two people at one keyboard: North turns the board round
        await pilot.pause()
        assert board(app).flipped
        await choose_the_square(pilot)
        arrows, _ = board_arrows(app, SQUARE, ascii=True)
        assert prompt_arrows(app) == arrows
        assert panel_arrows(app) == arrows
        await pilot.press("f")  # the right way up again, the tile still being placed
        await pilot.press("r")
        await pilot.pause()
        arrows, directions = board_arrows(app, SQUARE, ascii=True)
        assert not board(app).flipped
        assert prompt_arrows(app) == arrows
        await pilot.press("f", "R")
        await pilot.pause()
        arrows, directions = board_arrows(app, SQUARE, ascii=True)
        assert prompt_arrows(app) == arrows
        assert panel_arrows(app) == arrows  # turned back: the tile as it comes, flipped again
        await pilot.press("enter")
        await pilot.pause()
        true = true_directions(directions)
        assert first_move_exits(app, SQUARE) == (f"T:{SQUARE}={true}", true)
