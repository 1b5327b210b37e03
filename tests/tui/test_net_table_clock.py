"""Clocks at a table over SSH, on a fake time source given to the table: one pair of clocks
per table on the server's time, shown on every screen at it, pressed by each move (its time
kept with the move), running on while a player is disconnected, and a fallen flag ending the
game on time for everyone."""

from __future__ import annotations

import asyncio
import logging
from contextlib import AsyncExitStack
from pathlib import Path

from drawn_text import drawn
from net_helpers import join, make_hall, serving_tables
from test_ssh_support import run_scenario
from textual.widgets import Static
from waiting import wait_for

from core.ai.levels import find_level
from core.outcome import Outcome
from core.record import GameRecord
from core.registry import find_game
from core.time_control import TIME_CONTROL_TAG
from tui.net.app import NetApp
from tui.net.lobby import LobbyScreen
from tui.net.new_table import NewTableScreen
from tui.net.server_hall import server_hall
from tui.play.computer import ComputerRunner, SearchHandle, SearchRequest
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.record_view import RecordView
from tui.play.table import Table
from tui.screens.setup import TIME_CONTROL_ID

MARTIAN = find_game("martian-chess")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")
#: One minute a player, two seconds more after each move.
ONE_PLUS_TWO = "60+2"


class FakeTime:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def test_a_record_view_shows_its_owners_ending_and_each_moves_clock_and_marks() -> None:
    record = GameRecord(find_game("martian"), seed=1)
    record.play_text("c3-d4", main=True)
    node = record.current
    node.clock, node.evaluation, node.nags = 52.0, 0.6, (2,)
    view = RecordView(record)
    shown = view.current
    assert (shown.clock, shown.evaluation, shown.nags) == (52.0, 0.6, (2,))
    assert view.adjudicated is None and view.outcome() is None
    record.adjudicated = Outcome((0,), "North lost on time")
    assert view.adjudicated is record.adjudicated
    assert view.outcome() == record.adjudicated


def test_the_time_control_typed_on_the_new_table_form_is_the_tables_and_listed(
    tmp_path: Path,
) -> None:
    hall = make_hall(tmp_path)

    async def main() -> None:
        app = NetApp(hall, PlayerIdentity("dave"), ascii_board=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await wait_for(lambda: isinstance(app.screen, NewTableScreen), what="the form")
            await pilot.click(f"#{TIME_CONTROL_ID}")
            await pilot.press("end", "backspace", *"[b]9", "enter")  # not a time control
            message = app.screen.query_one("#new-table-message", Static)
            await wait_for(lambda: "is not a time control" in str(message.render()), what="why")
            assert hall.table(1) is None
            await pilot.press("end", *["backspace"] * 4, *"5+3", "enter")
            await wait_for(lambda: hall.table(1) is not None, what="the table")
            table = hall.table(1)
            assert table is not None and table.record.tags[TIME_CONTROL_TAG] == "300+3"
            await pilot.press("ctrl+n")  # back to the lobby, where the table is listed
            await wait_for(lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            await wait_for(
                lambda: any("Martian Chess 5+3" in row for row in drawn(app).lines),
                what="the table's clock in the list",
            )
            await wait_for(
                lambda: any("clock 5+3" in row for row in drawn(app).lines),
                what="the table's clock in its detail",
            )

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


def test_a_flag_that_falls_while_nobody_watches_ends_the_game_on_time(tmp_path: Path) -> None:
    time = FakeTime()

    async def main() -> None:
        log = logging.Logger("tables")
        hall = server_hall(
            tmp_path,
            log,
            games=[MARTIAN],
            new_seed=lambda: 1,
            runner=ComputerRunner(),
            lease_seconds=0.2,
        )
        try:
            hall.start()
            tags = {TIME_CONTROL_TAG: ONE_PLUS_TWO}
            table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE, tags=tags)
            table.time = time
            table.sit(BOB, 1)
            assert table.latest_news.endswith("; clock 1+2")
            assert table.watchers == [] and not table.finished
            time.now += 60.5
            await wait_for(lambda: table.finished, what="the game ended on time")
            outcome = table.record.outcome()
            assert outcome is not None and outcome.winners == (1,)
            assert "on time" in outcome.reason
            await wait_for(lambda: table.filed_as is not None, what="the game filed")
            assert table.filed_as is not None
            assert 'Termination "South lost on time"' in table.filed_as.read_text()
        finally:
            hall.close()

    asyncio.run(asyncio.wait_for(main(), 60))


class SearchesSeen(ComputerRunner):
    """The computer's runner, noting each search asked of it."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[SearchRequest] = []

    def submit(self, request: SearchRequest) -> SearchHandle:
        self.requests.append(request)
        return super().submit(request)


def test_a_computer_seat_at_a_timed_table_thinks_within_its_clock(tmp_path: Path) -> None:
    """One minute without increment: the hard level would think five seconds, its clock
    allows a twentieth of its minute."""
    time = FakeTime()
    runner = SearchesSeen()

    async def main() -> None:
        log = logging.Logger("tables")
        hall = server_hall(tmp_path, log, games=[MARTIAN], new_seed=lambda: 1, runner=runner)
        try:
            hall.start()
            tags = {TIME_CONTROL_TAG: "60"}
            table = hall.open_table(MARTIAN, {}, [ME, "computer:hard"], ALICE, tags=tags)
            table.time = time
            table.play(ALICE, MARTIAN.parse_move(table.record.state, "c3-d4"))
            await wait_for(
                lambda: table.record.current.ply == 2, timeout=30, what="the computer's reply"
            )
            assert [request.seconds for request in runner.requests] == [3.0]
            assert find_level("hard").seconds == 5.0
            assert table.record.current.clock == 60.0  # no time passed on the table's clock
        finally:
            hall.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_every_screen_at_a_table_shows_its_clocks_and_a_flag_ends_the_game_for_all(
    tmp_path: Path,
) -> None:
    time = FakeTime()

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, server, "alice")
            alice.press("n")
            await alice.shows("Open a table")
            alice.press("\x0f")  # ctrl+o: open it with the defaults, alice in the first seat
            await alice.shows("You play South at table 1")
            table = hall.table(1)
            assert isinstance(table, Table)
            table.time = time
            table.record.tags[TIME_CONTROL_TAG] = ONE_PLUS_TWO

            bob = await join(stack, server, "bob")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            carol = await join(stack, server, "carol")
            carol.press("\r")  # no seat free: she watches
            await carol.shows("You are watching table 1")
            for screen in (alice, bob, carol):
                await screen.shows("1:00")

            time.now += 10
            await alice.type_move("c3-d4")
            for screen in (alice, bob, carol):
                await screen.shows("0:52")
            assert table.record.current.clock == 52.0
            time.now += 20
            for screen in (alice, bob, carol):
                await screen.shows("0:40")  # bob's clock runs, on every screen

            bob.drop()  # bob's clock runs on without him
            time.now += 40.5
            for screen in (alice, carol):
                await screen.shows("Game over")
                await screen.shows("on time")
            outcome = table.record.outcome()
            assert outcome is not None and outcome.winners == (0,)
            assert table.finished
            hall.flush()
            filed = sorted((tmp_path / "games").glob("*.pawn"))
            assert len(filed) == 1
            assert 'Termination "North lost on time"' in filed[0].read_text()

    run_scenario(scenario)
