"""A widget's repaint on the top screen is drawn even when the screen below repaints at the
same moment (see ``tui/screens/kept_updates.py``)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static
from tui_helpers import app_test
from waiting import wait_for

from tui.screens.kept_updates import KeptUpdates
from tui.textual_internals import TimedUpdateHook


class Lower(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("the screen below", id="low")


class PlainUpper(TimedUpdateHook):
    """Textual's own screen, counting its timed updates (the hook draws nothing itself)."""

    timed_updates = 0

    def compose(self) -> ComposeResult:
        yield Static("line\n" * 5, id="up")

    def before_timed_update(self) -> None:
        self.timed_updates += 1


class KeptUpper(KeptUpdates):
    timed_updates = 0

    def compose(self) -> ComposeResult:
        yield Static("line\n" * 5, id="up")

    def before_timed_update(self) -> None:
        self.timed_updates += 1
        super().before_timed_update()


class TwoScreens(App[None]):
    def __init__(self, upper: type[PlainUpper | KeptUpper]) -> None:
        super().__init__()
        self.upper = upper

    def on_mount(self) -> None:
        self.push_screen(Lower())
        self.push_screen(self.upper())


async def undelivered_after_both_repaint(upper: type[PlainUpper | KeptUpper]) -> set[Region]:
    """Repaint one line of the top screen's widget while the screen below repaints its top
    line; what the widget still waits to have drawn once the top screen has drawn both."""
    app = TwoScreens(upper)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert app._background_screens == [app.screen_stack[-2]]
        top = app.screen
        assert isinstance(top, upper)
        widget = top.query_one("#up")
        updates = top.timed_updates
        widget.refresh(Region(0, 2, 10, 1))
        # What the screen below does when it repaints an area: the top screen repaints it too.
        top.refresh(Region(0, 0, 40, 1))
        # The next timed update draws both repaints, or loses the widget's for good.
        await wait_for(lambda: top.timed_updates > updates, what="the top screen's update")
        return set(widget._repaint_regions)


@app_test
async def test_the_widget_repaint_is_drawn_with_the_lower_screens() -> None:
    assert await undelivered_after_both_repaint(KeptUpper) == set()


@app_test
async def test_a_plain_screen_still_loses_it() -> None:
    """Textual's own behaviour, checked so that the day it changes this test says the
    workaround can go."""
    assert await undelivered_after_both_repaint(PlainUpper) == {Region(0, 2, 10, 1)}
