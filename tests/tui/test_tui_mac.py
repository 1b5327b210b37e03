"""MAC on screen: its options on the setup screen (the Dark Chess portal squares typed and
checked), and the board as drawn in each mode: face-down pieces, portals, flips."""

from __future__ import annotations

from pathlib import Path

from rich.color import ColorSystem
from textual.widgets import Input, Select, Static
from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    click_square,
    make_app,
    square_lines,
)

from core import GameRecord, find_game
from core.squares import square_name
from tui.screens.input_modes.moves import MovesMode
from tui.screens.input_modes.placement import PlacementMode
from tui.screens.input_modes.tokens import TokenMode
from tui.screens.setup import SetupScreen
from tui.widgets.board import BoardWidget

MAC = find_game("mac")


@app_test
async def test_dark_chess_portal_squares_are_typed_and_checked(data_dir: Path) -> None:
    app = make_app(data_dir, games=[MAC])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#option-mode", Select).value = "dark"
        field = setup.query_one("#option-portals", Input)
        assert field.value == "b4,c5"
        field.focus()
        await pilot.press("end", *["backspace"] * 3)
        message = setup.query_one("#setup-message", Static)
        expected = "option portals cannot be 'b4': give two different squares, like b4,c5"
        assert str(message.render()) == expected
        await pilot.press(*",z9")
        assert "z9" in str(message.render())
        await pilot.press("backspace", "backspace", *"d8")
        assert str(message.render()) == ""
        setup.start()
        await pilot.pause()
        screen = board_screen(app)
        assert screen.record.options["portals"] == "b4,d8"
        cells = MAC.board_view(screen.record.state).cells
        portals = [square_name(n, 4) for n, cell in enumerate(cells) if cell.mark == "portal"]
        assert portals == ["b4", "d8"]


@app_test
async def test_a_bad_portal_option_keeps_the_setup_screen(data_dir: Path) -> None:
    app = make_app(data_dir, games=[MAC])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        setup.query_one("#option-portals", Input).value = "b4,b4"
        await pilot.pause()
        setup.start()
        await pilot.pause()
        assert app.screen is setup
        message = str(setup.query_one("#setup-message", Static).render())
        assert message == "option portals cannot be 'b4,b4': give two different squares, like b4,c5"


@app_test
async def test_each_mode_opens_on_its_screen(data_dir: Path) -> None:
    expected = {
        ("standard", "off"): PlacementMode,
        ("standard", "on"): PlacementMode,
        ("dark", "off"): MovesMode,
        ("dark", "on"): TokenMode,
        ("light", "on"): TokenMode,
    }
    for (mode, tokens), kind in expected.items():
        record = GameRecord(MAC, {"mode": mode, "tokens": tokens}, 1)
        app = make_app(data_dir, record=record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert type(board_screen(app).mode) is kind, (mode, tokens)


@app_test
async def test_face_down_pieces_and_portals_are_drawn_as_such(data_dir: Path) -> None:
    record = GameRecord(MAC, {"mode": "dark"}, 1, ["Rae", "Bo"])
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        for name in ("a2", "d8", "b5"):  # (the cursor is on a1)
            assert square_lines(screen, name) == ["░░?░░", "░░░░░"]
        for name in ("b4", "c5"):
            assert [text.strip() for text in square_lines(screen, name)] == ["()", "≈≈≈"]
        await click_square(pilot, "a8")  # a flip: the piece shows its colour and number
        await click_square(pilot, "b8")
        flipped = MAC.board_view(screen.record.state).cells[28].text
        assert flipped[0] in "RB" and flipped[1:].isdigit()
        assert square_lines(screen, "a8")[0].strip() == flipped
        assert square_lines(screen, "d1") == ["░░?░░", "░░░░░"]


@app_test
async def test_the_player_who_peeked_sees_the_piece_in_lower_case(data_dir: Path) -> None:
    position = "dark+tokens r5b3../..../..../@.../...@/..../..../R2.b7. 0 RB - -/- - a8/- 0 -"
    record = GameRecord(MAC, {"mode": "dark", "tokens": "on"}, 1, ["Rae", "Bo"], position)
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        assert square_lines(screen, "a8")[0] == "░░r5░"
        assert square_lines(screen, "b8")[0] == "░░?░░"


@app_test
async def test_special_squares_keep_colours_of_their_own_in_16_colours(data_dir: Path) -> None:
    app = make_app(data_dir, record=GameRecord(MAC, {"mode": "dark"}, 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = board_screen(app).query_one(BoardWidget)

        def sixteen(component: str) -> int | None:
            colour = board.get_component_styles(component).background.rich_color
            return colour.downgrade(ColorSystem.STANDARD).number

        marks = [sixteen(f"board--mark-{word}") for word in ("goal", "portal", "hidden")]
        regions = {sixteen(f"board--region-{n}") for n in range(4)}
        highlights = {
            sixteen(f"board--{name}") for name in ("cursor", "selected", "target", "last")
        }
        assert len(set(marks)) == 3
        assert not set(marks) & (regions | highlights)
