"""Clocks on the board at one keyboard, on a fake time source: each player's clock in their
panel counting down for the side to move, a move pressing the mover's clock (increment added,
its time kept with the move as ``%clk`` and in the autosave), undo setting the clocks back, a
fallen flag ending the game on time, a resumed game going on from its saved clock times and
review showing the times of the move looked at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drawn_text import drawn
from tui_helpers import SIZE, app_test, board_screen, line, make_app, martian_record, play_by_keys
from waiting import wait_for

from core.record import GameRecord
from core.time_control import TIME_CONTROL_TAG
from saves.format import load
from saves.paths import autosave_file
from tui.app import PawnshopApp
from tui.play.describe import turn_text
from tui.play.local_game import LocalGame
from tui.screens.game_over import GameOverScreen
from tui.screens.resume import ResumeScreen

#: One minute a player, two seconds more after each move.
ONE_PLUS_TWO = "60+2"


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def timed_record(moves: tuple[str, ...] = ()) -> GameRecord:
    record = martian_record(moves)
    record.tags[TIME_CONTROL_TAG] = ONE_PLUS_TWO
    return record


def clocked_app(data_dir: Path, time: FakeTime, **options: Any) -> PawnshopApp:
    app = make_app(data_dir, **options)
    app.game_time = time
    return app


def panel_row(app: PawnshopApp, name: str) -> str:
    """The drawn row of ``name``'s panel head, from the name on."""
    for row in drawn(app).lines:
        if f"▶ {name}" in row or f"  {name}" in row:
            return row[row.index(name) :].split("│")[0].rstrip()
    raise AssertionError(f"no panel of {name} drawn")


def shows(app: PawnshopApp, name: str, clock: str) -> bool:
    return panel_row(app, name).endswith(f" {clock}")


@app_test
async def test_each_panel_shows_its_clock_counting_down_for_the_side_to_move(
    data_dir: Path,
) -> None:
    time = FakeTime()
    app = clocked_app(data_dir, time, record=timed_record())
    async with app.run_test(size=SIZE):
        await wait_for(lambda: shows(app, "Alice", "1:00"), what="Alice's 1:00")
        assert shows(app, "Bob", "1:00")
        time.now += 21
        await wait_for(lambda: shows(app, "Alice", "0:39"), what="Alice's clock running")
        assert shows(app, "Bob", "1:00")  # only the side to move runs
        time.now += 34.5
        await wait_for(lambda: shows(app, "Alice", "0:04.5"), what="tenths under ten seconds")


@app_test
async def test_a_move_presses_the_clock_adds_the_increment_and_keeps_the_time(
    data_dir: Path,
) -> None:
    time = FakeTime()
    app = clocked_app(data_dir, time, record=timed_record())
    async with app.run_test(size=SIZE) as pilot:
        record = board_screen(app).record
        time.now += 10
        await play_by_keys(pilot, ("c3", "d4"))
        assert line(record) == ["c3-d4"]
        assert record.current.clock == 52.0  # 60 - 10 + 2
        await wait_for(lambda: shows(app, "Alice", "0:52"), what="Alice's 0:52")
        time.now += 5
        await wait_for(lambda: shows(app, "Bob", "0:55"), what="Bob's clock running")
        assert shows(app, "Alice", "0:52")  # Alice's clock stands
        await play_by_keys(pilot, ("b6", "a5"))
        assert record.current.clock == 57.0
    saved = load(autosave_file(data_dir))
    assert [node.clock for node in saved.line()] == [52.0, 57.0]


@app_test
async def test_undo_and_redo_set_the_clocks_back_to_the_positions(data_dir: Path) -> None:
    time = FakeTime()
    app = clocked_app(data_dir, time, record=timed_record())
    async with app.run_test(size=SIZE) as pilot:
        record = board_screen(app).record
        time.now += 10
        await play_by_keys(pilot, ("c3", "d4"))
        time.now += 20
        await play_by_keys(pilot, ("b6", "a5"))
        assert [node.clock for node in record.line()] == [52.0, 42.0]
        await pilot.press("u")  # Bob's move taken back: Bob to move with his full minute
        assert line(record) == ["c3-d4"]
        await wait_for(lambda: shows(app, "Bob", "1:00"), what="Bob's clock set back")
        assert shows(app, "Alice", "0:52")
        time.now += 3
        await wait_for(lambda: shows(app, "Bob", "0:57"), what="Bob's clock running again")
        await pilot.press("ctrl+y")  # played again: Bob's time is what it was after it
        assert line(record) == ["c3-d4", "b6-a5"]
        await wait_for(lambda: shows(app, "Bob", "0:42"), what="Bob's clock after redo")


@app_test
async def test_a_fallen_flag_ends_the_game_on_time_and_files_it(data_dir: Path) -> None:
    time = FakeTime()
    app = clocked_app(data_dir, time, record=timed_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        record = screen.record
        time.now += 10
        await play_by_keys(pilot, ("c3", "d4"))
        time.now += 60.5  # Bob's minute runs out
        await wait_for(lambda: isinstance(app.screen, GameOverScreen), what="the game over")
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert "on time" in over.reason
        outcome = record.outcome()
        assert outcome is not None and outcome.winners == (0,)
        assert turn_text(record) == "game over"
        assert screen.source is not None and screen.source.exists()
        assert "lost on time" in screen.source.read_text()
        await pilot.press("r")
        await wait_for(lambda: screen.reviewing, what="review")
        time.now += 100  # no clock runs once the game is over
        await pilot.pause()
        assert shows(app, "Alice", "0:52")


@app_test
async def test_a_resumed_game_goes_on_from_its_saved_clock_times(data_dir: Path) -> None:
    time = FakeTime()
    app = clocked_app(data_dir, time, record=timed_record())
    async with app.run_test(size=SIZE) as pilot:
        time.now += 10
        await play_by_keys(pilot, ("c3", "d4"))
        time.now += 25
        await play_by_keys(pilot, ("b6", "a5"))
        await pilot.pause()

    again = clocked_app(data_dir, time)
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(lambda: isinstance(again.screen, ResumeScreen), what="the resume offer")
        await pilot.press("y")
        await wait_for(lambda: shows(again, "Alice", "0:52"), what="Alice's saved time")
        assert shows(again, "Bob", "0:37")
        time.now += 2
        await wait_for(lambda: shows(again, "Alice", "0:50"), what="Alice's clock going on")


@app_test
async def test_review_shows_the_clock_times_of_the_move_looked_at(data_dir: Path) -> None:
    time = FakeTime()
    app = clocked_app(data_dir, time, record=timed_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        for path, seconds in ((("c3", "d4"), 10), (("b6", "a5"), 20), (("d2", "a5"), 9)):
            time.now += seconds
            await play_by_keys(pilot, path)
        assert [node.clock for node in screen.record.line()] == [52.0, 42.0, 45.0]
        time.now += 42.5  # Bob's flag falls: the game over, then review
        await wait_for(lambda: isinstance(app.screen, GameOverScreen), what="the game over")
        await pilot.press("r")
        await wait_for(lambda: screen.reviewing, what="review")
        await wait_for(lambda: shows(app, "Alice", "0:45"), what="Alice's time at move 3")
        assert shows(app, "Bob", "0:42")
        await pilot.press("left", "left")  # back to after move 1
        await wait_for(lambda: shows(app, "Bob", "1:00"), what="Bob's time before his move")
        assert shows(app, "Alice", "0:52")
        time.now += 30
        await pilot.pause()
        assert shows(app, "Alice", "0:52")  # review's clocks stand still


@app_test
async def test_a_computer_seat_thinks_within_its_clock(data_dir: Path) -> None:
    record = timed_record()
    record.tags["Seat2Type"] = "computer:easy"
    time = FakeTime()
    app = clocked_app(data_dir, time, record=record)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        clock = screen.controller.clock
        assert clock is not None and screen.computers.think_limit is not None
        await play_by_keys(pilot, ("c3", "d4"))
        # The search is given what the computer's clock allows, well within its minute.
        assert screen.computers.think_limit(1) == clock.clocks.think_seconds(1) < 60
        await wait_for(lambda: len(line(record)) == 2, what="the computer's reply")
        assert record.outcome() is None
        assert record.current.clock is not None and record.current.clock > 0


@app_test
async def test_a_flag_falling_while_a_computer_thinks_ends_its_search(data_dir: Path) -> None:
    record = timed_record()
    record.tags["Seat2Type"] = "computer:hard"
    time = FakeTime()
    app = clocked_app(data_dir, time, record=record)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await play_by_keys(pilot, ("c3", "d4"))
        await wait_for(lambda: screen.computers.busy is not None, what="the computer thinking")
        time.now += 61  # far beyond anything its clock allows it: a stalled search
        await wait_for(lambda: isinstance(app.screen, GameOverScreen), what="the game over")
        assert screen.computers.busy is None
        outcome = record.outcome()
        assert outcome is not None and outcome.winners == (0,)
        assert line(record) == ["c3-d4"]


class NoFiles:
    """Where a game under test is kept: nowhere."""

    storage: Any = None

    def keep(self, record: GameRecord) -> str:
        return ""


def test_a_move_played_from_a_position_looked_back_at_takes_that_positions_clocks() -> None:
    time = FakeTime()
    record = timed_record()
    game = LocalGame(record, NoFiles, now=time)
    clock = game.clock
    assert clock is not None
    for text, seconds in (("c3-d4", 10), ("b6-a5", 20)):
        time.now += seconds
        game.play(record.game.parse_move(record.state, text))
    first = record.line()[0]
    record.goto(first)  # looking back at move 1, as a click in the log does
    time.now += 5
    played = game.play(record.game.parse_move(record.state, "c6-d5"))
    # Bob moves from where he had his whole minute, as after an undo: 60 + 2.
    assert played.node.clock == 62.0
    assert clock.clocks.running == 0 and clock.clocks.remaining(0) == 52.0
