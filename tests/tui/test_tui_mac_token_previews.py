"""MAC's power tokens as the board shows them before the move: a Push chosen shows the pushed
piece on its new square, where the move that follows may capture it; a Double Step whose
first step captures says that it ended there; Peek's prompt fits beside the turn at 80
columns, with its whole wording in the help."""

from __future__ import annotations

from pathlib import Path

from drawn_text import drawn
from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    click_square,
    cursor_to,
    line,
    make_app,
    square,
    square_lines,
)

from core import GameRecord, find_game
from tui.plain_text import cells
from tui.screens.board import BoardScreen
from tui.screens.handover import HandoverScreen
from tui.screens.help import HelpScreen
from tui.screens.input_modes.tokens import FIRST_STEP_CAPTURED, TARGET_PROMPTS, TokenMode
from tui.widgets.board import BoardWidget

MAC = find_game("mac")
#: Red to move holding +1, Double Step and Push: R3 a1, R5 c2, R0 d1; Blue B2 a4, B4 b3,
#: B10 d8; portals c1 and b7.
PUSH_TO_CAPTURE = (
    "light+tokens ...B10/.@../..../..../B2.../.B4../..R5./R3.@R0 0 RB - +dp/- - -/- 0 -"
)
#: The same with Red's 5 on b2, beside Blue's 4 on b3.
BESIDE = "light+tokens ...B10/.@../..../..../B2.../.B4../.R5../R3.@R0 0 RB - +dp/- - -/- 0 -"
#: Dark Chess, Red holding Peek: face-down pieces on a8, b8 and c1, Red's 2 face up on a1.
PEEKING = "dark+tokens r5b3../..../..../@.../...@/..../..../R2.b7. 0 RB - k/- - -/- 0 -"


def record(position: str) -> GameRecord:
    return GameRecord(MAC, {"tokens": "on"}, 1, ["Rae", "Bo"], position)


def token_screen(app: object) -> BoardScreen:
    screen = board_screen(app)  # type: ignore[arg-type]
    assert isinstance(screen.mode, TokenMode)
    return screen


def status(screen: BoardScreen) -> str:
    return screen.query_one("#status").message


def drawn_square(screen: BoardScreen, name: str) -> str:
    return " ".join(" ".join(square_lines(screen, name)).split())


@app_test
async def test_a_push_shows_the_piece_where_it_goes_and_the_capture_there(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(PUSH_TO_CAPTURE))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        assert "4" in drawn_square(screen, "b3") and "4" not in drawn_square(screen, "c3")
        await pilot.press("p")
        await click_square(pilot, "b3")
        await click_square(pilot, "c3")
        assert status(screen).startswith("Push b3-c3; now your move")
        await pilot.pause()
        assert "4" in drawn_square(screen, "c3")  # Blue's 4 where the push puts it
        assert "4" not in drawn_square(screen, "b3")
        await click_square(pilot, "c2")  # Red's 5, which may take it there
        board = screen.query_one(BoardWidget)
        c3 = square(MAC, screen.record, "c3")
        assert c3 in board.targets
        assert board.view is not None and board.view.cells[c3].text  # a capture, not a dot
        assert "•" not in drawn_square(screen, "c3") and "4" in drawn_square(screen, "c3")
        await click_square(pilot, "c3")
        assert line(screen.record) == ["push:b3-c3;c2xc3"]


@app_test
async def test_a_double_step_ended_by_a_capture_says_so(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(BESIDE))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        await pilot.press("d")
        for name in ("b2", "b3"):  # the first step takes Blue's 4
            await cursor_to(pilot, name)
            await pilot.press("enter")
        await pilot.pause()
        assert line(screen.record) == ["ds:b2xb3"]
        assert status(screen) == FIRST_STEP_CAPTURED
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("u")  # undone: the note is not said again
        await pilot.pause()
        assert FIRST_STEP_CAPTURED not in status(screen)


@app_test
async def test_the_peek_prompt_fits_beside_the_turn_at_80_columns(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(PEEKING))
    async with app.run_test(size=SIZE) as pilot:
        token_screen(app)
        await pilot.press("e")
        await pilot.pause()
        row = drawn(app).lines[-2]
        assert cells(row) == SIZE[0]
        assert row.strip().startswith("Peek: select") and row.rstrip().endswith("to move")
        assert "…" not in row
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert TARGET_PROMPTS["k"] in {description for _, description in help_screen.rows}
