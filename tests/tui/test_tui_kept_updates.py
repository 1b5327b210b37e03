"""A widget's repaint on the top screen is drawn even when the screen below repaints at the
same moment (see ``tui/screens/kept_updates.py``)."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static
from tui_helpers import app_test

from tui.screens.kept_updates import KeptUpdates


class Lower(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("the screen below", id="low")


class PlainUpper(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("line\n" * 5, id="up")


class KeptUpper(KeptUpdates):
    def compose(self) -> ComposeResult:
        yield Static("line\n" * 5, id="up")


class TwoScreens(App[None]):
    def __init__(self, upper: type[Screen[Any]]) -> None:
        super().__init__()
        self.upper = upper

    def on_mount(self) -> None:
        self.push_screen(Lower())
        self.push_screen(self.upper())


async def undelivered_after_both_repaint(upper: type[Screen[Any]]) -> set[Region]:
    """Repaint one line of the top screen's widget while the screen below repaints its top
    line; what the widget still waits to have drawn once the app has settled."""
    app = TwoScreens(upper)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert app._background_screens == [app.screen_stack[-2]]
        widget = app.screen.query_one("#up")
        widget.refresh(Region(0, 2, 10, 1))
        # What the screen below does when it repaints an area: the top screen repaints it too.
        app.screen.refresh(Region(0, 0, 40, 1))
        for _ in range(5):
            await pilot.pause(0.02)
        return set(widget._repaint_regions)


@app_test
async def test_the_widget_repaint_is_drawn_with_the_lower_screens() -> None:
    assert await undelivered_after_both_repaint(KeptUpper) == set()


@app_test
async def test_a_plain_screen_still_loses_it() -> None:
    """Textual's own behaviour, checked so that the day it changes this test says the
    workaround can go."""
    assert await undelivered_after_both_repaint(PlainUpper) == {Region(0, 2, 10, 1)}
