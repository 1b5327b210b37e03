"""The board screen on what Martian Chess lacks: chained jumps, a choice between moves with the
same squares, and an action key. Played with Hop, a toy game of the tests."""

from __future__ import annotations

from pathlib import Path

from hop_game import HOP
from tui_helpers import SIZE, app_test, board_screen, click_square, line, make_app

from core import GameRecord
from tui.play.selection import MoveBuilder
from tui.screens.move_choice import MoveChoiceScreen
from tui.widgets.board import BoardWidget

#: South's piece on a1 can step to b1, jump a2 to a3, and on over a4 to a5 (and score).
CHAIN = ".nnnn/n..../...../n..../S.... 1 0/0"


def hop_record() -> GameRecord:
    return GameRecord(HOP, {}, 0, ["Sam", "Nia"], CHAIN)


def test_the_builder_sees_where_a_chain_can_stop_or_go_on() -> None:
    record = hop_record()
    builder = MoveBuilder(HOP, record.state, record.seat_names)
    a1, b1, a3, a5 = 0, 1, 10, 20
    assert builder.starts == {a1}
    assert builder.next_squares((a1,)) == {b1, a3}
    stop_or_go = builder.select((a1,), a3)
    assert (stop_or_go.kind, stop_or_go.selection) == ("select", (a1, a3))
    assert stop_or_go.message == "a3: Enter to stop here, or select the next square"
    assert builder.next_squares((a1, a3)) == {a5}
    finish = builder.select((a1, a3), a3)
    assert finish.kind == "play"
    assert [HOP.format_move(record.state, m) for m in finish.moves] == ["a1-a3"]
    choose = builder.select((a1, a3), a5)
    assert choose.kind == "choose"
    assert {HOP.format_move(record.state, m) for m in choose.moves} == {"a1-a3-a5=K", "a1-a3-a5=Q"}


@app_test
async def test_enter_stops_a_chain_of_jumps(data_dir: Path) -> None:
    app = make_app(data_dir, games=[HOP], record=hop_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await click_square(pilot, "a1")
        await click_square(pilot, "a3")
        assert screen.selection == (0, 10)
        assert screen.query_one(BoardWidget).targets == {20}
        assert line(screen.record) == []
        await pilot.press("enter")
        await pilot.pause()
        assert line(screen.record) == ["a1-a3"]


@app_test
async def test_moves_with_the_same_squares_are_chosen_from_a_list(data_dir: Path) -> None:
    app = make_app(data_dir, games=[HOP], record=hop_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        for name in ("a1", "a3", "a5"):
            await click_square(pilot, name)
        chooser = app.screen
        assert isinstance(chooser, MoveChoiceScreen)
        assert [notation for notation, _ in chooser.choices] == ["a1-a3-a5=K", "a1-a3-a5=Q"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert line(screen.record) == ["a1-a3-a5=Q"]
        assert HOP.scores(screen.record.state) == (2, 0)


@app_test
async def test_escape_in_the_chooser_plays_nothing(data_dir: Path) -> None:
    app = make_app(data_dir, games=[HOP], record=hop_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        for name in ("a1", "a3", "a5"):
            await click_square(pilot, name)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert line(screen.record) == []


@app_test
async def test_the_games_own_key_plays_its_action(data_dir: Path) -> None:
    app = make_app(data_dir, games=[HOP], record=hop_record())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        assert line(board_screen(app).record) == ["pass"]
