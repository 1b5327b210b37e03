"""The setup form as a new player meets it at 80x24: the focused row stands out without
colour, an open drop-down is framed over the rows below it, options that have no effect are
not shown, the Start game button sits apart from the game's options, and `?` names the
form's keys."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from drawn_text import drawn
from rich.console import Console
from textual.widgets import Label
from textual.widgets._select import SelectOverlay
from tui_helpers import SIZE, app_test, board_screen, make_app

from core import find_game
from core.game import Game
from tui.app import PawnshopApp
from tui.screens.help import HelpScreen
from tui.screens.setup import SetupScreen

MARTIAN = find_game("martian-chess")
MAC = find_game("mac")
MACADAM = find_game("macadam")
#: What Textual's own bindings say (tab, copying, scrolling): not the app's words.
TEXTUAL_WORDS = {"Focus Next", "Focus Previous", "Copy selected text", "Page Left", "Scroll Left"}
#: The colour systems of a terminal: truecolor, 256 colours, 16 colours, and none.
DEPTHS = ("truecolor", "256", "standard", None)


async def open_setup(pilot: Any, game: Game) -> SetupScreen:
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen) and screen.game is game
    return screen


def setup_app(data_dir: Path, game: Game) -> PawnshopApp:
    return make_app(data_dir, games=[game])


def drawn_lines(app: Any) -> list[str]:
    return drawn(app).lines


def label_output(app: Any, label: Label, depth: str | None) -> str:
    """What the terminal is sent for the cells of ``label`` at colour depth ``depth``
    (``None``: no colour at all, as with ``NO_COLOR``)."""
    region = label.region
    strip = app.screen._compositor.render_strips()[region.y]
    cells = strip.crop(region.x, region.right)
    console = Console(
        file=io.StringIO(),
        force_terminal=True,
        color_system=depth,
        no_color=depth is None,
        width=region.width,
    )
    return cells.render(console)


def in_reverse(output: str) -> bool:
    """Whether the output turns on reverse video (SGR 7, alone or among other attributes)."""
    codes = [part.split("m")[0] for part in output.split("\x1b[")[1:]]
    return any("7" in code.split(";") for code in codes)


def row_labels(screen: SetupScreen) -> list[Label]:
    return [label for label in screen.query("#setup-form Label").results(Label) if label.display]


def marked(app: Any, screen: SetupScreen, depth: str | None) -> list[str]:
    """The labels drawn in reverse video at ``depth``."""
    return [
        str(label.render())
        for label in row_labels(screen)
        if in_reverse(label_output(app, label, depth))
    ]


# -- the focused row ---------------------------------------------------------------------------


@pytest.mark.parametrize("depth", DEPTHS, ids=lambda depth: depth or "no-colour")
@app_test
async def test_the_focused_row_is_marked_at_every_colour_depth(
    data_dir: Path, depth: str | None
) -> None:
    app = setup_app(data_dir, MARTIAN)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, MARTIAN)
        await pilot.press("tab")  # from Start game round to the first option
        await pilot.pause()
        assert marked(app, screen, depth) == ["Players"]
        await pilot.press("tab")
        await pilot.pause()
        assert marked(app, screen, depth) == ["Calling the clock"]
        await pilot.press("shift+tab", "shift+tab")  # back round to Start game: no row
        await pilot.pause()
        assert marked(app, screen, depth) == []
        await pilot.press("shift+tab")  # North's seat type
        await pilot.pause()
        assert marked(app, screen, depth) == ["North"]


# -- an open drop-down ---------------------------------------------------------------------


@app_test
async def test_an_open_drop_down_is_framed(data_dir: Path) -> None:
    app = setup_app(data_dir, MARTIAN)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, MARTIAN)
        await pilot.press("tab", "enter")
        await pilot.pause()
        overlay = screen.query_one("#option-players").query_one(SelectOverlay)
        region = overlay.region
        lines = drawn_lines(app)
        assert lines[region.y][region.x] == "╭" and lines[region.y][region.right - 1] == "╮"
        assert lines[region.bottom - 1][region.x] == "╰"
        inside = [line[region.x + 1 : region.right - 1].strip() for line in lines]
        assert inside[region.y + 1 : region.bottom - 1] == ["2", "4"]
        # Marked as the row it belongs to while open.
        assert marked(app, screen, None) == ["Players"]


# -- options that have no effect ---------------------------------------------------------------


def shown_options(app: Any) -> list[str]:
    screen = app.screen
    labels = screen.query("#setup-options Label")
    # The time control's row shows for every game: only the game's own options come and go.
    return [
        str(label.render())
        for label in labels
        if label.display and label.id != "label-option-time-control"
    ]


@app_test
async def test_teams_show_only_with_four_players(data_dir: Path) -> None:
    app = setup_app(data_dir, MARTIAN)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, MARTIAN)
        assert shown_options(app) == ["Players", "Calling the clock", "First player"]
        assert not any("Teams" in line for line in drawn_lines(app))
        await pilot.press("tab", "enter", "down", "enter")  # Players: 4
        await pilot.pause()
        assert shown_options(app) == ["Players", "Teams", "Calling the clock", "First player"]
        assert any("Teams" in line for line in drawn_lines(app))
        await pilot.press("tab", "enter", "down", "enter")  # Teams: off
        await pilot.press("shift+tab", "enter", "up", "enter")  # Players: 2 again
        await pilot.pause()
        assert shown_options(app) == ["Players", "Calling the clock", "First player"]
        await pilot.click("#start")
        await pilot.pause()
        options = board_screen(app).record.options
        assert options["players"] == "2" and options["teams"] == "on"  # hidden: its default


@app_test
async def test_portal_squares_show_only_in_dark_chess(data_dir: Path) -> None:
    app = setup_app(data_dir, MAC)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, MAC)
        assert shown_options(app) == ["Mode", "Power tokens"]
        await pilot.press("tab", "enter", "down", "enter")  # Mode: dark
        await pilot.pause()
        assert shown_options(app) == ["Mode", "Power tokens", "Portal squares (dark)"]
        await pilot.press("tab", "tab", "end", *["backspace"] * 3)  # the portals: "b4"
        await pilot.pause()
        message = screen.query_one("#setup-message")
        assert "option portals cannot be 'b4'" in str(message.render())
        await pilot.press("shift+tab", "shift+tab", "enter", "up", "enter")  # Mode: standard
        await pilot.pause()
        assert shown_options(app) == ["Mode", "Power tokens"]
        assert str(message.render()) == ""  # the hidden portals went back to their default
        await pilot.click("#start")
        await pilot.pause()
        record = board_screen(app).record
        assert record.options["mode"] == "standard"
        assert record.options["portals"] == "b4,c5"


# -- the Start game button -----------------------------------------------------------------


@app_test
async def test_the_start_button_sits_apart_from_the_options(data_dir: Path) -> None:
    app = setup_app(data_dir, MACADAM)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, MACADAM)
        lines = drawn_lines(app)
        button = next(row for row, line in enumerate(lines) if "Start game" in line)
        option = next(row for row, line in enumerate(lines) if "Start " in line and "dots" in line)
        rules = [row for row, line in enumerate(lines) if "─" * 40 in line]
        assert any(option < rule < button for rule in rules)
        labels = {str(label.render()) for label in screen.query("#setup-options Label")}
        assert "Start game" not in labels
        assert screen.query_one("#start").region.y >= screen.query_one("#setup-form").region.bottom
        await pilot.press("enter")  # the button has the focus: Enter starts
        await pilot.pause()
        assert board_screen(app).game is MACADAM


# -- the help ------------------------------------------------------------------------------


@app_test
async def test_the_setup_help_names_the_forms_keys(data_dir: Path) -> None:
    app = setup_app(data_dir, MARTIAN)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, MARTIAN)
        await pilot.press("tab")  # a drop-down has the focus: its keys are Textual's
        await pilot.press("question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        rows = {description: keys for keys, description in help_screen.rows}
        assert rows["Next field"] == "tab" and rows["Previous field"] == "shift+tab"
        assert rows["Back"] == "esc"
        assert not TEXTUAL_WORDS & set(rows)
