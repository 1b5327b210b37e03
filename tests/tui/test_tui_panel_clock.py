"""A player panel's clock, on a fake time source: it counts down while its seat is to move,
shows tenths under ten seconds, and a fallen flag is told once, ending the game on time."""

from __future__ import annotations

from typing import Any

from drawn_text import drawn
from textual.app import App, ComposeResult
from tui_helpers import app_test
from waiting import wait_for

from core import find_game
from core.outcome import Outcome
from core.record import GameRecord
from core.time_control import parse_time_control
from tui.play.clock import Clocks, timeout_outcome
from tui.play.describe import PanelInfo
from tui.widgets.player_panel import PlayerPanel


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class ClockedTable(App[None]):
    """Two panels of a Martian Chess game at 1+0, ending the game when a flag falls."""

    CSS = "PlayerPanel { height: 1; }"

    def __init__(self, time: FakeTime) -> None:
        super().__init__()
        self.record = GameRecord(find_game("martian-chess"), seed=1, players=["Ann", "Bob"])
        self.clocks = Clocks(parse_time_control("1+0"), 2, time)
        self.outcomes: list[Outcome] = []

    def compose(self) -> ComposeResult:
        yield PlayerPanel(id="panel-0")
        yield PlayerPanel(id="panel-1")

    def on_mount(self) -> None:
        for seat, name in enumerate(self.record.players):
            panel = self.query_one(f"#panel-{seat}", PlayerPanel)
            panel.info = PanelInfo(name, self.record.seat_names[seat], 0, seat == 0)
            panel.show_clock(self.clocks, seat)
        self.clocks.start(0)

    def on_player_panel_flag_fell(self, event: PlayerPanel.FlagFell) -> None:
        self.clocks.stop()
        self.outcomes.append(timeout_outcome(self.record, event.seat))


def panel_line(app: App[Any], seat: int) -> str:
    return drawn(app).lines[seat].rstrip()


@app_test
async def test_the_running_clock_counts_down_and_shows_tenths_under_ten_seconds() -> None:
    time = FakeTime()
    app = ClockedTable(time)
    async with app.run_test(size=(40, 4)):
        await wait_for(lambda: panel_line(app, 0).endswith("0  1:00"), what="Ann's 1:00")
        assert panel_line(app, 1).endswith("0  1:00")
        time.now = 29.0
        await wait_for(lambda: panel_line(app, 0).endswith("0:31"), what="Ann's 0:31")
        assert panel_line(app, 1).endswith("1:00")  # only the seat to move runs
        time.now = 55.7
        await wait_for(lambda: panel_line(app, 0).endswith("0:04.3"), what="Ann's 0:04.3")
        assert app.outcomes == []


@app_test
async def test_a_fallen_flag_ends_the_game_on_time_once() -> None:
    time = FakeTime()
    app = ClockedTable(time)
    async with app.run_test(size=(40, 4)):
        time.now = 20.0
        app.clocks.press(0, 1)
        time.now = 80.5
        await wait_for(lambda: app.outcomes, what="Bob's flag to fall")
        assert app.outcomes[0].winners == (0,)
        assert app.outcomes[0].reason == "North lost on time"
        await wait_for(lambda: panel_line(app, 1).endswith("0:00.0"), what="Bob's 0:00.0")
        time.now = 200.0
        for _ in range(3):
            app.query_one("#panel-1", PlayerPanel).tick_clock()
        assert len(app.outcomes) == 1


@app_test
async def test_a_panel_without_a_clock_draws_as_before() -> None:
    time = FakeTime()
    app = ClockedTable(time)
    async with app.run_test(size=(40, 4)) as pilot:
        panel = app.query_one("#panel-0", PlayerPanel)
        panel.show_clock(None, 0)
        await pilot.pause()
        assert panel_line(app, 0) == "▶ Ann (South)" + " " * 26 + "0"
