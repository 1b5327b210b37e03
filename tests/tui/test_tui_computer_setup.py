"""Choosing computer seats on the setup screen; the choice travels with the saved game."""

from __future__ import annotations

from pathlib import Path

from computer_helpers import against_computers, wait_until
from textual.widgets import Input, Select, Static
from tui_helpers import MARTIAN, SIZE, app_test, board_screen, line, make_app, play_by_keys

from saves.format import load, save
from saves.paths import autosave_file
from tui.screens.resume import ResumeScreen
from tui.screens.setup import SEAT_TYPE_NOTE, SetupScreen


def seat_tags(tags: dict[str, str]) -> dict[str, str]:
    return {name: value for name, value in tags.items() if name.startswith("Seat")}


async def open_setup(pilot: object) -> SetupScreen:
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = pilot.app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, SetupScreen)
    assert screen.game is MARTIAN
    return screen


@app_test
async def test_every_seat_offers_a_person_or_the_three_levels(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        await pilot.press("shift+tab")  # from Start back to North's seat type
        assert app.focused is screen.query_one("#seat-type-1", Select)
        assert str(screen.query_one("#setup-note", Static).render()) == SEAT_TYPE_NOTE
        chosen = []
        for _ in range(4):  # the list goes round: after Hard comes Human again
            await pilot.press("enter", "down", "enter")
            chosen.append(screen.query_one("#seat-type-1", Select).value)
        assert chosen == ["computer:easy", "computer:normal", "computer:hard", "human"]
        assert screen.query_one("#player-1", Input).placeholder == "North"
        await pilot.press("enter", "up", "enter")
        assert screen.query_one("#player-1", Input).placeholder == "Hard computer"
        assert screen.seat_types() == ["human", "computer:hard"]
        assert screen.player_names() == ["South", "Hard computer"]


@app_test
async def test_a_computer_seat_is_kept_when_the_seats_change(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        await pilot.press("shift+tab", "enter", "down", "down", "enter")
        screen.query_one("#option-players", Select).value = "4"
        await pilot.pause()
        assert screen.seat_types() == ["human", "computer:normal", "human", "human"]
        names = ["South-West", "Normal computer", "North-East", "South-East"]
        assert screen.player_names() == names


@app_test
async def test_the_computer_seat_plays_is_saved_and_plays_on_after_a_resume(
    data_dir: Path,
) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        await pilot.press("shift+tab", "enter", "down", "enter")  # North: Computer · Easy
        await pilot.press("tab", "enter")  # Start
        await pilot.pause()
        record = board_screen(app).record
        assert seat_tags(record.tags) == {"Seat2Type": "computer:easy"}
        assert record.players == ["South", "Easy computer"]
        await play_by_keys(pilot, ("c3", "d4"))
        await wait_until(pilot, lambda: len(line(record)) == 2, "the computer's reply")
        moves = line(record)

    saved = load(autosave_file(data_dir))
    assert saved.tags["Seat2Type"] == "computer:easy"
    assert saved.players == ["South", "Easy computer"]
    assert line(saved) == moves

    again = make_app(data_dir)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ResumeScreen)
        await pilot.press("y")
        await pilot.pause()
        resumed = board_screen(again).record
        assert line(resumed) == moves
        await play_by_keys(pilot, ("b2", "c3"))
        await wait_until(pilot, lambda: len(line(resumed)) == 4, "the computer's next reply")
        assert MARTIAN.to_move(resumed.state) == 0


@app_test
async def test_a_saved_game_opened_on_the_computers_turn_goes_on_by_itself(
    data_dir: Path, tmp_path: Path
) -> None:
    path = save(against_computers({1: "easy"}, ["c3-d4"]), tmp_path / "waiting.pawn")
    record = load(path)
    assert record.tags["Seat2Type"] == "computer:easy"
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: len(line(record)) == 2, "the computer's move")


@app_test
async def test_a_person_only_game_has_no_seat_tags(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        await pilot.press("enter")
        await pilot.pause()
        record = board_screen(app).record
        assert seat_tags(record.tags) == {}
        assert board_screen(app).computers.levels == {}
